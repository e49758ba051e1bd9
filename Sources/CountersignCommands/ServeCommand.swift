import Backend
import CountersignServer
import Transport

/// `countersign serve`: run until SIGTERM or SIGINT; SIGHUP reloads the certificates.
struct ServeCommand: Command {
    static let name = "serve"
    static var usage: String { ConfigurationParser.help }

    let configuration: Configuration

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> ServeCommand {
        ServeCommand(configuration: try ConfigurationParser.parse(arguments: Array(arguments), environment: environment))
    }

    func run() throws -> Int32 {
        SignalWaiter.blockSignals()
        let logger = Logger(format: configuration.logFormat)
        let server: RunningServer
        do {
            server = try RunningServer.start(configuration, logger: logger)
        } catch {
            Console.error(error.description)
            return 1
        }
        while true {
            switch SignalWaiter.next() {
            case .reload:
                do {
                    try server.reloadCertificates()
                } catch {
                    logger.log("error", "certificate reload failed; keeping the current certificate", [("reason", .text(error.description))])
                }
            case .terminate:
                logger.log("info", "shutting down", [])
                server.shutdown()
                server.wait()
                logger.log("info", "stopped", [])
                logger.flush()
                return 0
            }
        }
    }
}
