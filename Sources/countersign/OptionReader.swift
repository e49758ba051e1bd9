/// Reads `--name value` / `--name=value` options of a subcommand, repeated ones included.
struct OptionReader {
    private(set) var values: [String: [String]] = [:]
    private(set) var switches: Set<String> = []

    /// Parses `arguments`; names in `switchNames` take no value. Throws a message for the user.
    init(_ arguments: [String], valueNames: Set<String>, switchNames: Set<String> = []) throws(CommandError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else { throw CommandError("unexpected argument '\(argument)'") }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if switchNames.contains(name) {
                switches.insert(name)
            } else if valueNames.contains(name) {
                if value == nil {
                    index += 1
                    guard index < arguments.count else { throw CommandError("--\(name) needs a value") }
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
