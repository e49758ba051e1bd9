import Backend
import Glibc
import Signing
import Store

/// Turns the configuration into the backend's settings and a ready database.
enum BackendSetup {
    static func settings(for configuration: Configuration) throws(StartupError) -> BackendSettings {
        let zone = try RunningServer.step("time zone") { () throws(TimeZoneRules.LoadError) in
            try TimeZoneRules(identifier: configuration.timeZone)
        }
        var settings = BackendSettings(timeZone: zone)
        settings.mode = configuration.mode
        settings.httpStatusStyle = configuration.httpStatus
        settings.signature = configuration.signature
        settings.versionHeader = configuration.versionHeader
        var policy = SigningPolicy()
        policy.signedHeaders = configuration.signedHeaders
        settings.signingPolicy = policy
        settings.defaultSecretOverride = configuration.secret
        settings.tokenLifetimeSeconds = configuration.tokenTTLSeconds
        settings.passwordIterations = configuration.passwordIterations
        settings.openAPIDocument = FileContents.read(configuration.openAPIPath)
        return settings
    }

    /// Creates the database from the seed when it is absent (atomically), migrates it otherwise,
    /// and loads the signing apps.
    static func prepareDatabase(for configuration: Configuration, logger: Logger) throws(StartupError) -> AppRegistry {
        let path = configuration.databasePath
        if access(path, F_OK) != 0 {
            guard let seed = FileContents.read(configuration.seedPath) else {
                throw StartupError(step: "database", reason: "\(path) does not exist and the seed file \(configuration.seedPath) cannot be read (run from the project folder or pass --seed)")
            }
            try FileContents.createDirectories(forFile: path)
            try RunningServer.step("database") { () throws(StoreError) in try Store.create(at: path, seedSQL: String(decoding: seed, as: UTF8.self)) }
            logger.log("info", "created database from seed", [("path", .string(path)), ("seed", .string(configuration.seedPath))])
        }
        let records = try RunningServer.step("database") { () throws(StoreError) in
            let store = try Store(path: path)
            return try store.allApps()
        }
        return try RunningServer.step("apps") { () throws(AppRegistry.LoadError) in
            try AppRegistry(records: records, defaultSecretOverride: configuration.secret)
        }
    }
}
