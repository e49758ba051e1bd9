import Glibc

/// `countersign [serve|sign|call|certs|db|health] ...`; `serve` when the first argument is a setting.
/// `--help` (or `help`) lists the commands, `<command> --help` and `help <command>` a command's options.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessEnvironment.current()

/// Runs the command `name`; nil when there is no such command.
func run(_ name: String, _ rest: [String]) -> Int32? {
    switch name {
    case "serve": ServeCommand.run(rest, environment: environment)
    case "sign": SignCommand.run(rest, environment: environment)
    case "certs": CertsCommand.run(rest, environment: environment)
    case "db": DatabaseCommand.run(rest, environment: environment)
    case "health": HealthCommand.run(rest, environment: environment)
    case "call": CallCommand.run(rest, environment: environment)
    default: nil
    }
}

let status: Int32
switch arguments.first {
case nil:
    status = ServeCommand.run([], environment: environment)
case "--version":
    print("countersign \(Usage.version)")
    status = 0
case "help", "--help", "-h":
    if let name = arguments.dropFirst().first {
        status = run(name, ["--help"]) ?? Usage.unknownCommand(name)
    } else {
        print(Usage.text)
        status = 0
    }
case let first? where first.hasPrefix("-"):
    status = ServeCommand.run(arguments, environment: environment)
case let first?:
    status = run(first, Array(arguments.dropFirst())) ?? Usage.unknownCommand(first)
}
exit(status)
