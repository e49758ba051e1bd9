import Mocking
import Store
import System
import Telemetry

/// What every event loop's responder shares: the settings, fixed at start, and the
/// contract-testing state (journal, faults, stubs), which the admin API changes at run time.
public final class BackendEnvironment: Sendable {
    /// The backend's settings, validated at start.
    public let settings: BackendSettings
    /// The apps that may sign requests.
    public let apps: AppRegistry
    /// Where request lines and events go.
    public let logger: Logger
    /// The database file each loop opens its own connection to.
    public let databasePath: String
    /// The commits of every loop's connection (the admin API's included), so that a loop's sessions
    /// learn of another loop's write at once.
    public let changes = ChangeCounter()
    /// The time of day for tokens, check-ins and `server_time`.
    public let clock: any WallClock
    /// The admin API's token, seed and configuration view.
    public let admin: AdminSettings
    /// The request journal; nil when `--journal-size 0` turns it off.
    public let journal: Journal?
    /// Wrong-password counts for login throttling; nil when it is off.
    let loginThrottle: LoginThrottle?
    /// Faults injected with `POST /__admin/faults`.
    let faults = AdminRegistry<Fault>()
    /// Stubs, scenarios and imported OpenAPI operations.
    public let mocks: MockCatalog
    /// Stubs from the stubs folder and `POST /__admin/stubs`.
    var stubs: AdminRegistry<Stub> { mocks.stubs }
    /// The counts `/metrics` shows, one shard per event loop.
    public let metrics = MetricsRegistry()
    /// Every endpoint by method and path, built once.
    let routes = RoutingTable.countersign()
    /// In proxy mode, the upstream that answers what no stub or fault answers.
    public let proxy: UpstreamProxy?
    /// Turns proxied exchanges into stub files while a recording runs.
    public let recorder: StubRecorder

    /// The shared state of one server; `stubs` are those loaded from the stubs folder, `imports`
    /// the OpenAPI documents of `--import-openapi`.
    public init(settings: BackendSettings, apps: AppRegistry, logger: Logger, databasePath: String,
                clock: any WallClock = SystemWallClock(), admin: AdminSettings = AdminSettings(),
                journal: Journal? = nil, stubs: [Stub] = [], imports: [OpenAPIImport] = [], proxy: UpstreamProxy? = nil) {
        self.settings = settings
        self.apps = apps
        self.logger = logger
        self.databasePath = databasePath
        self.clock = clock
        self.admin = admin
        self.journal = journal
        mocks = MockCatalog(stubs: stubs, imports: imports)
        self.proxy = proxy
        recorder = StubRecorder(routes: routes, logger: logger)
        loginThrottle = settings.loginThrottle.map(LoginThrottle.init)
    }
}
