import CountersignClient
import HTTP
import JSON
import Testing
import TestSupport

/// Who may use the admin API: loopback only without an admin token, the right `X-Admin-Token`
/// with one. The non-loopback cases connect to this machine's own non-loopback address, on a
/// server listening on every address.
@Suite struct AdminAccessTests {
    @Test func anAdminTokenIsRequiredWhenSet() throws {
        let server = try TestServer.forAdmin { $0.adminToken = "s3cret-admin" }
        for token in [nil, "wrong", "s3cret-admin-and-more", ""] {
            let reply = try AdminClient(server, adminToken: token).call("GET", "/__admin/faults")
            #expect(reply.status == 401, "\(token ?? "none")")
            #expect(reply.json?["error"] == "missing or wrong X-Admin-Token")
        }
        #expect(try AdminClient(server, adminToken: "s3cret-admin").call("GET", "/__admin/faults").status == 200)
    }

    @Test func unknownPathsMethodsAndBodies() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        #expect(try admin.call("GET", "/__admin/nothing").status == 404)
        #expect(try admin.call("GET", "/__admin").status == 404)
        #expect(try admin.call("DELETE", "/__admin/faults/not-a-number").status == 404)
        let wrongMethod = try admin.call("PUT", "/__admin/faults")
        #expect(wrongMethod.status == 405)
        #expect(try admin.call("POST", "/__admin/stubs", "{not json").status == 400)
    }

    /// HEAD is answered wherever GET is: the same status, no body; elsewhere it is a wrong method.
    @Test func headIsAnsweredWhereGetIs() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let head = try admin.call("HEAD", "/__admin/config")
        #expect(head.status == 200)
        #expect(head.text.isEmpty)
        #expect(try admin.call("HEAD", "/__admin/reset").status == 405)
        #expect(try admin.call("HEAD", "/__admin/nothing").status == 404)
    }

    @Test(.enabled(if: AdminClient.nonLoopbackAddress != nil, "this machine has no non-loopback IPv4 address"))
    func onlyLoopbackWithoutAToken() throws {
        let address = try #require(AdminClient.nonLoopbackAddress)
        let open = try TestServer.forAdmin { $0.host = "0.0.0.0" }
        let remote = try AdminClient(open, host: address).call("GET", "/__admin/requests")
        #expect(remote.status == 403)
        #expect(remote.json?["error"]?.stringValue?.contains("loopback") == true)
        #expect(try AdminClient(open).call("GET", "/__admin/requests").status == 200)
        // The API itself still answers that client.
        let remoteClient = try TLSClient(host: address, port: open.port, tls: open.clientTLS())
        #expect(try open.signedCall("GET", "/api/v1/ping", client: remoteClient).code == 0)

        let guarded = try TestServer.forAdmin {
            $0.host = "0.0.0.0"
            $0.adminToken = "remote-admin"
        }
        #expect(try AdminClient(guarded, host: address, adminToken: "remote-admin").call("GET", "/__admin/requests").status == 200)
        #expect(try AdminClient(guarded, host: address).call("GET", "/__admin/requests").status == 401)
    }

    /// The console over TLS from another address: with a token set its page loads without it
    /// (a browser cannot send a header when it opens a page), and its data calls do not.
    @Test(.enabled(if: AdminClient.nonLoopbackAddress != nil, "this machine has no non-loopback IPv4 address"))
    func theConsolePageLoadsWithoutTheTokenButNotItsData() throws {
        let address = try #require(AdminClient.nonLoopbackAddress)
        let server = try TestServer.forAdmin {
            $0.host = "0.0.0.0"
            $0.adminToken = "console-admin"
        }
        let client = try TLSClient(host: address, port: server.port, tls: server.clientTLS(), timeoutSeconds: Patience.seconds)
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: address)
        let page = try client.send(HTTPRequest(method: "GET", target: "/__admin/ui", headers: headers))
        #expect(page.status.code == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        #expect(page.headers["X-Frame-Options"] == "DENY")
        #expect(try AdminClient(server, host: address).call("GET", "/__admin/requests").status == 401)
        #expect(try AdminClient(server, host: address, adminToken: "console-admin").call("GET", "/__admin/pins").status == 200)
    }
}
