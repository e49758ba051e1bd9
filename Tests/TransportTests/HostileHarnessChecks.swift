import Glibc
import HTTP
import Transport

/// What every hostile-client test checks afterwards: the server let go of the connection, and it
/// still answers an ordinary request.
extension TransportHarness {
    /// Whether the server's open connection count drops to 0 within `milliseconds`.
    func connectionsDrain(withinMilliseconds milliseconds: Int64) -> Bool {
        let clock = SystemMonotonicClock()
        let started = clock.now()
        while server.openConnections > 0 {
            guard clock.now().milliseconds(since: started) < milliseconds else { return false }
            usleep(10_000)
        }
        return true
    }

    /// The status of an ordinary GET on a new connection.
    func ordinaryRequestStatus() throws -> HTTPStatus {
        try client().send(Self.get("/after")).status
    }
}
