import CountersignClient
import CountersignServer
import HTTP
import Foundation
import JSON
import System
import Testing
import TestSupport

/// Proxy mode against an upstream that is not Countersign (Tests/Peers/https_upstream.py): what is
/// forwarded, and each way the upstream can fail, answered in the envelope and journalled, while
/// the proxy keeps serving other clients.
@Suite struct ProxyUpstreamFailureTests {
    let proxy: TestServer
    let upstream: PythonUpstream
    /// The proxy's answer timeout: long enough that a proxied echo on a loaded machine or under a
    /// sanitizer is never cut by it, short enough that the stall's 504 comes soon.
    static let answerTimeoutMilliseconds: Int64 = 5_000

    /// A proxy to the Python upstream, which serves the proxy's own development certificate.
    init() async throws {
        let certificates = TemporaryDirectory("upstream-certs")
        let keyHolder = try TestServer(directory: certificates)
        upstream = try await PythonUpstream.start(certificate: keyHolder.certificates.serverCertificate, key: keyHolder.certificates.serverKey)
        let caPath = keyHolder.certificates.caCertificate
        let port = upstream.port
        proxy = try TestServer.forAdmin { configuration in
            configuration.proxy.upstream = ("localhost", port)
            configuration.proxy.caPath = caPath
            configuration.proxy.answerTimeoutMilliseconds = Self.answerTimeoutMilliseconds
            configuration.proxy.maxBodyBytes = 256 << 10
            configuration.proxy.maxHeaderBytes = 8 << 10
            configuration.proxy.maxConnections = 4
        }
    }

    @Test func forwardsAsReceivedWithoutHopByHopHeadersAndWithTheUpstreamsHost() throws {
        var request = proxy.signer().request("POST", "/api/echo?x=1", parameters: [("name", "value")])
        request.headers.add(name: "Connection", value: "X-Client-Hop")
        request.headers.add(name: "X-Client-Hop", value: "1")
        request.headers.add(name: "Proxy-Authorization", value: "Basic c2VjcmV0")
        request.headers.add(name: "X-Custom", value: "kept")
        let answer = try proxy.client().send(request)
        #expect(answer.status.code == 200)
        #expect(answer.headers["X-Upstream"] == "python")
        #expect(answer.headers["X-Upstream-Hop"] == nil)
        #expect(answer.headers["Keep-Alive"] == nil)
        let echo = try JSONParser.parse(answer.body)
        #expect(echo["method"] == "POST")
        #expect(echo["target"]?.stringValue == request.target)
        #expect(echo["body"]?.stringValue == String(decoding: request.body, as: UTF8.self))
        let received = (echo["headers"]?.arrayValue ?? []).compactMap { $0.arrayValue?.first?.stringValue?.lowercased() }
        #expect(!received.contains("x-client-hop"))
        #expect(!received.contains("proxy-authorization"))
        #expect(received.contains("x-custom"))
        #expect(received.contains("x-signature"))
        let host = (echo["headers"]?.arrayValue ?? []).first { $0.arrayValue?.first?.stringValue?.lowercased() == "host" }
        #expect(host?.arrayValue?.last?.stringValue == "localhost:\(upstream.port)")
    }

    /// The envelope of a signed GET of `path`, and the proxy's journal entry for it.
    private func failure(_ path: String) throws -> (ReceivedEnvelope, JSONValue) {
        let answer = try proxy.signedCall("GET", path)
        let entry = try #require(try AdminClient(proxy).journal("?path=\(path)").first)
        return (answer, entry)
    }

    @Test func anEndlessBodyIsCutAtTheLimit() throws {
        let (answer, entry) = try failure("/api/endless")
        #expect(answer.status == 502)
        #expect(answer.code == 50000)
        #expect(answer.message == "upstream sent an invalid answer: its body is over 262144 bytes")
        #expect(entry["proxied"]?["failure"]?.stringValue == answer.message)
        #expect(entry["http_status"]?.intValue == 502)
    }

    @Test func aHeaderFloodIsCutAtTheLimit() throws {
        let (answer, _) = try failure("/api/flood")
        #expect(answer.status == 502)
        #expect(answer.message.hasPrefix("upstream sent an invalid answer: its header section is over 8192 bytes"))
    }

    @Test func aStallTimesOutWhileOtherClientsAreServed() throws {
        let stalled = LockedValue<ReceivedEnvelope?>(nil)
        let thread = Thread { [proxy] in
            let answer = try? proxy.signedCall("GET", "/api/stall")
            stalled.withLock { $0 = answer }
        }
        thread.start()
        // Served while the stalled request waits: proxied answers on other connections.
        var servedMeanwhile = 0
        while stalled.withLock({ $0 == nil }) && servedMeanwhile < 1_000 {
            let echo = try proxy.client().send(proxy.signer().request("GET", "/api/echo"))
            #expect(echo.status.code == 200, "\(String(decoding: echo.body, as: UTF8.self))")
            servedMeanwhile += 1
        }
        while stalled.withLock({ $0 == nil }) { _ = try proxy.signedCall("GET", "/api/v1/ping") }
        #expect(servedMeanwhile > 1)
        let answer = try #require(stalled.withLock { $0 })
        #expect(answer.status == 504)
        #expect(answer.message == "upstream timed out: waiting for the answer")
        let entry = try #require(try AdminClient(proxy).journal("?path=/api/stall").first)
        #expect(entry["proxied"]?["failure"]?.stringValue == answer.message)
        #expect((entry["proxied"]?["upstream_ms"]?.intValue ?? 0) >= Self.answerTimeoutMilliseconds)
    }

    @Test func anAnswerThatIsNotHTTPIsReported() throws {
        let (answer, _) = try failure("/api/garbage")
        #expect(answer.status == 502)
        #expect(answer.message.hasPrefix("upstream sent an invalid answer"))
    }
}

/// Every upstream connection busy and the queue full.
@Suite struct ProxySaturationTests {
    @Test func aFullPoolAnswers503AtOnceWhileTheBusyExchangeGoesOn() async throws {
        let certificates = TemporaryDirectory("upstream-certs")
        let keyHolder = try TestServer(directory: certificates)
        let upstream = try await PythonUpstream.start(certificate: keyHolder.certificates.serverCertificate, key: keyHolder.certificates.serverKey)
        let caPath = keyHolder.certificates.caCertificate
        let proxy = try TestServer.forAdmin { configuration in
            configuration.proxy.upstream = ("localhost", upstream.port)
            configuration.proxy.caPath = caPath
            configuration.proxy.answerTimeoutMilliseconds = 2_000
            configuration.proxy.maxConnections = 1
            configuration.proxy.maxQueuedRequests = 0
        }
        // The stall is sent again until it holds the only connection (the probes below may hold it first).
        let stalled = LockedValue<ReceivedEnvelope?>(nil)
        let thread = Thread {
            var answer: ReceivedEnvelope?
            repeat {
                answer = try? proxy.signedCall("GET", "/api/stall")
            } while answer?.status == 503
            stalled.withLock { $0 = answer }
        }
        thread.start()
        var busy: ReceivedEnvelope?
        while busy == nil && stalled.withLock({ $0 == nil }) {
            let answer = try proxy.client().send(proxy.signer().request("GET", "/api/echo"))
            if answer.status.code == 503 { busy = try ReceivedEnvelope(answer) }
        }
        let refused = try #require(busy)
        #expect(refused.code == 50000)
        #expect(refused.message == "upstream busy: every upstream connection is in use and the queue is full")
        #expect(await eventually(withinMilliseconds: 60_000) { stalled.withLock { $0 != nil } })
        #expect(stalled.withLock { $0?.status } == 504)
    }
}

/// The upstream unreachable or untrusted.
@Suite struct ProxyUpstreamTrustTests {
    @Test func anUnreachableUpstreamIs502WithTheCause() throws {
        let proxy = try TestServer.forAdmin { configuration in
            configuration.proxy.upstream = ("127.0.0.1", 1)
        }
        let answer = try proxy.signedCall("GET", "/api/v1/ping")
        #expect(answer.status == 502)
        #expect(answer.message == "upstream unreachable: 127.0.0.1:1: Connection refused")
        #expect(try AdminClient(proxy).journal().first?["proxied"]?["failure"]?.stringValue == answer.message)
    }

    @Test func anUntrustedUpstreamIs502WithTheTLSReason() throws {
        let upstream = try TestServer.forAdmin()
        // The proxy's own CA did not sign the upstream's certificate.
        let proxy = try TestServer.forAdmin { configuration in
            configuration.proxy.upstream = ("localhost", upstream.port)
        }
        let answer = try proxy.signedCall("GET", "/api/v1/ping")
        #expect(answer.status == 502)
        #expect(answer.message.hasPrefix("upstream TLS failure"))
        #expect(answer.message.contains("certificate"))
        #expect(try AdminClient(upstream).journal().isEmpty)
    }
}
