@testable import CountersignCommands
import CountersignServer
import Testing

/// How `countersign` reads its command line, in process: which command runs, what each option
/// means, where the environment fills in, and errors that name the argument they are about.
@Suite struct CommandParsingTests {
    /// The command `argv` runs, parsed and validated.
    private func parsed<C: Command>(_ type: C.Type, _ argv: [String], environment: [String: String] = [:]) throws -> C {
        guard case .run(let command, let arguments) = CountersignCommandLine.invocation(["countersign"] + argv) else {
            Issue.record("\(argv) does not run a command")
            throw CommandError("not a command")
        }
        #expect(ObjectIdentifier(command) == ObjectIdentifier(type))
        let parsed = try C.parse(arguments, environment: environment)
        try parsed.validate()
        return parsed
    }

    /// The usage mistake `argv` makes.
    private func mistake<C: Command>(_ type: C.Type, _ argv: [String], environment: [String: String] = [:]) -> CommandError? {
        do {
            _ = try parsed(type, argv, environment: environment)
            return nil
        } catch {
            return error as? CommandError
        }
    }

    @Test func callReadsOptionsBeforeAndAfterMethodAndPath() throws {
        let call = try parsed(CallCommand.self, ["call", "--port", "9000", "post", "-d", "a=1", "/api/v1/users/login",
                                                 "--data=b=2", "--verbose", "--certs", "elsewhere"])
        #expect(call.method?.text == "post")
        #expect(call.path?.text == "/api/v1/users/login")
        #expect(call.data.map(\.text) == ["a=1", "b=2"])
        #expect(call.verbose)
        #expect(call.options.port == 9000)
        #expect(call.options.certificates.directory == "elsewhere")
        #expect(call.options.host == "localhost")
    }

    @Test func shortAliasesMeanTheirLongOptions() throws {
        let short = try parsed(CallCommand.self, ["call", "-v", "GET", "/api/v1/games", "-d", "page=2"])
        let long = try parsed(CallCommand.self, ["call", "--verbose", "GET", "/api/v1/games", "--data", "page=2"])
        #expect(short.verbose && long.verbose)
        #expect(short.data.map(\.text) == long.data.map(\.text))
        #expect(mistake(CallCommand.self, ["call", "-x", "GET", "/api/v1/ping"]) == CommandError("unknown option -x", argumentIndex: 2))
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpShowsTheCommandList(argv: [String]) {
        guard case .show(let text) = CountersignCommandLine.invocation(["countersign"] + argv) else { Issue.record("\(argv)"); return }
        #expect(text == CountersignCommandLine.usage)
    }

    @Test func eachCommandShowsItsOwnHelp() {
        for command in CountersignCommandLine.commands {
            for argv in [[command.name, "--help"], [command.name, "-h"], ["help", command.name], [command.name, "GET", "--help"]] {
                guard case .show(let text) = CountersignCommandLine.invocation(["countersign"] + argv) else { Issue.record("\(argv)"); continue }
                #expect(text == command.usage)
                #expect(text.hasPrefix("Usage: countersign \(command.name)"))
            }
        }
    }

    @Test func versionIsShown() {
        guard case .show(let text) = CountersignCommandLine.invocation(["countersign", "--version"]) else { Issue.record("no version"); return }
        #expect(text == "countersign \(CountersignCommandLine.version)")
    }

    @Test func serveIsTheDefaultCommandAndUnknownNamesAreRefused() throws {
        guard case .run(let none, let noArguments) = CountersignCommandLine.invocation(["countersign"]) else { Issue.record("no serve"); return }
        #expect(ObjectIdentifier(none) == ObjectIdentifier(ServeCommand.self) && noArguments.isEmpty)
        let serve = try parsed(ServeCommand.self, ["--port", "0"])
        #expect(serve.configuration.port == 0)
        guard case .unknownCommand(let name) = CountersignCommandLine.invocation(["countersign", "deploy"]) else { Issue.record("deploy"); return }
        #expect(name == "deploy")
        guard case .unknownCommand(let helped) = CountersignCommandLine.invocation(["countersign", "help", "deploy"]) else { Issue.record("help"); return }
        #expect(helped == "deploy")
    }

    @Test func environmentVariablesFillInWhereNoFlagIsGiven() throws {
        let environment = ["COUNTERSIGN_PORT": "9443", "COUNTERSIGN_CERTS": "env-certs", "COUNTERSIGN_SECRET": "env-secret",
                           "COUNTERSIGN_DB": "env.sqlite", "COUNTERSIGN_SEED": "env.sql", "COUNTERSIGN_HOST": "0.0.0.0"]
        let fromEnvironment = try parsed(CallCommand.self, ["call", "GET", "/api/v1/ping"], environment: environment)
        #expect(fromEnvironment.options.port == 9443)
        #expect(fromEnvironment.options.certificates.directory == "env-certs")
        #expect(fromEnvironment.options.environmentSecret == "env-secret" && fromEnvironment.options.secret == nil)
        #expect(fromEnvironment.options.databasePath == "env.sqlite" && fromEnvironment.options.seedPath == "env.sql")
        // COUNTERSIGN_HOST is where serve listens, not where call connects.
        #expect(fromEnvironment.options.host == "localhost")

        let flagsWin = try parsed(CallCommand.self, ["call", "GET", "/api/v1/ping", "--port", "8000", "--certs", "c", "--secret", "s"],
                                  environment: environment)
        #expect(flagsWin.options.port == 8000 && flagsWin.options.certificates.directory == "c" && flagsWin.options.secret == "s")

        // sign takes no port: a bad COUNTERSIGN_PORT is none of its business.
        let sign = try parsed(SignCommand.self, ["sign", "--path", "/api/v1/ping"], environment: ["COUNTERSIGN_PORT": "huge"])
        #expect(sign.options.port == 8443)
        #expect(mistake(SignCommand.self, ["sign", "--path", "/api/v1/ping", "--port", "1"]) == CommandError("unknown option --port", argumentIndex: 4))
    }

    @Test func signReadsItsRequest() throws {
        let sign = try parsed(SignCommand.self, ["sign", "--method", "post", "--path", "/api/v1/users/login", "--header", "X-API-VERSION:  1.0 ",
                                                 "--form", "a=1", "--scheme", "top-md5", "--app-key", "partner"],
                              environment: ["COUNTERSIGN_SIGNED_HEADERS": "X-API-VERSION, X-NONCE"])
        #expect(sign.request.method == "POST")
        #expect(sign.policy.signedHeaders == ["X-API-VERSION", "X-NONCE"])
        #expect(sign.scheme == .topMD5)
        #expect(sign.options.appKey == "partner")
        #expect(sign.request.body == Array("a=1".utf8))
    }

    @Test func mistakesNameTheArgument() {
        #expect(mistake(CallCommand.self, ["call", "-v"])?.description.hasPrefix("call needs METHOD and PATH") == true)
        #expect(mistake(CallCommand.self, ["call", "GET", "/api/v1/ping", "/again"]) == CommandError("unexpected argument '/again'", argumentIndex: 4))
        #expect(mistake(CallCommand.self, ["call", "GET", "api/v1/ping"])
                == CommandError("PATH must start with /, such as /api/v1/ping", argumentIndex: 3))
        #expect(mistake(CallCommand.self, ["call", "GET", "/api/v1/ping", "--port", "70000"])
                == CommandError("--port must be 1 to 65535", argumentIndex: 4))
        #expect(mistake(CallCommand.self, ["call", "GET", "/api/v1/ping"], environment: ["COUNTERSIGN_PORT": "0"])
                == CommandError("--port must be 1 to 65535"))
        #expect(mistake(CallCommand.self, ["call", "GET", "/api/v1/ping", "-d", "novalue"]) == CommandError("-d needs name=value", argumentIndex: 4))
        #expect(mistake(CallCommand.self, ["call", "GET", "/api/v1/ping", "--token"]) == CommandError("--token needs a value", argumentIndex: 4))
        #expect(mistake(CallCommand.self, ["call", "--bogus=1", "GET", "/api/v1/ping"]) == CommandError("unknown option --bogus", argumentIndex: 2))
        #expect(mistake(CallCommand.self, ["call", "GET", "/api/v1/games?page=2"])?.argumentIndex == 3)
        #expect(mistake(SignCommand.self, ["sign", "--path", "/p", "--header", "no colon"])
                == CommandError("--header 'no colon' is not 'Name: value'", argumentIndex: 4))
        #expect(mistake(SignCommand.self, ["sign", "--path", "/p", "--scheme", "sha1"])?.argumentIndex == 4)
        #expect(mistake(DatabaseCommand.self, ["db", "drop"])?.argumentIndex == 2)
    }

    @Test func healthReadsTheServeSettingsAndCallsEveryFailureUnhealthy() throws {
        let health = try parsed(HealthCommand.self, ["health", "--port", "0", "--client-auth", "require"],
                                environment: ["COUNTERSIGN_CERTS": "env-certs"])
        #expect(health.options.host == "127.0.0.1")
        #expect(health.options.port == 8443)
        #expect(health.options.certificates.directory == "env-certs")
        let badSetting = #expect(throws: ConfigurationError.self) { try HealthCommand.parse(["--port", "x"], environment: [:]) }
        #expect(badSetting.map(HealthCommand.report) == 1)
        #expect(badSetting.map(DatabaseCommand.report) == 2)
        #expect(CallCommand.report(CommandError("bad")) == 2)
        #expect(CallCommand.report(SigningFailure()) == 3)
    }
}

/// A failure that is not a usage mistake.
private struct SigningFailure: Error {}
