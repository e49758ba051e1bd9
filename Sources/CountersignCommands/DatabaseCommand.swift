import CountersignServer
import Glibc
import Store
import System

/// `countersign db migrate|seed|reset`.
struct DatabaseCommand: Command {
    static let name = "db"
    static let usage = """
    Usage: countersign db migrate|seed|reset [--db PATH] [--seed PATH]
      migrate  create the database (from the seed) or apply pending migrations
      seed     insert the seed data into an existing database
      reset    delete every row and load the seed again (stop the server first, or use POST /__admin/reset)
    """

    /// What to do to the database.
    enum Action: String {
        case migrate, seed, reset
    }

    let action: Action
    /// The database and seed paths, read as `serve` reads them.
    let configuration: Configuration

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> DatabaseCommand {
        guard let first = arguments.first, let action = Action(rawValue: first) else {
            throw CommandError("db needs migrate, seed or reset\n\(usage)", argumentIndex: arguments.isEmpty ? nil : arguments.startIndex)
        }
        return DatabaseCommand(action: action,
                               configuration: try ConfigurationParser.parse(arguments: Array(arguments.dropFirst()), environment: environment))
    }

    func run() throws -> Int32 {
        let path = configuration.databasePath
        guard let seedBytes = FileSystem.read(configuration.seedPath) else {
            throw CommandError("cannot read the seed file \(configuration.seedPath)")
        }
        let seed = String(decoding: seedBytes, as: UTF8.self)
        switch action {
        case .migrate where access(path, F_OK) != 0:
            try FileSystem.createDirectories(forFile: path)
            try Store.create(at: path, seedSQL: seed)
            print("created \(path) from \(configuration.seedPath)")
        case .migrate:
            try Store(path: path).migrate()
            print("migrated \(path)")
        case .seed:
            try Store(path: path).seed(sql: seed)
            print("seeded \(path)")
        case .reset:
            try Store(path: path).reset(seedSQL: seed)
            print("reset \(path) to \(configuration.seedPath)")
        }
        return 0
    }
}
