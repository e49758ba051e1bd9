/// `countersign [serve|sign|call|certs|db|record|health] ...`; `serve` when the first argument is a setting.
/// `--help` (or `help`) lists the commands, `<command> --help` and `help <command>` a command's options.
public enum CountersignCommandLine {
    /// What `countersign --version` prints after the name.
    public static let version = "1.0.0"

    /// Every command, in the order the help lists them.
    public static var commands: [any Command.Type] {
        [ServeCommand.self, SignCommand.self, CallCommand.self, CertsCommand.self, DatabaseCommand.self, RecordCommand.self, HealthCommand.self]
    }

    /// The top-level help.
    public static let usage = """
    Usage: countersign <command> [options]
           countersign [serve settings]     (serve is the default command)

    Commands:
      serve    run the server; countersign serve --help lists every setting
      sign     print the canonical string and signature of a request, as the server computes them
      call     make a signed request like the mobile app (pins server.cer), print the envelope
      certs    create or renew the certificates in server-certs/
      db       migrate | seed | reset the database
      record   make stub files from the request journal's proxied answers (--from journal --out FOLDER)
      health   exit 0 when the local server answers /healthz (for container health checks)

    Options:
      -h, --help      show this list; countersign <command> --help shows a command's options
      --version       print the version
    """

    /// What `argv` (with the program's name first) asks for.
    public static func invocation(_ argv: [String]) -> Invocation {
        let arguments = argv.dropFirst()
        guard let first = arguments.first else { return .run(ServeCommand.self, arguments) }
        switch first {
        case "--version":
            return .show("countersign \(version)")
        case "help", "--help", "-h":
            guard let name = arguments.dropFirst().first else { return .show(usage) }
            return command(named: name).map { .show($0.usage) } ?? .unknownCommand(name)
        case _ where first.hasPrefix("-"):
            return invocation(of: ServeCommand.self, arguments)
        default:
            guard let command = command(named: first) else { return .unknownCommand(first) }
            return invocation(of: command, arguments.dropFirst())
        }
    }

    /// Runs what `argv` asks for; returns the exit status.
    public static func main(_ argv: [String], environment: [String: String]) -> Int32 {
        switch invocation(argv) {
        case .show(let text):
            print(text)
            return 0
        case .run(let command, let arguments):
            return command.execute(arguments, environment: environment)
        case .unknownCommand(let name):
            Console.error("unknown command '\(name)'; countersign --help lists the commands")
            return 2
        }
    }

    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// `command`'s help when its arguments ask for it anywhere, else the command to run.
    private static func invocation(of command: any Command.Type, _ arguments: ArraySlice<String>) -> Invocation {
        arguments.contains("--help") || arguments.contains("-h") ? .show(command.usage) : .run(command, arguments)
    }
}
