import Backend
import HTTP
import Testing
import TestSupport

/// Who gets the console and its data, in memory: the page's files hold no data and load for
/// anyone the admin API would answer with the token; the data calls keep the admin API's rule.
@Suite struct AdminConsoleAccessTests {
    private func request(_ path: String, token: String? = nil) -> HTTPRequest {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "192.0.2.10")
        if let token { headers.add(name: "X-Admin-Token", value: token) }
        return HTTPRequest(method: "GET", target: path, version: .http1_1, headers: headers)
    }

    @Test func loopbackGetsThePageAndTheData() throws {
        let backend = try InMemoryBackend()
        let page = backend.send(request("/__admin/ui"))
        #expect(page.status.code == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.headers["Content-Security-Policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(backend.send(request("/__admin/requests")).status.code == 200)
    }

    @Test func withoutAnAdminTokenOtherAddressesGetNeitherPageNorData() throws {
        let backend = try InMemoryBackend()
        for path in ["/__admin/ui", "/__admin/ui/app.js", "/__admin/requests", "/__admin/pins"] {
            #expect(try backend.send(request(path), fromHost: "192.0.2.7").status.code == 403, "\(path)")
        }
    }

    @Test func withAnAdminTokenThePageLoadsButEveryDataCallNeedsTheToken() throws {
        let backend = try InMemoryBackend(adminToken: "console-token")
        let page = try backend.send(request("/__admin/ui"), fromHost: "192.0.2.7")
        #expect(page.status.code == 200)
        #expect(!String(decoding: page.body, as: UTF8.self).contains("console-token"))
        for path in ["/__admin/requests", "/__admin/config", "/__admin/faults", "/__admin/pins"] {
            #expect(try backend.send(request(path), fromHost: "192.0.2.7").status.code == 401, "\(path)")
            #expect(try backend.send(request(path, token: "wrong"), fromHost: "192.0.2.7").status.code == 401, "\(path)")
        }
        #expect(try backend.send(request("/__admin/requests", token: "console-token"), fromHost: "192.0.2.7").status.code == 200)
        // The token is asked of loopback clients too, once it is set.
        #expect(backend.send(request("/__admin/requests")).status.code == 401)
    }

    @Test func pinsAreNotFoundWhenTheServerHasNoCertificateFiles() throws {
        let backend = try InMemoryBackend()
        let reply = backend.admin("GET", "/__admin/pins")
        #expect(reply.status == 404)
        #expect(reply.json?["error"]?.stringValue == "the server's certificate files cannot be read")
        #expect(backend.admin("POST", "/__admin/pins").status == 405)
    }
}
