import Backend
import CountersignServer
import Transport

/// `countersign serve`: run until SIGTERM or SIGINT; SIGHUP reloads the certificates.
enum ServeCommand {
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(ConfigurationParser.help)
            return 0
        }
        let configuration: Configuration
        do {
            configuration = try ConfigurationParser.parse(arguments: arguments, environment: environment)
        } catch {
            Console.error(error.description)
            return 2
        }
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
