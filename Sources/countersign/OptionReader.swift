/// Reads the options of a subcommand: `--name value`, `--name=value`, switches, one-letter aliases
/// (`-d value`, `-v`) and up to `positionalLimit` positional arguments, in any order.
struct OptionReader {
    private(set) var values: [String: [String]] = [:]
    private(set) var switches: Set<String> = []
    /// The arguments that are not options, in order (such as `call`'s METHOD and PATH).
    private(set) var positionals: [String] = []

    /// Parses `arguments`; names in `switchNames` take no value, `aliases` maps a letter (`d`) to the
    /// long name it stands for (`data`). Throws a message for the user.
    init(_ arguments: [String], valueNames: Set<String>, switchNames: Set<String> = [],
         aliases: [Character: String] = [:], positionalLimit: Int = 0) throws(CommandError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            var name: String
            var value: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else if argument.count == 2, argument.hasPrefix("-"), let letter = argument.last, let long = aliases[letter] {
                name = long
            } else if !argument.hasPrefix("-") && positionals.count < positionalLimit {
                positionals.append(argument)
                index += 1
                continue
            } else {
                throw CommandError(argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument '\(argument)'")
            }
            if switchNames.contains(name) {
                switches.insert(name)
            } else if valueNames.contains(name) {
                if value == nil {
                    index += 1
                    guard index < arguments.count else { throw CommandError("\(argument) needs a value") }
                    value = arguments[index]
                }
                values[name, default: []].append(value ?? "")
            } else {
                throw CommandError("unknown option --\(name)")
            }
            index += 1
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// A usage mistake, reported with exit status 2.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
