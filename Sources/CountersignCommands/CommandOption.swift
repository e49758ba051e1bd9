/// An option a command accepts: `--name value` (or `--name=value`), or a switch `--name`, with an
/// optional one-letter alias (`-d`).
struct CommandOption {
    /// The name without dashes, such as `data`.
    let name: String
    /// The alias, such as `d` for `-d`.
    let letter: Character?
    /// Whether the option reads a value.
    let takesValue: Bool

    /// An option with a value.
    static func value(_ name: String, letter: Character? = nil) -> CommandOption {
        CommandOption(name: name, letter: letter, takesValue: true)
    }

    /// A switch.
    static func flag(_ name: String, letter: Character? = nil) -> CommandOption {
        CommandOption(name: name, letter: letter, takesValue: false)
    }
}
