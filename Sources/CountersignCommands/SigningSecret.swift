import Glibc
import Signing
import Store
import System

/// The secret and scheme `sign` and `call` use, found as the server would.
struct SigningSecret {
    let secret: String
    let scheme: SignatureScheme

    /// `--secret` (or `COUNTERSIGN_SECRET`) for the default app; else the app's stored secret
    /// (`--secret` replacing it) and scheme; `scheme` overrides the stored one.
    static func resolve(_ options: ServerOptions, scheme: SignatureScheme? = nil) throws -> SigningSecret {
        if options.appKey == nil, let secret = options.secret ?? options.environmentSecret {
            return SigningSecret(secret: secret, scheme: scheme ?? .md5)
        }
        let apps = try storedApps(options)
        guard let app = apps.first(where: { options.appKey == nil ? $0.isDefault : $0.appKey == options.appKey }),
              let stored = app.secrets.first else {
            throw CommandError(options.appKey.map { "no app with key '\($0)'" } ?? "no default app in the database")
        }
        return SigningSecret(secret: options.secret ?? stored, scheme: scheme ?? SignatureScheme(rawValue: app.scheme) ?? .md5)
    }

    /// The apps of the database, or of the seed file when there is no database yet.
    private static func storedApps(_ options: ServerOptions) throws -> [AppRecord] {
        if access(options.databasePath, R_OK) == 0 {
            return try Store(path: options.databasePath).allApps()
        }
        guard let seed = FileSystem.read(options.seedPath).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw CommandError("no database at \(options.databasePath) and no seed at \(options.seedPath): pass --secret")
        }
        let store = try Store(path: ":memory:")
        try store.seed(sql: seed)
        return try store.allApps()
    }
}
