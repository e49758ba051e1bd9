import Backend
import System
import Telemetry

/// The life of `countersign serve`: start, reload the certificates on SIGHUP, stop gracefully on
/// SIGTERM or SIGINT.
public enum ServerLifetime {
    /// Serves `configuration` until SIGTERM or SIGINT; throws when the server cannot start.
    public static func run(_ configuration: Configuration) throws(StartupError) {
        SignalWaiter.blockSignals()
        let logger = Logger(format: configuration.logFormat)
        let server = try RunningServer.start(configuration, logger: logger)
        while true {
            switch SignalWaiter.next() {
            case .reload:
                do {
                    try server.reloadCertificates()
                } catch {
                    logger.log(.error, "certificate reload failed; keeping the current certificate", [("reason", .text(error.description))])
                }
            case .terminate:
                logger.log(.info, "shutting down", [])
                server.shutdown()
                server.wait()
                logger.log(.info, "stopped", [])
                logger.flush()
                return
            }
        }
    }
}
