import HTTP
import HTTP2
import TLS

/// A blocking HTTP/2 client on `TLSClient` (ALPN `h2` only): it sends many requests at once on one
/// connection, as URLSession and OkHttp multiplex an app's calls, and keeps the connection for the
/// next ones (reconnecting after the server closed it).
public final class HTTP2Client {
    private let connection: TLSClient
    private var session: HTTP2ClientSession?

    /// A client for `host:port`; `tls` is used as given except that ALPN offers `h2` alone.
    public init(host: String, port: Int, tls: TLSClientConfiguration, timeoutSeconds: Int = 30) throws(ClientError) {
        var tls = tls
        tls.alpnProtocols = ["h2"]
        connection = try TLSClient(host: host, port: port, tls: tls, timeoutSeconds: timeoutSeconds)
    }

    /// Connects, completes the handshake and starts the session (a request does this by itself).
    public func connect() throws(ClientError) {
        try connection.connect()
        guard connection.negotiatedALPN == "h2" else {
            close()
            throw .http2("the server did not choose h2 in ALPN (it offers \(connection.negotiatedALPN ?? "no ALPN"))")
        }
        do {
            session = try HTTP2ClientSession()
        } catch {
            throw .http2(error.description)
        }
    }

    /// Sends `request` alone and returns its response; a reset stream throws `streamReset`.
    public func send(_ request: HTTPRequest) throws(ClientError) -> HTTPResponse {
        let results = try send([request])
        switch results.first {
        case .response(let response)?: return response
        case .reset(let code)?: throw .streamReset(errorCode: code)
        case nil: throw .connectionClosed
        }
    }

    /// Sends every request at once, each on its own stream of the one connection, and returns their
    /// results in the order of `requests`.
    public func send(_ requests: [HTTPRequest]) throws(ClientError) -> [HTTP2ClientResult] {
        if session == nil || session?.isFinished == true || !connection.isConnected { try connect() }
        guard let session else { throw .connectionClosed }
        var streams: [Int32] = []
        do {
            for request in requests {
                streams.append(try session.submit(request, authority: "\(connection.host):\(connection.port)"))
            }
        } catch {
            throw .http2(error.description)
        }
        var results: [Int32: HTTP2ClientResult] = [:]
        var plaintext: [UInt8] = []
        while results.count < streams.count {
            try flush(session)
            plaintext.removeAll(keepingCapacity: true)
            guard try connection.receivePlaintext(into: &plaintext) else {
                close()
                throw .connectionClosed
            }
            do {
                try session.receive(plaintext)
            } catch {
                close()
                throw .http2(error.description)
            }
            for (stream, result) in session.takeResults() { results[stream] = result }
        }
        try flush(session)
        return streams.compactMap { results[$0] }
    }

    /// The ALPN protocol of the open connection (`h2`).
    public var negotiatedALPN: String? { connection.negotiatedALPN }

    /// Closes the connection (a later request reconnects).
    public func close() {
        session = nil
        connection.close()
    }

    private func flush(_ session: HTTP2ClientSession) throws(ClientError) {
        var output: [UInt8] = []
        do {
            try session.drainOutput(into: &output)
        } catch {
            throw .http2(error.description)
        }
        if !output.isEmpty { try connection.sendPlaintext(output) }
    }
}
