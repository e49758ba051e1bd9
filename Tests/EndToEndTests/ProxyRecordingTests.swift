import CountersignClient
import CountersignServer
import Foundation
import JSON
import Testing
import TestSupport

/// Recording proxied exchanges as stub files, then playing them back with the upstream stopped.
@Suite struct ProxyRecordingTests {
    @Test func recordsThenReplaysOfflineStillSignatureChecked() throws {
        let folder = TemporaryDirectory("recorded")
        var upstream: TestServer? = try TestServer.forAdmin()
        let upstreamAdmin = try AdminClient(try #require(upstream))
        let secretToken = "upstream-secret-token-0123456789"
        #expect(try upstreamAdmin.call("POST", "/__admin/stubs", """
            {"method": "GET", "path": "/api/v1/orders/42", "data": {"id": 42, "access_token": "\(secretToken)", "note": "kept"}}
            """).status == 201)
        #expect(try upstreamAdmin.call("POST", "/__admin/stubs", """
            {"method": "GET", "path": "/api/v1/flags", "code": 20103, "message": "Your account is under review", "http_status": 200}
            """).status == 201)
        let proxy = try ProxyTests.proxy(to: try #require(upstream))
        let admin = try AdminClient(proxy)
        let started = try admin.call("POST", "/__admin/recordings/start", #"{"folder": "\#(folder.path)"}"#)
        #expect(started.status == 201, "\(started.text)")

        let token = try proxy.demoToken()
        var direct: [String: ReceivedEnvelope] = [:]
        for path in ["/api/v1/orders/42", "/api/v1/orders/42", "/api/v1/flags"] {
            direct[path] = try proxy.signedCall("GET", path, token: token)
        }
        _ = try proxy.signedCall("GET", "/api/v1/games")
        let stopped = try admin.call("POST", "/__admin/recordings/stop")
        #expect(stopped.json?["recorded"]?["written"]?.intValue == 2)
        #expect(stopped.json?["recorded"]?["skipped"]?["built_in_endpoint"]?.intValue == 2)

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["get_api_v1_flags.json", "get_api_v1_orders__id_.json"])
        let texts = try files.map { try String(contentsOfFile: folder.file($0), encoding: .utf8) }
        for text in texts {
            #expect(!text.contains(secretToken))
            #expect(!text.contains(token))
            #expect(!text.contains(TestServer.demoPassword))
            #expect(!text.contains(TestServer.defaultSecret))
        }
        #expect(texts.joined().contains("kept"))

        upstream = nil
        let playback = try TestServer.forAdmin(stubs: folder.path)
        let order = try playback.signedCall("GET", "/api/v1/orders/42")
        #expect(order.code == direct["/api/v1/orders/42"]?.code)
        #expect(order.data["note"] == "kept")
        #expect(order.data["access_token"] == "***")
        let flags = try playback.signedCall("GET", "/api/v1/flags")
        #expect(flags.code == 20103)
        #expect(flags.message == direct["/api/v1/flags"]?.message)
        #expect(flags.status == direct["/api/v1/flags"]?.status)
        var wrong = playback.signer()
        wrong.secret = "not-the-secret"
        #expect(try ReceivedEnvelope(playback.client().send(wrong.request("GET", "/api/v1/orders/42"))).code == 10003)
    }

    @Test func recordingNeedsProxyModeAndOneAtATime() throws {
        let plain = try TestServer.forAdmin()
        #expect(try AdminClient(plain).call("POST", "/__admin/recordings/start").status == 409)
        let upstream = try TestServer.forAdmin()
        let proxy = try ProxyTests.proxy(to: upstream)
        let folder = TemporaryDirectory("recorded")
        let admin = try AdminClient(proxy)
        #expect(try admin.call("POST", "/__admin/recordings/stop").status == 409)
        #expect(try admin.call("POST", "/__admin/recordings/start", #"{"folder": "\#(folder.path)", "filter": "/api/v1/orders*"}"#).status == 201)
        #expect(try admin.call("POST", "/__admin/recordings/start", #"{"folder": "\#(folder.path)"}"#).status == 409)
        #expect(try admin.call("GET", "/__admin/recordings").json?["recording"]?["folder"]?.stringValue == folder.path)
        #expect(try admin.call("POST", "/__admin/recordings/stop").status == 200)
        #expect(try admin.call("GET", "/__admin/recordings").json?["recording"] == .null)
    }

    @Test func recordFromTheStartWritesEveryProxiedAnswerAndNeedsAProxy() throws {
        #expect {
            try TestServer.forAdmin { $0.proxy.recordFolder = TemporaryDirectory("recorded").path }
        } throws: { error in
            "\(error)".contains("--record needs --proxy-to")
        }
        let upstream = try TestServer.forAdmin(stubs: RepositoryFiles.root + "/stubs")
        let folder = TemporaryDirectory("recorded")
        let proxy = try ProxyTests.proxy(to: upstream) { $0.proxy.recordFolder = folder.path }
        #expect(try proxy.signedCall("GET", "/api/v1/banner").code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["get_api_v1_banner.json"])
        #expect(try AdminClient(proxy).call("GET", "/__admin/recordings").json?["recording"]?["written"]?.intValue == 1)
    }
}
