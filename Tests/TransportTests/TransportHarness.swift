import Certificates
import Foundation
import CountersignClient
import HTTP
import System
import TLS
import TestSupport
import Transport

/// A responder for transport tests: echoes the path, plans faults by path, counts the requests and
/// notes why connections closed.
final class EchoResponder: HTTPResponder {
    private let received: LockedValue<Int>
    private let closeReasons: LockedValue<[ConnectionStateMachine.CloseReason]>
    /// Called with each request before it is answered, on the loop's thread.
    private let observe: @Sendable (HTTPRequest) -> Void

    init(counting received: LockedValue<Int>, closeReasons: LockedValue<[ConnectionStateMachine.CloseReason]> = LockedValue([]),
         observe: @escaping @Sendable (HTTPRequest) -> Void = { _ in }) {
        self.received = received
        self.closeReasons = closeReasons
        self.observe = observe
    }

    func connectionClosed(connection: ConnectionInfo, reason: ConnectionStateMachine.CloseReason) {
        closeReasons.withLock { $0.append(reason) }
    }

    func respond(to request: HTTPRequest, connection: ConnectionInfo) -> ResponsePlan {
        observe(request)
        received.withLock { $0 += 1 }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain")
        let response = HTTPResponse(status: .ok, headers: headers, body: Array("\(request.method) \(request.target) \(request.body.count)".utf8))
        switch request.path {
        case "/delay": return ResponsePlan(response: response, delayMilliseconds: 300)
        case "/long-delay": return ResponsePlan(response: response, delayMilliseconds: 2_000)
        case "/drop": return ResponsePlan(response: response, delivery: .drop)
        case "/reset": return ResponsePlan(response: response, delivery: .reset)
        case "/slow": return ResponsePlan(response: response, delivery: .dribble(milliseconds: 400))
        case "/deferred", "/deferred-slow": return Self.deferred(request, response)
        default: return ResponsePlan(response: response)
        }
    }
}

extension EchoResponder {
    /// An answer worked out on another thread (as the proxy's upstream call is), then finished on
    /// the loop: the body says which thread finished it; `/deferred-slow` is then dribbled.
    fileprivate static func deferred(_ request: HTTPRequest, _ response: HTTPResponse) -> ResponsePlan {
        let target = request.target
        let answer = DeferredAnswer(work: { done in
            Thread.detachNewThread { done("worked out for \(target)") }
        }, finish: { text in
            var late = response
            late.body = Array("\(text), finished on \(currentThreadName())".utf8)
            return ResponsePlan(response: late, delivery: target == "/deferred-slow" ? .dribble(milliseconds: 200) : .normal)
        })
        return ResponsePlan(response: response, delivery: .deferred(answer))
    }

    /// The calling thread's name, as `top -H` shows it.
    private static func currentThreadName() -> String {
        let name = FileSystem.read("/proc/thread-self/comm").map { String(decoding: $0, as: UTF8.self) } ?? "?"
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// An `HTTPServer` with the echo responder on an ephemeral port, and certificates in a temporary folder.
final class TransportHarness {
    let directory = TemporaryDirectory("transport")
    let server: HTTPServer
    let port: Int
    let paths: CertificatePaths
    /// How many requests the responders have been asked to answer.
    let requestsReceived = LockedValue(0)
    /// Why each closed connection closed, in order.
    let closeReasons = LockedValue<[ConnectionStateMachine.CloseReason]>([])
    /// The test's clock when it is a manual one, which the teardown moves on.
    private let manualClock: ManualMonotonicClock?

    /// A server offering `alpn` (HTTP/2 first, as `countersign serve` does by default), whose
    /// responders show each request to `observe` before answering it.
    init(clock: any MonotonicClock = SystemMonotonicClock(), alpn: [String] = ["h2", "http/1.1"],
         _ configure: (inout TransportConfiguration) -> Void = { _ in },
         observe: @escaping @Sendable (HTTPRequest) -> Void = { _ in }) throws {
        manualClock = clock as? ManualMonotonicClock
        paths = CertificatePaths(directory: directory.file("certs"))
        _ = try DevelopmentPKI.ensure(at: paths, options: CertificateOptions())
        let context = try TLSContext.server(TLSServerConfiguration(certificateChainPEMPath: paths.serverCertificate,
                                                                   privateKeyPEMPath: paths.serverKey, alpnProtocols: alpn))
        var configuration = TransportConfiguration(eventLoops: 2)
        configure(&configuration)
        let received = requestsReceived
        let reasons = closeReasons
        server = HTTPServer(configuration: configuration,
                            listeners: [ListenerConfiguration(name: "main", host: "127.0.0.1", port: 0, tls: TLSContextBox(context))],
                            clock: clock) { _ in
            EchoResponder(counting: received, closeReasons: reasons, observe: observe)
        }
        port = try server.start()[0].address.port
    }

    /// Shuts the server down and waits for its loops. A manual clock moves on meanwhile: a
    /// connection the test left open (lingering for its peer, say) then ends with the shutdown's
    /// grace period instead of holding the loop, and the test run, forever.
    deinit {
        server.shutdown()
        let stopAdvancing = manualClock?.keepAdvancing(milliseconds: 1_000)
        server.wait()
        stopAdvancing?()
        directory.remove()
    }

    func client() throws -> TLSClient {
        try TLSClient(host: "127.0.0.1", port: port,
                      tls: TLSClientConfiguration(trustRootsPEMPath: paths.caCertificate, serverName: "localhost"), timeoutSeconds: Patience.seconds)
    }

    func http2Client() throws -> HTTP2Client {
        try HTTP2Client(host: "127.0.0.1", port: port,
                        tls: TLSClientConfiguration(trustRootsPEMPath: paths.caCertificate, serverName: "localhost"), timeoutSeconds: Patience.seconds)
    }

    static func get(_ target: String, headers: [(name: String, value: String)] = []) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target, version: .http1_1, headers: HTTPHeaders([(name: "Host", value: "localhost")] + headers), body: [])
    }
}
