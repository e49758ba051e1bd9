import System

/// Checks before start-up creates anything that a listener's address resolves and can be bound now.
public enum ListenProbe {
    /// Why `host:port` cannot be listened on.
    public enum Failure: Error, Sendable {
        /// `host` is not a numeric address or a name that resolves.
        case unresolvable(SystemCallError)
        /// Binding failed: the port is taken, the address is not this machine's, or it needs privileges.
        case unbindable(SystemCallError)
    }

    /// Throws unless `host` resolves and `host:port` can be bound (port 0 is any free port).
    public static func check(host: String, port: Int) throws(Failure) {
        let address: SocketAddress
        do {
            address = try SocketAddress(host: host, port: port)
        } catch {
            throw .unresolvable(error)
        }
        do {
            try Socket.checkAvailable(address)
        } catch {
            throw .unbindable(error)
        }
    }
}
