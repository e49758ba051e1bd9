import Backend
import Certificates
import Glibc
import Signing
import Store
import System
import Telemetry

/// Turns the configuration into the backend's settings and a ready database.
enum BackendSetup {
    static func settings(for configuration: Configuration) throws(StartupError) -> BackendSettings {
        let zone = try RunningServer.step("time zone") { () throws(TimeZoneRules.LoadError) in
            try TimeZoneRules(identifier: configuration.timeZone)
        }
        var settings = BackendSettings(timeZone: zone)
        settings.mode = configuration.mode
        settings.httpStatusStyle = configuration.httpStatus
        if let dialect = try MockFiles.dialect(configuration.envelopeDialectPath, statusPolicy: settings.envelope.statusPolicy) {
            settings.envelope = dialect
        }
        settings.signature = configuration.signature
        settings.versionHeader = configuration.versionHeader
        var policy = SigningPolicy()
        policy.signedHeaders = configuration.signedHeaders
        settings.signingPolicy = policy
        if let window = configuration.replayWindowSeconds { settings.enableReplayProtection(windowSeconds: window) }
        settings.loginThrottle = configuration.loginThrottle
        settings.defaultSecretOverride = configuration.secret
        settings.tokenLifetimeSeconds = configuration.tokenTTLSeconds
        settings.passwordIterations = configuration.passwordIterations
        settings.openAPIDocument = FileSystem.read(configuration.openAPIPath)
        return settings
    }

    /// The seed's text, read once at start (the database may be created from it, and resets use it).
    /// Without a database to create, a missing seed only disables resets; without both, start fails.
    static func seed(for configuration: Configuration) throws(StartupError) -> String? {
        let seed = FileSystem.read(configuration.seedPath).map { String(decoding: $0, as: UTF8.self) }
        if seed == nil && access(configuration.databasePath, F_OK) != 0 {
            throw StartupError(step: "database", reason: "\(configuration.databasePath) does not exist and the seed file \(configuration.seedPath) cannot be read (run from the project folder or pass --seed and --db)")
        }
        return seed
    }

    /// Creates the database from the seed when it is absent (atomically), migrates it otherwise,
    /// and loads the signing apps.
    static func prepareDatabase(for configuration: Configuration, seed: String?, logger: Logger) throws(StartupError) -> AppRegistry {
        let path = configuration.databasePath
        if access(path, F_OK) != 0, let seed {
            try FileSystem.createDirectories(forFile: path)
            try RunningServer.step("database") { () throws(StoreError) in try Store.create(at: path, seedSQL: seed) }
            logger.log(.info, "created database from seed", [("path", .text(path)), ("seed", .text(configuration.seedPath))])
        }
        let records = try RunningServer.step("database") { () throws(StoreError) in
            let store = try Store(path: path)
            try store.checkIntegrity()
            return try store.allApps()
        }
        return try RunningServer.step("apps") { () throws(AppRegistry.LoadError) in
            try AppRegistry(records: records, defaultSecretOverride: configuration.secret)
        }
    }

    /// The admin API's settings: the token, the seed text for resets, the redacted configuration
    /// and the pins of the certificates in `certificates`.
    static func adminSettings(for configuration: Configuration, seed: String?, certificates: CertificatePaths) -> AdminSettings {
        var admin = AdminSettings()
        admin.adminToken = configuration.adminToken
        admin.seedSQL = seed
        admin.seedPath = configuration.seedPath
        admin.effectiveConfiguration = configuration.effectiveJSON
        admin.pins = { CertificatePins.json(at: certificates) }
        return admin
    }

    /// Starts the request journal in its own file next to the database (`Configuration.journalPath`);
    /// nil when `--journal-size` is 0.
    static func startJournal(for configuration: Configuration, settings: BackendSettings, apps: AppRegistry,
                             logger: Logger) throws(StartupError) -> Journal? {
        guard configuration.journalSize > 0 else { return nil }
        let path = configuration.journalPath
        let builder = JournalEntryBuilder(policy: settings.signingPolicy, secrets: apps.allSecrets,
                                          answerBytes: configuration.journalAnswerBytes)
        return try RunningServer.step("journal") { () throws(JournalError) in
            try Journal.start(path: path, limits: JournalLimits(entries: configuration.journalSize, bytes: configuration.journalBytes),
                              builder: builder, logger: logger)
        }
    }
}
