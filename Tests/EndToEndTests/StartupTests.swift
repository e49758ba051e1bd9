import Foundation
import Store
import Testing
import TestSupport

/// `countersign serve` checks what it can before it creates anything: a start that fails leaves no new
/// CA (which would break every pinned app build later) and no database behind, and says what to fix.
@Suite struct StartupTests {
    /// Runs the built binary inside `folder`.
    private func countersign(in folder: TemporaryDirectory, _ arguments: [String]) async throws -> ExternalCommand {
        try await ExternalCommand.run("env", ["-C", folder.path, ServerProcess.executablePath] + arguments)
    }

    private func entries(of folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aMissingSeedCreatesNothing() async throws {
        let folder = TemporaryDirectory("startup-seed")
        let result = try await countersign(in: folder, ["serve", "--port", "0", "--host", "127.0.0.1"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("seed file seed.sql cannot be read"), "\(result.errorOutput)")
        #expect(try entries(of: folder).isEmpty)
    }

    @Test(arguments: ["999.1.1.1", "no-such-host.invalid"])
    func anUnresolvableHostCreatesNothingAndNamesTheFlag(host: String) async throws {
        let folder = TemporaryDirectory("startup-host")
        let result = try await countersign(in: folder, ["serve", "--port", "0", "--host", host, "--seed", RepositoryFiles.seed])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("--host '\(host)' is not an IP address or a name that resolves"), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("getaddrinfo"))
        #expect(try entries(of: folder).isEmpty)
    }

    @Test func aPortInUseCreatesNothing() async throws {
        let server = try TestServer()
        let folder = TemporaryDirectory("startup-port")
        let result = try await countersign(in: folder, ["serve", "--port", "\(server.port)", "--host", "127.0.0.1", "--seed", RepositoryFiles.seed])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("another process listens on port \(server.port)"), "\(result.errorOutput)")
        #expect(try entries(of: folder).isEmpty)
    }

    @Test func anUnknownTimeZoneSaysHowToListZones() async throws {
        let folder = TemporaryDirectory("startup-zone")
        let result = try await countersign(in: folder, ["serve", "--port", "0", "--time-zone", "Mars/Olympus", "--seed", RepositoryFiles.seed])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("unknown time zone 'Mars/Olympus'"))
        #expect(result.errorOutput.contains("timedatectl list-timezones"))
        #expect(!result.errorOutput.contains("install tzdata"))
        #expect(try entries(of: folder).isEmpty)
    }

    @Test func aTextFileAsDatabaseIsReportedOnceWithWhatToDo() async throws {
        let folder = TemporaryDirectory("startup-text-db")
        try Data(String(repeating: "notes\n", count: 200).utf8).write(to: URL(fileURLWithPath: folder.file("notes.txt")))
        let result = try await countersign(in: folder, ["serve", "--port", "0", "--host", "127.0.0.1", "--db", "notes.txt", "--seed", RepositoryFiles.seed])
        #expect(result.status == 1)
        #expect(result.errorOutput.ranges(of: "not a database").count == 1, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("restore a copy"))
        #expect(try entries(of: folder) == ["notes.txt"])
    }

    @Test func aDamagedDatabaseIsRefusedAtStart() async throws {
        let folder = TemporaryDirectory("startup-damaged")
        let database = folder.file("countersign.sqlite")
        try Store.create(at: database, seedSQL: String(decoding: try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.seed)), as: UTF8.self))
        try DamagedDatabase.overwriteGamesTable(of: database)
        // A separate process: before the fix the server started (and passed /readyz) instead of failing.
        let error = await #expect(throws: ServerProcessError.self) {
            try await ServerProcess.start(arguments: ["--db", database, "--seed", RepositoryFiles.seed, "--certs", folder.file("server-certs")])
        }
        #expect(error?.output.contains("is damaged (PRAGMA quick_check") == true, "\(error?.output ?? "")")
        #expect(!FileManager.default.fileExists(atPath: folder.file("server-certs")))
    }
}
