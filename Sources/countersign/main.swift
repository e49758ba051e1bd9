import Glibc

/// `countersign [serve|sign|certs|db|health] ...`; `serve` when no command is given.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessEnvironment.current()
let (name, rest) = arguments.first.map { $0.hasPrefix("-") ? ("serve", arguments) : ($0, Array(arguments.dropFirst())) } ?? ("serve", [])
let status: Int32
switch name {
case "serve": status = ServeCommand.run(rest, environment: environment)
case "sign": status = SignCommand.run(rest, environment: environment)
case "certs": status = CertsCommand.run(rest, environment: environment)
case "db": status = DatabaseCommand.run(rest, environment: environment)
case "health": status = HealthCommand.run(rest, environment: environment)
case "call": status = CallCommand.run(rest, environment: environment)
case "help", "--help", "-h":
    print(Usage.text)
    status = 0
default:
    Console.error("unknown command '\(name)'\n\n\(Usage.text)")
    status = 2
}
exit(status)
