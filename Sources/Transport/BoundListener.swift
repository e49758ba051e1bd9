/// A listener after binding: its name and the address it actually listens on.
public struct BoundListener: Sendable {
    /// The listener's name from its configuration.
    public let name: String
    /// The bound address (with the kernel-chosen port when the configuration said 0).
    public let address: SocketAddress
}
