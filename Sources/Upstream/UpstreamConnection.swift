import HTTP
import System
import TLS

/// One keep-alive TLS connection to the upstream, used by one worker thread: it connects when
/// needed, sends a request and reads its answer within the configuration's timeouts and limits.
final class UpstreamConnection {
    private let configuration: UpstreamConfiguration
    private let context: TLSContext
    private let clock: any MonotonicClock
    private var socket: UpstreamSocket?
    private var session: TLSConnection?
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    init(configuration: UpstreamConfiguration, context: TLSContext, clock: any MonotonicClock) {
        self.configuration = configuration
        self.context = context
        self.clock = clock
    }

    /// The upstream's answer to `request`. A kept-alive connection the upstream has closed is
    /// opened again; one that fails without an answer is retried once on a new connection, for an
    /// idempotent method only (the upstream may have acted on a POST it did not answer).
    func exchange(_ request: HTTPRequest) throws(UpstreamFailure) -> HTTPResponse {
        do {
            return try forward(request)
        } catch {
            // What the upstream sends after a failure (the answer to a request that timed out) must
            // not be read as the next request's answer: the next exchange starts on a new connection.
            close()
            throw error
        }
    }

    private func forward(_ request: HTTPRequest) throws(UpstreamFailure) -> HTTPResponse {
        var bytes: [UInt8] = []
        HTTPRequestEncoder.encode(request, into: &bytes)
        if socket?.isStale == true { close() }
        if session != nil {
            do {
                return try send(bytes, method: request.method)
            } catch .unreachable(let reason) {
                close()
                guard Self.idempotentMethods.contains(request.method) else { throw .unreachable(reason) }
            }
        }
        try connect()
        return try send(bytes, method: request.method)
    }

    private static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]

    private func connect() throws(UpstreamFailure) {
        let deadline = clock.now().adding(milliseconds: Int64(configuration.connectTimeoutMilliseconds))
        let socket = try UpstreamSocket(host: configuration.host, port: configuration.port, deadline: deadline, clock: clock)
        let session: TLSConnection
        do {
            session = try TLSConnection(context: context)
        } catch {
            throw .tls(error.description)
        }
        self.socket = socket
        self.session = session
        let handshaking = "completing the TLS handshake with \(configuration.host):\(configuration.port)"
        while true {
            switch session.handshake() {
            case .complete:
                return try flush(deadline: deadline)
            case .wantsMoreData:
                try flush(deadline: deadline)
                guard try receiveCiphertext(deadline: deadline, waitingFor: handshaking) else {
                    close()
                    throw .tls("the upstream closed the connection during the handshake")
                }
            case .failed(let error):
                try? flush(deadline: deadline)
                close()
                throw .tls(error.description)
            }
        }
    }

    private func send(_ bytes: [UInt8], method: String) throws(UpstreamFailure) -> HTTPResponse {
        guard let session else { throw .unreachable("not connected") }
        let deadline = clock.now().adding(milliseconds: Int64(configuration.answerTimeoutMilliseconds))
        if case .failed(let error) = session.writePlaintext(bytes) { throw .tls(error.description) }
        try flush(deadline: deadline)
        var parser = HTTPResponseParser(limits: configuration.limits)
        var plaintext: [UInt8] = []
        var receivedAny = false
        defer { if session.hasEnded { close() } }
        while true {
            if let event = parser.next(requestMethod: method) { return try finish(event) }
            plaintext.removeAll(keepingCapacity: true)
            switch session.readPlaintext(into: &plaintext) {
            case .bytesRead:
                receivedAny = true
                parser.append(plaintext)
            case .wantsMoreData:
                if try !receiveCiphertext(deadline: deadline, waitingFor: "waiting for the answer") {
                    return try finishAtClose(&parser, receivedAny: receivedAny)
                }
            case .closed:
                return try finishAtClose(&parser, receivedAny: receivedAny)
            case .failed(let error):
                close()
                throw .tls(error.description)
            }
        }
    }

    private func finish(_ event: HTTPResponseParserEvent) throws(UpstreamFailure) -> HTTPResponse {
        do throws(HTTPParseError) {
            return try event.response(closing: close)
        } catch {
            throw .invalidAnswer(Self.explain(error, limits: configuration.limits))
        }
    }

    /// The answer the upstream ended by closing; a close before any byte counts as unreachable, so
    /// that a kept-alive connection the upstream had dropped is retried.
    private func finishAtClose(_ parser: inout HTTPResponseParser, receivedAny: Bool) throws(UpstreamFailure) -> HTTPResponse {
        let event = parser.finish()
        close()
        guard let event, receivedAny else { throw .unreachable("the upstream closed the connection without an answer") }
        return try finish(event)
    }

    private static func explain(_ error: HTTPParseError, limits: HTTPLimits) -> String {
        switch error {
        case .headersTooLarge: "its header section is over \(limits.maxHeaderBytes) bytes or \(limits.maxHeaderCount) fields"
        case .bodyTooLarge: "its body is over \(limits.maxBodyBytes) bytes"
        case .uriTooLong: "its status line is over \(limits.maxRequestLineBytes) bytes"
        case .malformed(let reason): reason
        case .versionNotSupported: "its HTTP version is not 1.x"
        case .unsupportedTransferEncoding: "its transfer coding is not chunked"
        }
    }

    private func flush(deadline: Instant) throws(UpstreamFailure) {
        guard let session, let socket else { throw .unreachable("not connected") }
        var out: [UInt8] = []
        _ = session.drainCiphertext(into: &out)
        if !out.isEmpty { try socket.send(out, deadline: deadline) }
    }

    /// Feeds what the socket holds to the TLS session; false when the upstream closed. A timeout
    /// names `what` was waited for.
    private func receiveCiphertext(deadline: Instant, waitingFor what: String) throws(UpstreamFailure) -> Bool {
        guard let session, let socket else { throw .unreachable("not connected") }
        let count = try socket.receive(into: &readBuffer, deadline: deadline, waitingFor: what)
        guard count > 0 else { return false }
        readBuffer.withUnsafeBytes { session.receiveCiphertext(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        return true
    }

    /// Closes the connection; the next exchange opens a new one.
    func close() {
        socket?.close()
        socket = nil
        session = nil
    }
}
