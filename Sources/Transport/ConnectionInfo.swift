/// What the responder may know about the connection a request came on.
public struct ConnectionInfo: Sendable {
    /// A number unique within the process.
    public let id: UInt64
    /// The peer's address.
    public let peer: SocketAddress
    /// The peer's numeric host (`peer.host`), formatted once for the connection's requests.
    public let peerHost: String
    /// The listener's name, such as `main` or a pinning-test name.
    public let listenerName: String
    /// The verified client certificate's subject (mutual TLS), or nil.
    public internal(set) var clientSubject: String?
    /// The negotiated TLS version, such as `TLSv1.3`.
    public internal(set) var tlsVersion: String?
    /// Whether the TLS session was resumed from a ticket.
    public internal(set) var sessionResumed = false

    init(id: UInt64, peer: SocketAddress, listenerName: String) {
        self.id = id
        self.peer = peer
        peerHost = peer.host
        self.listenerName = listenerName
    }
}
