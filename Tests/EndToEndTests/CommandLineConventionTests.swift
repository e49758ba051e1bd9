import Testing
import TestSupport

/// The built binary follows the conventions of swift-argument-parser tools: `--help` lists the commands,
/// `<command> --help` its options, `--version` the version, and options may come before or after
/// `call`'s METHOD PATH.
@Suite struct CommandLineConventionTests {
    private func countersign(_ arguments: [String]) async throws -> ExternalCommand {
        try await ExternalCommand.run(ServerProcess.executablePath, arguments)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpListsTheCommands(arguments: [String]) async throws {
        let result = try await countersign(arguments)
        #expect(result.status == 0)
        for command in ["serve", "sign", "call", "certs", "db", "health"] {
            #expect(result.output.contains("\n  \(command) "), "\(command) missing from \(result.output)")
        }
        #expect(!result.output.contains("--handshake-timeout"))
        #expect(result.errorOutput.isEmpty)
    }

    @Test(arguments: ["serve", "sign", "call", "certs", "db", "health"])
    func eachCommandHasItsOwnHelp(command: String) async throws {
        for arguments in [[command, "--help"], ["help", command]] {
            let result = try await countersign(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
            #expect(result.output.hasPrefix("Usage: countersign \(command)"), "\(arguments): \(result.output)")
        }
    }

    @Test func versionPrintsTheVersion() async throws {
        let result = try await countersign(["--version"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("countersign "))
        #expect(result.output.split(separator: " ").last?.split(separator: ".").count == 3)
    }

    @Test func anUnknownCommandIsAUsageError() async throws {
        let result = try await countersign(["deploy"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("unknown command 'deploy'; countersign --help lists the commands"))
        #expect(result.output.isEmpty)
    }

    @Test func callAcceptsOptionsBeforeAndAfterMethodAndPath() async throws {
        let server = try TestServer()
        let state = TemporaryDirectory("call-order")
        let options = ["--port", "\(server.port)", "--certs", server.certificates.directory, "--state-dir", state.path,
                       "--secret", TestServer.defaultSecret]
        let before = try await countersign(["call", "-v"] + options + ["GET", "/api/v1/ping"])
        #expect(before.status == 0, "\(before.errorOutput)")
        #expect(before.output.contains("canonical: "))
        #expect(before.output.contains("\"pong\": true"))

        let mixed = try await countersign(["call", "--port", "\(server.port)", "POST", "-d", "phone=\(TestServer.demoPhone)", "/api/v1/users/login",
                                     "-d", "password=\(TestServer.demoPassword)", "--certs", server.certificates.directory,
                                     "--state-dir", state.path, "--secret", TestServer.defaultSecret, "--verbose"])
        #expect(mixed.status == 0, "\(mixed.output)\(mixed.errorOutput)")
        #expect(mixed.output.contains("> POST /api/v1/users/login"))
    }

    @Test func callWithoutMethodAndPathSaysSo() async throws {
        let result = try await countersign(["call", "-v"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("call needs METHOD and PATH"))
        let extra = try await countersign(["call", "GET", "/api/v1/ping", "/again"])
        #expect(extra.status == 2)
        #expect(extra.errorOutput.contains("unexpected argument '/again'"))
    }
}
