import Backend
import Glibc
import Signing
import CountersignServer
import Store

/// The secret and scheme `countersign sign` uses, found as the server would.
struct SigningSecret {
    let secret: String
    let scheme: SignatureScheme

    static func resolve(options: OptionReader, environment: [String: String]) throws -> SigningSecret {
        let schemeOverride = try options.value("scheme").map { name throws(CommandError) -> SignatureScheme in
            guard let scheme = SignatureScheme(rawValue: name) else {
                throw CommandError("--scheme must be one of \(SignatureScheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return scheme
        }
        let appKey = options.value("app-key")
        if appKey == nil, let secret = options.value("secret") ?? environment["COUNTERSIGN_SECRET"] {
            return SigningSecret(secret: secret, scheme: schemeOverride ?? .md5)
        }
        let apps = try storedApps(options: options, environment: environment)
        guard let app = apps.first(where: { appKey == nil ? $0.isDefault : $0.appKey == appKey }),
              let stored = app.secrets.first else {
            throw CommandError(appKey.map { "no app with key '\($0)'" } ?? "no default app in the database")
        }
        let scheme = schemeOverride ?? SignatureScheme(rawValue: app.scheme) ?? .md5
        return SigningSecret(secret: options.value("secret") ?? stored, scheme: scheme)
    }

    /// The apps of the database, or of the seed file when there is no database yet.
    private static func storedApps(options: OptionReader, environment: [String: String]) throws -> [AppRecord] {
        let databasePath = options.value("db") ?? environment["COUNTERSIGN_DB"] ?? "data/countersign.sqlite"
        if access(databasePath, R_OK) == 0 {
            return try Store(path: databasePath).allApps()
        }
        let seedPath = options.value("seed") ?? environment["COUNTERSIGN_SEED"] ?? "seed.sql"
        guard let seed = FileContents.read(seedPath).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw CommandError("no database at \(databasePath) and no seed at \(seedPath): pass --secret")
        }
        let store = try Store(path: ":memory:")
        try store.seed(sql: seed)
        return try store.allApps()
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
