import Signing
import Store

/// The signing apps from the `apps` table, loaded once at start.
public struct AppRegistry: Sendable {
    /// Why the apps table cannot be used.
    public enum LoadError: Error, Sendable, CustomStringConvertible {
        case noDefaultApp
        case unknownScheme(appKey: String, scheme: String)

        public var description: String {
            switch self {
            case .noDefaultApp: "the apps table has no default app (is_default = 1); run `countersign db seed`"
            case .unknownScheme(let appKey, let scheme): "app '\(appKey)' has unknown signature scheme '\(scheme)'"
            }
        }
    }

    /// The app used when a request sends no `X-APP-KEY`.
    public let defaultApp: SigningApp
    private let byKey: [String: SigningApp]

    /// The registry for `records`; `defaultSecretOverride` (`--secret`) replaces the default app's secrets.
    public init(records: [AppRecord], defaultSecretOverride: String?) throws(LoadError) {
        var apps: [String: SigningApp] = [:]
        var defaultApp: SigningApp?
        for record in records {
            guard let scheme = SignatureScheme(rawValue: record.scheme) else {
                throw .unknownScheme(appKey: record.appKey, scheme: record.scheme)
            }
            let secrets = record.isDefault ? defaultSecretOverride.map { [$0] } ?? record.secrets : record.secrets
            let app = SigningApp(appKey: record.appKey, secrets: secrets, scheme: scheme)
            apps[record.appKey] = app
            if record.isDefault { defaultApp = app }
        }
        guard let defaultApp else { throw .noDefaultApp }
        self.defaultApp = defaultApp
        byKey = apps
    }

    /// The app an `X-APP-KEY` value selects (the default app when absent), or nil for an unknown key.
    public func app(forKey key: String?) -> SigningApp? {
        guard let key else { return defaultApp }
        return byKey[key]
    }

    /// Every secret of every app, for the tests that prove secrets never leak.
    public var allSecrets: [String] { byKey.values.flatMap(\.secrets) }
}
