import Backend
import CountersignServer
import Glibc
import Store

/// `countersign db migrate|seed|reset`.
enum DatabaseCommand {
    static let usage = """
    Usage: countersign db migrate|seed|reset [--db PATH] [--seed PATH]
      migrate  create the database (from the seed) or apply pending migrations
      seed     insert the seed data into an existing database
      reset    delete every row and load the seed again (stop the server first, or use POST /__admin/reset)
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        guard let action = arguments.first, ["migrate", "seed", "reset"].contains(action) else {
            Console.error("db needs migrate, seed or reset\n\(usage)")
            return 2
        }
        return Console.exitStatus {
            let configuration = try ConfigurationParser.parse(arguments: Array(arguments.dropFirst()), environment: environment)
            let path = configuration.databasePath
            guard let seedBytes = FileContents.read(configuration.seedPath) else {
                throw CommandError("cannot read the seed file \(configuration.seedPath)")
            }
            let seed = String(decoding: seedBytes, as: UTF8.self)
            let exists = access(path, F_OK) == 0
            switch action {
            case "migrate" where !exists:
                try FileContents.createDirectories(forFile: path)
                try Store.create(at: path, seedSQL: seed)
                print("created \(path) from \(configuration.seedPath)")
            case "migrate":
                try Store(path: path).migrate()
                print("migrated \(path)")
            case "seed":
                try Store(path: path).seed(sql: seed)
                print("seeded \(path)")
            default:
                try Store(path: path).reset(seedSQL: seed)
                print("reset \(path) to \(configuration.seedPath)")
            }
            return 0
        }
    }
}
