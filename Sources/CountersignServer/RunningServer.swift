import Backend
import Certificates
import Glibc
import JSON
import Store
import System
import TLS
import Telemetry
import Transport
import Upstream

/// A started Countersign: certificates ensured, database ready, listeners bound, loops running.
public final class RunningServer: Sendable {
    /// The bound listeners, main first.
    public let listeners: [BoundListener]
    /// Where the certificates are.
    public let certificates: CertificatePaths
    /// The configuration it runs with.
    public let configuration: Configuration
    private let server: HTTPServer
    private let mainTLS: TLSContextBox
    private let logger: Logger
    private let proxy: UpstreamProxy?
    private let journal: Journal?

    /// Prepares everything `configuration` asks for and starts serving; `clock` tells the backend the
    /// time of day (tests pass one they can move).
    ///
    /// Everything that can fail without side effects (time zone, seed, stubs, the address to listen on,
    /// an existing database's integrity) is checked before any file is created, so a start that fails
    /// leaves no new CA or database behind.
    public static func start(_ configuration: Configuration, logger: Logger,
                             clock: any WallClock = SystemWallClock()) throws(StartupError) -> RunningServer {
        let settings = try BackendSetup.settings(for: configuration)
        let seed = try BackendSetup.seed(for: configuration)
        let stubs = try StubFolder.load(configuration.stubsDirectory)
        let imports = try MockFiles.imports(configuration.importOpenAPIPath)
        try checkListenAddress(of: configuration)
        let apps = try BackendSetup.prepareDatabase(for: configuration, seed: seed, logger: logger)
        let certificates = CertificatePaths(directory: configuration.certificatesDirectory)
        try ensureCertificates(at: certificates, options: configuration.certificateOptions, logger: logger)

        let mainTLS = TLSContextBox(try step("TLS") { () throws(TLSError) in try TLSContext.server(configuration.serverTLS(certificates)) })
        var listeners = [ListenerConfiguration(name: "main", host: configuration.host, port: configuration.port, tls: mainTLS)]
        if configuration.pinningTests {
            let identities = try step("pinning-test certificates") { () throws(CertificateError) in
                try DevelopmentPKI.ensurePinningTestIdentities(at: certificates, options: configuration.certificateOptions)
            }
            for identity in identities {
                var tls = configuration.serverTLS(certificates)
                tls.certificateChainPEMPath = identity.certificatePEMPath
                tls.privateKeyPEMPath = identity.privateKeyPEMPath
                let context = try step("TLS") { () throws(TLSError) in try TLSContext.server(tls) }
                let port = configuration.port == 0 ? 0 : configuration.port + identity.portOffset
                listeners.append(ListenerConfiguration(name: identity.description, host: configuration.host, port: port, tls: TLSContextBox(context)))
            }
        }
        var transport = TransportConfiguration(eventLoops: configuration.eventLoops)
        transport.maxConnections = configuration.maxConnections
        transport.timeouts = configuration.timeouts
        transport.http2 = configuration.http2Limits
        transport.http2.maxBodyBytes = transport.httpLimits.maxBodyBytes
        let journal = try BackendSetup.startJournal(for: configuration, settings: settings, apps: apps, logger: logger)
        let proxy = try step("proxy") { () throws(UpstreamFailure) in try configuration.proxy.makeProxy() }
        let environment = BackendEnvironment(settings: settings, apps: apps, logger: logger, databasePath: configuration.databasePath,
                                             clock: clock, admin: BackendSetup.adminSettings(for: configuration, seed: seed, certificates: certificates), journal: journal, stubs: stubs,
                                             imports: imports, proxy: proxy)
        do {
            try startRecording(configuration, environment)
        } catch {
            journal?.stop()
            proxy?.shutdown()
            throw error
        }
        let server = HTTPServer(configuration: transport, listeners: listeners) { index in
            try BackendResponder(environment: environment, loopIndex: index)
        }
        // Weak: the server's responders hold the environment, which must not keep the server alive.
        environment.metrics.observeOpenConnections { [weak server] in server?.openConnections ?? 0 }
        let bound: [BoundListener]
        do {
            bound = try step("listen") { () throws(HTTPServerError) in try server.start() }
        } catch {
            journal?.stop()
            proxy?.shutdown()
            throw error
        }
        let running = RunningServer(listeners: bound, certificates: certificates, configuration: configuration,
                                    server: server, mainTLS: mainTLS, logger: logger, journal: journal, proxy: proxy)
        running.announce()
        return running
    }

    private init(listeners: [BoundListener], certificates: CertificatePaths, configuration: Configuration,
                 server: HTTPServer, mainTLS: TLSContextBox, logger: Logger, journal: Journal?, proxy: UpstreamProxy?) {
        self.proxy = proxy
        self.listeners = listeners
        self.certificates = certificates
        self.configuration = configuration
        self.server = server
        self.mainTLS = mainTLS
        self.logger = logger
        self.journal = journal
    }

    /// Creates missing certificate files; warns with the old and the new pin when the server
    /// certificate's key changed, since every app build that pins the old one stops connecting.
    private static func ensureCertificates(at certificates: CertificatePaths, options: CertificateOptions,
                                           logger: Logger) throws(StartupError) {
        let created = try step("certificates") { () throws(CertificateError) in
            try DevelopmentPKI.ensureReportingPinChange(at: certificates, options: options)
        }
        if !created.files.isEmpty {
            logger.log(.info, "created certificates", [("folder", .text(certificates.directory)), ("files", .json(.array(created.files.map(JSONValue.string))))])
        }
        if let change = created.pinChange {
            logger.log(.warning, "the server certificate has a new key: apps that pin the old pin fail until they pin the new one (see docs/pinning.md)",
                       [("old_spki_sha256", .text(change.old)), ("new_spki_sha256", .text(change.new))])
        }
    }

    /// Fails, naming `--host` or `--port`, when the main listener's address does not resolve or cannot be bound.
    private static func checkListenAddress(of configuration: Configuration) throws(StartupError) {
        let host = configuration.host
        let port = configuration.port
        do {
            try ListenProbe.check(host: host, port: port)
        } catch {
            switch error {
            case .unresolvable:
                throw StartupError(step: "listen", reason: "--host '\(host)' is not an IP address or a name that resolves; "
                    + "use 0.0.0.0 (every IPv4 interface), :: (every interface), 127.0.0.1 (this machine only) or one of its addresses")
            case .unbindable(let failure):
                let advice = switch failure.errorNumber {
                case EADDRINUSE: "another process listens on port \(port): stop it, or pass another --port (0 picks a free one)"
                case EADDRNOTAVAIL: "--host '\(host)' is not an address of this machine; use 0.0.0.0, :: or 127.0.0.1"
                case EACCES: "ports below 1024 need privileges: pass --port 8443 or above"
                default: String(cString: strerror(failure.errorNumber))
                }
                throw StartupError(step: "listen", reason: "cannot listen on \(host) port \(port): \(advice)")
            }
        }
    }

    /// Starts recording from the start with `--record`, which needs `--proxy-to`.
    private static func startRecording(_ configuration: Configuration, _ environment: BackendEnvironment) throws(StartupError) {
        guard let folder = configuration.proxy.recordFolder else { return }
        guard environment.proxy != nil else {
            throw StartupError(step: "record", reason: "--record needs --proxy-to: only proxied exchanges are recorded")
        }
        try step("record") { () throws(AdminError) in try environment.recorder.start(folder: folder, filter: nil) }
    }

    /// The main listener's port.
    public var port: Int { listeners.first?.address.port ?? 0 }

    /// Loads the certificate files again for new connections; open connections keep theirs.
    public func reloadCertificates() throws(StartupError) {
        let context = try Self.step("TLS reload") { () throws(TLSError) in try TLSContext.server(configuration.serverTLS(certificates)) }
        mainTLS.replace(with: context)
        let pin = (try? DevelopmentPKI.spkiPin(ofCertificateAt: certificates.serverCertificate)) ?? "unavailable"
        logger.log(.info, "reloaded certificates", [("spki_sha256", .text(pin))])
    }

    /// Starts a graceful shutdown; `wait()` returns when it is done.
    public func shutdown() { server.shutdown() }

    /// Blocks until the server has stopped, then stores the journal's last entries.
    public func wait() {
        server.wait()
        proxy?.shutdown()
        journal?.stop()
    }

    private func announce() {
        let pin = (try? DevelopmentPKI.spkiPin(ofCertificateAt: certificates.serverCertificate)) ?? "unavailable"
        for listener in listeners {
            let host = listener.address.host == "0.0.0.0" || listener.address.host == "::" ? "localhost" : listener.address.host
            let url = "https://\(host.contains(":") ? "[\(host)]" : host):\(listener.address.port)"
            var fields: [(StaticString, LogValue)] = [("listener", .text(listener.name)), ("url", .text(url))]
            if listener.name == "main" { fields.append(("spki_sha256", .text(pin))) }
            logger.log(.info, "listening", fields)
        }
    }

    static func step<Value, Failure: Error & CustomStringConvertible>(_ name: String, _ body: () throws(Failure) -> Value) throws(StartupError) -> Value {
        do {
            return try body()
        } catch {
            throw StartupError(step: name, reason: error.description)
        }
    }
}
