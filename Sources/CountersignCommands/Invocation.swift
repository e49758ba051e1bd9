/// What a `countersign` command line asks for, before anything runs.
public enum Invocation {
    /// Print this text and exit 0 (`--help`, `<command> --help`, `--version`).
    case show(String)
    /// Parse, validate and run `command` with the arguments after its name.
    case run(any Command.Type, ArraySlice<String>)
    /// A command name that does not exist.
    case unknownCommand(String)
}
