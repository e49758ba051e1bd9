import CommandLineArguments

/// Builds a `Configuration` from `COUNTERSIGN_*` variables, then flags (which win).
public enum ConfigurationParser {
    /// The configuration for `arguments` (after the subcommand) and `environment`.
    public static func parse(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration()
        for setting in Configuration.settings {
            guard let value = environment[setting.environmentVariable] else { continue }
            try apply(setting, value, to: &configuration, source: setting.environmentVariable)
        }
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            guard case .option(let name, var value) = argument.kind else {
                throw ConfigurationError(source: argument.text, reason: "unexpected argument; settings are --name value or --name=value")
            }
            guard let setting = Configuration.settings.first(where: { $0.name == name }) else {
                throw ConfigurationError(source: "--\(name)", reason: "unknown setting; see countersign serve --help")
            }
            if value == nil {
                if setting.isSwitch && (reader.peek()?.hasPrefix("--") ?? true) {
                    value = "on"
                } else {
                    value = reader.value()
                }
            }
            guard let value else { throw ConfigurationError(source: setting.flag, reason: "needs a value") }
            try apply(setting, value, to: &configuration, source: setting.flag)
        }
        return configuration
    }

    /// The `--help` text: every setting with its variable.
    public static var help: String {
        let lines = Configuration.settings.map { setting in
            let flag = setting.flag + (setting.isSwitch ? "" : " VALUE")
            return "  \(flag.padding(27))\(setting.help)\n  \("".padding(27))env \(setting.environmentVariable)"
        }
        return "Usage: countersign serve [settings]\n\nSettings (flags win over environment variables):\n" + lines.joined(separator: "\n")
    }

    private static func apply(_ setting: Setting, _ value: String, to configuration: inout Configuration, source: String) throws(ConfigurationError) {
        do {
            try setting.apply(&configuration, value)
        } catch {
            throw ConfigurationError(source: source, reason: error.reason)
        }
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
