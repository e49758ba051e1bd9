import Certificates
import CountersignServer

/// The options `sign`, `call` and `health` share: where the server is and which app signs. Each
/// command accepts the fields it uses; a flag wins over its `COUNTERSIGN_*` variable, which wins over
/// the default.
struct ServerOptions {
    /// One shared option.
    enum Field: CaseIterable {
        case host, port, certs, secret, appKey, db, seed

        /// The option's name, such as `app-key`.
        var name: String {
            switch self {
            case .host: "host"
            case .port: "port"
            case .certs: "certs"
            case .secret: "secret"
            case .appKey: "app-key"
            case .db: "db"
            case .seed: "seed"
            }
        }

        /// The variable read when the flag is absent (the ones `serve` reads too; there is none
        /// for the host, which is `serve`'s listening address, nor for the app key).
        var environmentVariable: String? {
            switch self {
            case .host, .appKey: nil
            case .port: "COUNTERSIGN_PORT"
            case .certs: "COUNTERSIGN_CERTS"
            case .secret: "COUNTERSIGN_SECRET"
            case .db: "COUNTERSIGN_DB"
            case .seed: "COUNTERSIGN_SEED"
            }
        }
    }

    /// The server's name or address.
    var host = "localhost"
    var port = 8443
    /// The certificate folder (`server.cer` is pinned, `ca.pem` trusted).
    var certificates = CertificatePaths(directory: "server-certs")
    /// `--secret`: signs as the default app, or replaces the `--app-key` app's stored secret.
    var secret: String?
    /// `COUNTERSIGN_SECRET`: signs as the default app when there is no `--app-key`.
    var environmentSecret: String?
    /// `--app-key`: the app whose secret and scheme sign.
    var appKey: String?
    /// The database, read for the app's secret and scheme.
    var databasePath = "data/countersign.sqlite"
    /// The seed read instead when there is no database yet.
    var seedPath = "seed.sql"

    /// The options for `fields`.
    static func options(_ fields: [Field]) -> [CommandOption] {
        fields.map { .value($0.name) }
    }

    /// The values of `fields` in `arguments`, else in `environment`; the other fields keep their defaults.
    init(_ arguments: ParsedArguments, fields: [Field], environment: [String: String]) throws(CommandError) {
        func value(_ field: Field) -> ParsedArguments.Value? {
            guard fields.contains(field) else { return nil }
            return arguments.value(field.name) ?? field.environmentVariable.flatMap { name in
                environment[name].map { ParsedArguments.Value(text: $0, index: nil) }
            }
        }
        if let host = value(.host) { self.host = host.text }
        if let port = value(.port) {
            guard let number = Int(port.text), (1...65_535).contains(number) else {
                throw CommandError("--port must be 1 to 65535", argumentIndex: port.index)
            }
            self.port = number
        }
        if let certs = value(.certs) { certificates = CertificatePaths(directory: certs.text) }
        if fields.contains(.secret) {
            secret = arguments.value(Field.secret.name)?.text
            environmentSecret = environment["COUNTERSIGN_SECRET"]
        }
        appKey = value(.appKey)?.text
        if let db = value(.db) { databasePath = db.text }
        if let seed = value(.seed) { seedPath = seed.text }
    }

    /// The options of the server `configuration` describes, reached on this machine (`health`):
    /// its port (8443 when it picks a free one) and certificate folder.
    init(serving configuration: Configuration) {
        host = "127.0.0.1"
        port = configuration.port == 0 ? 8443 : configuration.port
        certificates = CertificatePaths(directory: configuration.certificatesDirectory)
        secret = configuration.secret
        databasePath = configuration.databasePath
        seedPath = configuration.seedPath
    }
}
