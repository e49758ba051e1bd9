import Foundation
import JSON
import Testing
import TestSupport

/// The server as curl (`--http2`), nghttp (Debian's nghttp2-client) and Python's h2 see it: they
/// choose h2 by ALPN and get the same answers an HTTP/1.1 client gets.
@Suite struct HTTP2InteroperabilityTests {
    let server: TestServer

    init() throws {
        server = try TestServer()
    }

    private func signatureHeaders(_ path: String) throws -> [String] {
        let signature = try #require(server.signer().request("GET", path).headers["X-SIGNATURE"])
        return ["X-API-VERSION: 1.0", "X-SIGNATURE: \(signature)"]
    }

    @Test func curlSpeaksHTTP2AndGetsThePong() async throws {
        let headers = try signatureHeaders("/api/v1/ping").flatMap { ["-H", $0] }
        let result = try await ExternalCommand.run("curl", ["--silent", "--show-error", "--http2", "--cacert", server.certificates.caCertificate,
                                                      "--write-out", "\n%{http_version}"] + headers + ["https://localhost:\(server.port)/api/v1/ping"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"pong\":true"))
        #expect(result.output.hasSuffix("\n2"), "\(result.output)")
    }

    @Test func curlWithHTTP1StillGetsHTTP1() async throws {
        let result = try await ExternalCommand.run("curl", ["--silent", "--http1.1", "--cacert", server.certificates.caCertificate,
                                                      "--write-out", "\n%{http_version}", "https://localhost:\(server.port)/healthz"])
        #expect(result.output.hasSuffix("\n1.1"), "\(result.output)")
    }

    @Test func curlSeesABadSignatureDiagnosed() async throws {
        let result = try await ExternalCommand.run("curl", ["--silent", "--http2", "--cacert", server.certificates.caCertificate,
                                                      "-H", "X-API-VERSION: 1.0", "-H", "X-SIGNATURE: 00000000000000000000000000000000",
                                                      "https://localhost:\(server.port)/api/v1/ping"])
        #expect(result.output.contains("\"code\":10003"), "\(result.output)")
        #expect(result.output.contains("\"canonical\":\"X-API-VERSION1.0<secret>\""), "\(result.output)")
    }

    @Test func nghttpMultiplexesTwentyStreamsOnOneConnection() async throws {
        let headers = try signatureHeaders("/api/v1/ping").flatMap { ["-H", $0] }
        // -m 20 sends the request 20 times, each on its own stream of the one connection nghttp opens;
        // -n discards the bodies, -s prints one line per stream.
        let result = try await ExternalCommand.run("nghttp", ["-s", "-n", "-m", "20", "--no-verify-peer"] + headers
                                             + ["https://localhost:\(server.port)/api/v1/ping"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let answered = result.output.split(separator: "\n").filter { $0.contains(" 200 ") && $0.hasSuffix("/api/v1/ping") }
        #expect(answered.count == 20, "\(result.output)")
    }

    @Test func theRequestIDIsANeverIndexedLiteralAndTheOtherFieldsMayBeIndexed() async throws {
        // A value no other response repeats would only churn the client's HPACK table.
        let python = RepositoryFiles.root + "/.build/venv-peers/bin/python"
        try #require(FileManager.default.isExecutableFile(atPath: python), "run scripts/install-python-peers.sh first")
        let result = try await ExternalCommand.run(python, [RepositoryFiles.root + "/Tests/Peers/h2_header_indexing.py", String(server.port),
                                                            server.certificates.caCertificate, "/api/v1/ping"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let fields = try JSONParser.parse(Array(result.output.utf8))
        #expect(fields["never_indexed"] == .array([.string("x-request-id")]), "\(result.output)")
        let others = fields["others"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(others) == [":status", "date", "content-type", "content-length"], "\(result.output)")
    }
}
