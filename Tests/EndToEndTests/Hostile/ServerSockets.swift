import Foundation

/// The server side of TCP connections to a port of this machine, as the kernel lists them in
/// `/proc/net/tcp`. A test server listens on 127.0.0.1, so every socket there with that local port
/// (other than the listening ones) is one of its connections.
enum ServerSockets {
    /// TCP states of a connection whose server side is not closed: SYN_RECV, ESTABLISHED, and
    /// CLOSE_WAIT (the client closed, the server has not yet).
    private static let notClosedByTheServer: Set<Substring> = ["03", "01", "08"]

    /// How many connections to `port` the server has not closed: accepted or still waiting in the
    /// accept queue, whether or not the client has gone. Once the server closes one (or starts to, by
    /// sending its FIN) it no longer counts. Nil when the table cannot be read.
    static func openConnections(onPort port: Int) -> Int? {
        guard let table = ProcFile.text(at: "/proc/net/tcp") else { return nil }
        // "sl local_address rem_address st ..."
        let localPort = String(format: ":%04X", port)
        return table.split(separator: "\n").dropFirst().count { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1].hasSuffix(localPort) && notClosedByTheServer.contains(fields[3])
        }
    }
}
