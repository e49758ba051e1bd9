import CountersignClient
import CountersignServer
import Glibc
import HTTP
import JSON
import Testing
import TestSupport

/// Calls a test server's admin API over TLS, as a contract test script would: JSON in, JSON out.
struct AdminClient {
    /// One admin answer.
    struct Reply {
        let status: Int
        /// The body as text ("" for a 204).
        let text: String
        /// The body parsed, or nil when empty.
        let json: JSONValue?
    }

    let client: TLSClient
    var adminToken: String?

    /// A client for `server`, connecting to `host` (a loopback address unless a test says otherwise).
    init(_ server: some ServerUnderTest, host: String = "127.0.0.1", adminToken: String? = nil) throws {
        // 30 s: an admin call that first waits for the journal to store expensive entries (a mis-signed
        // 200 KB request) can take over 10 s under AddressSanitizer with the whole suite running.
        client = try TLSClient(host: host, port: server.port, tls: server.clientTLS(), timeoutSeconds: Patience.seconds)
        self.adminToken = adminToken
    }

    /// Sends `method path` with `json` as the body.
    @discardableResult
    func call(_ method: String, _ path: String, _ json: String? = nil) throws -> Reply {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "localhost")
        if let adminToken { headers.add(name: "X-Admin-Token", value: adminToken) }
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        let request = HTTPRequest(method: method, target: path, headers: headers, body: Array((json ?? "").utf8))
        let response: HTTPResponse
        do {
            response = try client.send(request)
        } catch {
            guard case ClientError.connectionClosed = error else { throw error }
            // The server closed the kept-alive connection, unread, after its idle timeout: a test
            // on a loaded machine can spend longer than that between two admin calls. Once more on
            // a new connection, as HTTP clients retry a request the server never read.
            try client.connect()
            response = try client.send(request)
        }
        let text = String(decoding: response.body, as: UTF8.self)
        return Reply(status: response.status.code, text: text, json: response.body.isEmpty ? nil : try JSONParser.parse(response.body))
    }

    /// The journal's entries, newest first (`query` such as `?path=/api/v1/ping`).
    func journal(_ query: String = "") throws -> [JSONValue] {
        try call("GET", "/__admin/requests" + query).json?["requests"]?.arrayValue ?? []
    }

    /// `POST /__admin/requests/count` with `filter`.
    func count(_ filter: String = "{}") throws -> Int64? {
        try call("POST", "/__admin/requests/count", filter).json?["count"]?.intValue
    }

    /// An IPv4 address of this machine that is not loopback, if it has one that is up.
    static var nonLoopbackAddress: String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard entry.pointee.ifa_flags & UInt32(IFF_UP) != 0, let address = entry.pointee.ifa_addr,
                  address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
                              NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }
}

extension TestServer {
    /// A server whose stubs folder is `stubs` (by default none), for the admin tests.
    static func forAdmin(stubs: String = "/nonexistent-stubs", _ configure: (inout Configuration) -> Void = { _ in }) throws -> TestServer {
        try TestServer { configuration in
            configuration.stubsDirectory = stubs
            configure(&configuration)
        }
    }
}

extension ServerUnderTest {
    /// Sends a request signed as the app signs it, and reads the envelope.
    func signedCall(_ method: String, _ path: String, parameters: [(String, String)] = [], token: String? = nil,
                    client: TLSClient? = nil) throws -> ReceivedEnvelope {
        var signer = self.signer()
        signer.token = token
        return try ReceivedEnvelope((client ?? self.client()).send(signer.request(method, path, parameters: parameters)))
    }

    /// Logs the demo user in and returns the token.
    func demoToken() throws -> String {
        let login = try signedCall("POST", "/api/v1/users/login", parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])
        return try #require(login.data["token"]?.stringValue)
    }
}
