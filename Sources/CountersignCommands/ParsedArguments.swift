import CommandLineArguments

/// A command's arguments read against the options it accepts: values by name (repeatable, the last
/// wins), switches, and up to `positionalLimit` plain arguments, in any order.
struct ParsedArguments {
    /// A value and the index in argv of the argument it came from (nil for an environment variable).
    struct Value {
        let text: String
        let index: Int?
    }

    private var values: [String: [Value]] = [:]
    private var switches: Set<String> = []
    /// The arguments that are not options, in order (such as `call`'s METHOD and PATH).
    private(set) var positionals: [Value] = []

    /// Reads `arguments`; throws a message naming the argument that does not fit.
    init(_ arguments: ArraySlice<String>, options: [CommandOption], positionalLimit: Int = 0) throws(CommandError) {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            let option: CommandOption
            var value: String?
            switch argument.kind {
            case .option(let name, let inline):
                guard let known = options.first(where: { $0.name == name }) else {
                    throw CommandError("unknown option --\(name)", argumentIndex: argument.index)
                }
                option = known
                value = inline
            case .letter(let letter):
                guard let known = options.first(where: { $0.letter == letter }) else {
                    throw CommandError("unknown option \(argument.text)", argumentIndex: argument.index)
                }
                option = known
            case .plain:
                guard !argument.text.hasPrefix("-") else { throw CommandError("unknown option \(argument.text)", argumentIndex: argument.index) }
                guard positionals.count < positionalLimit else {
                    throw CommandError("unexpected argument '\(argument.text)'", argumentIndex: argument.index)
                }
                positionals.append(Value(text: argument.text, index: argument.index))
                continue
            }
            guard option.takesValue else {
                switches.insert(option.name)
                continue
            }
            guard let text = value ?? reader.value() else { throw CommandError("\(argument.text) needs a value", argumentIndex: argument.index) }
            values[option.name, default: []].append(Value(text: text, index: argument.index))
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> Value? { values[name]?.last }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [Value] { values[name] ?? [] }

    /// Whether the switch `name` was given.
    func contains(_ name: String) -> Bool { switches.contains(name) }
}
