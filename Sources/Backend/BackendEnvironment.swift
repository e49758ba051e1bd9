/// What every event loop's responder shares: immutable after start.
public final class BackendEnvironment: Sendable {
    public let settings: BackendSettings
    public let apps: AppRegistry
    public let logger: Logger
    /// The database file each loop opens its own connection to.
    public let databasePath: String
    /// The time of day for tokens, check-ins and `server_time`.
    public let clock: any WallClock

    /// The shared state of one server.
    public init(settings: BackendSettings, apps: AppRegistry, logger: Logger, databasePath: String,
                clock: any WallClock = SystemWallClock()) {
        self.settings = settings
        self.apps = apps
        self.logger = logger
        self.databasePath = databasePath
        self.clock = clock
    }
}
