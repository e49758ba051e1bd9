import HTTP
import TLS

/// A blocking HTTPS/1.1 client on the project's TLS engine: pins, verifies, presents a client
/// identity, and keeps the connection alive between requests (reconnecting when the server closed it).
public final class TLSClient {
    /// Where to connect.
    public let host: String
    public let port: Int
    private let context: TLSContext
    private let timeoutSeconds: Int
    private var socket: BlockingSocket?
    private var connection: TLSConnection?
    private var parser = HTTPResponseParser()
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// A client for `host:port` with `tls`; nothing connects until the first request.
    public init(host: String, port: Int, tls: TLSClientConfiguration, timeoutSeconds: Int = 30) throws(ClientError) {
        self.host = host
        self.port = port
        self.timeoutSeconds = timeoutSeconds
        do {
            context = try TLSContext.client(tls)
        } catch {
            throw .tls(error)
        }
    }

    /// Connects and completes the handshake now (a request does this by itself).
    public func connect() throws(ClientError) {
        close()
        let socket = try BlockingSocket(host: host, port: port, timeoutSeconds: timeoutSeconds)
        let connection: TLSConnection
        do {
            connection = try TLSConnection(context: context)
        } catch {
            throw .tls(error)
        }
        self.socket = socket
        self.connection = connection
        parser = HTTPResponseParser()
        while true {
            switch connection.handshake() {
            case .complete:
                try flush()
                return
            case .wantsMoreData:
                try flush()
                try receiveCiphertext()
            case .failed(let error):
                try? flush()
                close()
                throw .tls(error)
            }
        }
    }

    /// Sends `request` and returns the response; connects first when needed.
    public func send(_ request: HTTPRequest) throws(ClientError) -> HTTPResponse {
        if connection == nil { try connect() }
        var bytes: [UInt8] = []
        HTTPRequestEncoder.encode(request, into: &bytes)
        try sendPlaintext(bytes)
        return try receiveResponse(for: request.method)
    }

    /// Sends raw plaintext bytes over the TLS connection (for hostile-client tests).
    public func sendPlaintext(_ bytes: [UInt8]) throws(ClientError) {
        guard let connection else { throw .connectionClosed }
        if case .failed(let error) = connection.writePlaintext(bytes) { throw .tls(error) }
        try flush()
    }

    /// Reads the next response from the connection.
    public func receiveResponse(for method: String) throws(ClientError) -> HTTPResponse {
        guard let connection else { throw .connectionClosed }
        var plaintext: [UInt8] = []
        while true {
            if let event = parser.next(requestMethod: method) {
                return try finish(event)
            }
            plaintext.removeAll(keepingCapacity: true)
            switch connection.readPlaintext(into: &plaintext) {
            case .bytesRead:
                parser.append(plaintext)
            case .wantsMoreData:
                do {
                    try receiveCiphertext()
                } catch .connectionClosed {
                    return try finishAtClose()
                }
            case .closed:
                return try finishAtClose()
            case .failed(let error):
                close()
                throw .tls(error)
            }
        }
    }

    /// Appends the next decrypted bytes to `plaintext`, waiting for them; false once the server closed.
    public func receivePlaintext(into plaintext: inout [UInt8]) throws(ClientError) -> Bool {
        guard let connection else { throw .connectionClosed }
        while true {
            switch connection.readPlaintext(into: &plaintext) {
            case .bytesRead:
                return true
            case .wantsMoreData:
                do {
                    try receiveCiphertext()
                } catch .connectionClosed {
                    return false
                }
            case .closed:
                return false
            case .failed(let error):
                close()
                throw .tls(error)
            }
        }
    }

    /// The negotiated TLS details of the open connection.
    public var negotiatedProtocolVersion: String? { connection?.negotiatedProtocolVersion }
    public var negotiatedALPN: String? { connection?.negotiatedALPN }
    public var sessionWasReused: Bool { connection?.sessionWasReused ?? false }
    public var isConnected: Bool { connection != nil }
    /// The connected socket's descriptor, for a test that watches it from another thread (with
    /// `poll`, say); nil when not connected.
    public var socketDescriptor: Int32? { socket?.descriptor }

    /// Closes the connection (a later request reconnects).
    public func close() {
        socket?.close()
        socket = nil
        connection = nil
    }

    private func finish(_ event: HTTPResponseParserEvent) throws(ClientError) -> HTTPResponse {
        do throws(HTTPParseError) {
            return try event.response(closing: close)
        } catch {
            throw .malformedResponse("\(error)")
        }
    }

    private func finishAtClose() throws(ClientError) -> HTTPResponse {
        let event = parser.finish()
        close()
        guard let event else { throw .connectionClosed }
        return try finish(event)
    }

    private func flush() throws(ClientError) {
        guard let connection, let socket else { throw .connectionClosed }
        var out: [UInt8] = []
        _ = connection.drainCiphertext(into: &out)
        if !out.isEmpty { try socket.send(out) }
    }

    private func receiveCiphertext() throws(ClientError) {
        guard let connection, let socket else { throw .connectionClosed }
        let count = try socket.receive(into: &readBuffer)
        guard count > 0 else { throw .connectionClosed }
        readBuffer.withUnsafeBytes { connection.receiveCiphertext(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
