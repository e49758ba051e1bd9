import CountersignServer

/// `countersign serve`: run until SIGTERM or SIGINT; SIGHUP reloads the certificates.
struct ServeCommand: Command {
    static let name = "serve"
    static var usage: String { ConfigurationParser.help }

    let configuration: Configuration

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> ServeCommand {
        ServeCommand(configuration: try ConfigurationParser.parse(arguments: Array(arguments), environment: environment))
    }

    func run() throws -> Int32 {
        do {
            try ServerLifetime.run(configuration)
            return 0
        } catch {
            Console.error(error.description)
            return 1
        }
    }
}
