import Glibc
import TLS

/// A TLS client driven by hand over a `HostileSocket`, so that a test can stop the handshake halfway
/// or write raw bytes where TLS records belong once the session is up.
public final class HostileTLSSession {
    /// The TCP connection under the session, for writing bytes that bypass TLS.
    public let socket: HostileSocket
    private let connection: TLSConnection
    /// Whether the server ended the session with close_notify (seen by `receivePlaintext()`).
    public private(set) var receivedCloseNotify = false

    /// Completes a handshake over `socket`, trusting the CA at `trustRootsPEMPath`.
    public init(over socket: HostileSocket, trustRootsPEMPath: String) throws {
        self.socket = socket
        connection = try TLSConnection(context: Self.context(trustRootsPEMPath))
        while true {
            let result = connection.handshake()
            socket.send(drainCiphertext())
            switch result {
            case .complete:
                return
            case .failed(let error):
                throw error
            case .wantsMoreData:
                guard let bytes = socket.receive(), !bytes.isEmpty else {
                    throw HostileSocketError(operation: "handshake", code: ECONNRESET)
                }
                connection.receiveCiphertext(bytes)
            }
        }
    }

    /// The first flight of a client handshake (the ClientHello record) for `trustRootsPEMPath`'s server.
    public static func clientHello(trustRootsPEMPath: String) throws -> [UInt8] {
        let connection = try TLSConnection(context: context(trustRootsPEMPath))
        _ = connection.handshake()
        var hello: [UInt8] = []
        _ = connection.drainCiphertext(into: &hello)
        return hello
    }

    /// Encrypts `bytes` as application data and sends them; false when the server is gone first.
    @discardableResult
    public func sendPlaintext(_ bytes: [UInt8]) -> Bool {
        guard case .complete = connection.writePlaintext(bytes) else { return false }
        return socket.send(drainCiphertext())
    }

    /// Reads from the socket until some plaintext is decrypted, and returns it: empty when the
    /// server ended the session or closed, nil when nothing came before the socket's timeout.
    public func receivePlaintext() -> [UInt8]? {
        var plaintext: [UInt8] = []
        while true {
            switch connection.readPlaintext(into: &plaintext) {
            case .bytesRead:
                return plaintext
            case .closed:
                receivedCloseNotify = true
                return []
            case .failed:
                return []
            case .wantsMoreData:
                guard let bytes = socket.receive() else { return nil }
                guard !bytes.isEmpty else { return [] }
                connection.receiveCiphertext(bytes)
            }
        }
    }

    private func drainCiphertext() -> [UInt8] {
        var bytes: [UInt8] = []
        _ = connection.drainCiphertext(into: &bytes)
        return bytes
    }

    private static func context(_ trustRootsPEMPath: String) throws -> TLSContext {
        try TLSContext.client(TLSClientConfiguration(trustRootsPEMPath: trustRootsPEMPath, serverName: "localhost"))
    }
}
