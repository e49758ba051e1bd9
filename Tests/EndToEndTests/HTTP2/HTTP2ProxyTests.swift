import CountersignClient
import HTTP
import HTTP2
import JSON
import Testing
import TestSupport

/// Proxy mode over HTTP/2: the forwarded answer is finished on its own stream, and a stub on
/// another stream of the same connection is answered meanwhile.
@Suite struct HTTP2ProxyTests {
    @Test func aProxiedRequestAndAStubShareOneHTTP2Connection() throws {
        let upstream = try TestServer.forAdmin()
        let proxy = try ProxyTests.proxy(to: upstream)
        let stub = #"{"method": "GET", "path": "/api/v1/local", "code": 0, "data": {"local": true}}"#
        #expect(try AdminClient(proxy).call("POST", "/__admin/stubs", stub).status == 201)
        let games = proxy.signer().request("GET", "/api/v1/games", parameters: [("page", "1")])
        let direct = try ReceivedEnvelope(upstream.client().send(games))
        let client = try proxy.http2Client()
        let results = try client.send([games, proxy.signer().request("GET", "/api/v1/local")])
        #expect(client.negotiatedALPN == "h2")
        guard results.count == 2, case .response(let proxied) = results[0], case .response(let local) = results[1] else {
            Issue.record("both streams answered: \(results)")
            return
        }
        let proxiedEnvelope = try ReceivedEnvelope(proxied)
        #expect(proxiedEnvelope.code == 0)
        #expect(proxiedEnvelope.data == direct.data)
        #expect(try ReceivedEnvelope(local).data["local"] == true)
        let journal = try AdminClient(proxy).journal()
        let forwarded = try #require(journal.first { $0["path"] == "/api/v1/games" })
        #expect(forwarded["proxied"]?["upstream_status"]?.intValue == 200)
        #expect(journal.first { $0["path"] == "/api/v1/local" }?["proxied"] == nil)
    }
}
