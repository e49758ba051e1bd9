import CountersignClient
import Testing
import TestSupport

/// A real server for one hostile-client case, in a child process of its own, and the checks that end
/// every case: the server holds no connection it should have let go, a signed request on a new
/// connection still succeeds, and the server's resident memory has not grown by `residentGrowthBound`
/// or more. The child's memory is the server's alone: the suites that run in the test process at the
/// same time add nothing to it.
final class HostileServer {
    /// The most resident memory a case may add to the server: about 8 times the largest growth
    /// measured (1.1 MB, with both cores busy or not), and half of what the HPACK bomb decodes to.
    static let residentGrowthBound = 8 << 20

    let server: ChildServer
    private let memory: ProcessMemory
    /// The server's resident memory after start-up and a first request.
    private let residentBefore: Int

    private init(server: ChildServer, memory: ProcessMemory, residentBefore: Int) {
        self.server = server
        self.memory = memory
        self.residentBefore = residentBefore
    }

    /// Starts a server and sends it a first signed ping, which allocates what later requests reuse
    /// (TLS and database state), before the memory is measured. `arguments` are `countersign serve`
    /// settings, such as `["--header-timeout", "3s"]`.
    static func start(_ arguments: [String] = []) async throws -> HostileServer {
        let server = try await ChildServer.start(arguments)
        let warmUp = try server.client()
        #expect(try server.signedCall("GET", "/api/v1/ping", client: warmUp).code == 0)
        warmUp.close()
        #expect(await eventually { ServerSockets.openConnections(onPort: server.port) == 0 })
        let memory = ProcessMemory(processIdentifier: server.processIdentifier)
        return HostileServer(server: server, memory: memory, residentBefore: try #require(memory.resident()))
    }

    /// The connections the server has not closed (-1 when the kernel's table cannot be read).
    var openConnections: Int { ServerSockets.openConnections(onPort: server.port) ?? -1 }

    /// Whether the server's open connections come down to `count` within `milliseconds` (by default a
    /// ceiling that only a server that keeps them reaches, whatever the machine's load).
    func connectionsSettle(at count: Int = 0, withinMilliseconds milliseconds: Int = 20_000) async -> Bool {
        await eventually(withinMilliseconds: milliseconds) { openConnections == count }
    }

    /// Sends a signed `GET /api/v1/ping` (on a new connection unless `client` is given) and expects
    /// HTTP 200, code 0 and `pong`.
    func expectSignedPing(client: TLSClient? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pong = try server.signedCall("GET", "/api/v1/ping", client: client)
        #expect(pong.status == 200 && pong.code == 0 && pong.data["pong"] == true, "ping answered \(pong)", sourceLocation: sourceLocation)
    }

    /// Logs the demo user in over `client`, then sends it a signed `GET /api/v1/checkin` with the token
    /// and expects HTTP 200 and code 0.
    func expectSignedCheckin(client: TLSClient, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let login = try server.signedCall("POST", "/api/v1/users/login", parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)],
                                          client: client)
        let token = try #require(login.data["token"]?.stringValue, "login answered \(login)", sourceLocation: sourceLocation)
        let status = try server.signedCall("GET", "/api/v1/checkin", token: token, client: client)
        #expect(status.status == 200 && status.code == 0, "checkin answered \(status)", sourceLocation: sourceLocation)
    }

    /// Expects the server's resident memory to have grown by less than `residentGrowthBound` since start-up
    /// (unless a sanitizer inflates it); returns it.
    @discardableResult
    func expectMemoryBounded(during name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let resident = try #require(memory.resident())
        let grown = resident - residentBefore
        #expect(Sanitizer.isActive || grown < Self.residentGrowthBound,
                "the server's resident memory grew by \(grown >> 20) MB (from \(residentBefore >> 20) MB) during \(name)", sourceLocation: sourceLocation)
        return resident
    }

    /// What ends every case: the open connections come down to the `kept` ones, a signed ping on a
    /// new connection succeeds, memory stayed bounded, and no sanitizer reported anything in the
    /// server (its reports go to the child's output, not the test process's). Prints the server's
    /// peak resident memory.
    func expectRecovered(from name: String, keeping kept: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(await connectionsSettle(at: kept), "\(openConnections) connections open after \(name), not \(kept)", sourceLocation: sourceLocation)
        try expectSignedPing(sourceLocation: sourceLocation)
        let reports = server.logs.lines.filter { $0.contains("ThreadSanitizer") || $0.contains("AddressSanitizer") }
        #expect(reports.isEmpty, "the server's sanitizer reported during \(name): \(reports.prefix(20).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        let resident = try expectMemoryBounded(during: name, sourceLocation: sourceLocation)
        let peak = try #require(memory.peakResident())
        let sanitizer = Sanitizer.isActive ? ", under a sanitizer" : ""
        print("hostile-clients: server peak RSS \(peak >> 20) MB (after \(name): RSS \(residentBefore >> 20) MB before, \(resident >> 20) MB after, grown by \((resident - residentBefore) >> 10) kB\(sanitizer))")
    }
}
