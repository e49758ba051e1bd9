import Crypto
import HTTP
import JSON
import Signing

/// Builds and signs requests exactly as a mobile app's networking layer does (SIGNING.md "The
/// client's algorithm"), independently of the server's canonicalizer: a dictionary of the client's own
/// headers and the parameters, keys sorted, `key + value` concatenated, the secret appended, MD5 in
/// uppercase hex (or the app's other scheme: the secret on both sides, or HMAC-SHA256).
public struct MobileRequestSigner: Sendable {
    /// The app's signing secret.
    public var secret: String
    /// How the concatenation and the secret become the signature (default MD5, the secret appended).
    public var scheme = SignatureScheme.md5
    /// `X-API-VERSION`.
    public var apiVersion = "1.0"
    /// The bearer token, once logged in.
    public var token: String?
    /// `X-DEVICE-ID`, when the device has one.
    public var deviceID: String?
    /// `X-APP-KEY`, to select a non-default app.
    public var appKey: String?
    /// `Accept-Language`.
    public var language: String?
    /// The `Host` header.
    public var host = "localhost"
    /// The `Accept` header.
    public var accept = "*/*"

    /// A signer for `secret`.
    public init(secret: String) { self.secret = secret }

    /// The headers the client signs: its own dictionary, before the HTTP library adds defaults.
    public var signedHeaders: [(String, String)] {
        var headers = [("X-API-VERSION", apiVersion)]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if let deviceID { headers.append(("X-DEVICE-ID", deviceID)) }
        return headers
    }

    /// What the client concatenates for `parameters` and `jsonValues`: its signed headers and the
    /// rendered parameters, sorted by key.
    public func signedPieces(parameters: [(String, String)], jsonValues: [(String, JSONValue)] = []) -> [(String, String)] {
        (signedHeaders + parameters + jsonValues.map { ($0.0, Self.render($0.1)) }).sorted { $0.0 < $1.0 }
    }

    /// The signature of `parameters` (already rendered as the client's `"\(value)"`) with `headers`.
    public static func signature(parameters: [(String, String)], headers: [(String, String)], secret: String,
                                 scheme: SignatureScheme = .md5) -> String {
        sign((headers + parameters).sorted { $0.0 < $1.0 }, secret: secret, scheme: scheme)
    }

    /// The signature of pieces already in order.
    private static func sign(_ pieces: [(String, String)], secret: String, scheme: SignatureScheme) -> String {
        let message = pieces.map { $0.0 + $0.1 }.joined()
        switch scheme {
        case .md5: return md5(message + secret)
        case .topMD5: return md5(secret + message + secret)
        case .hmacSHA256: return Hex.encode(HMAC.sha256(key: Array(secret.utf8), message: Array(message.utf8)), uppercase: true)
        }
    }

    private static func md5(_ text: String) -> String {
        let hasher = Hasher(algorithm: .md5)
        hasher.update(text)
        return hasher.finalizeDigest().hex(uppercase: true)
    }

    /// A signed request. `parameters` are rendered values; with `.json` each value is sent as a JSON
    /// string unless it is given in `jsonValues` (numbers, booleans) instead.
    public func request(_ method: String, _ path: String, parameters: [(String, String)] = [],
                        encoding: ParameterEncoding? = nil, jsonValues: [(String, JSONValue)] = []) -> HTTPRequest {
        let encoding = encoding ?? (method == "GET" || method == "HEAD" || method == "DELETE" ? .query : .form)
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Accept", value: accept)
        if let language { headers.add(name: "Accept-Language", value: language) }
        for (name, value) in signedHeaders { headers.add(name: name, value: value) }
        if let appKey { headers.add(name: "X-APP-KEY", value: appKey) }
        headers.add(name: "X-SIGNATURE", value: Self.sign(signedPieces(parameters: parameters, jsonValues: jsonValues),
                                                           secret: secret, scheme: scheme))
        var target = path
        var body: [UInt8] = []
        let encoded = parameters.sorted { $0.0 < $1.0 }.map { "\(PercentEncoding.escape($0.0))=\(PercentEncoding.escape($0.1))" }.joined(separator: "&")
        switch encoding {
        case .query:
            if !encoded.isEmpty { target += (path.contains("?") ? "&" : "?") + encoded }
        case .form:
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")
            body = Array(encoded.utf8)
        case .json:
            headers.add(name: "Content-Type", value: "application/json")
            let members = parameters.map { ($0.0, JSONValue.string($0.1)) } + jsonValues
            body = Array(JSONWriter.serialize(.object(JSONObject(members))).utf8)
        }
        return HTTPRequest(method: method, target: target, version: .http1_1, headers: headers, body: body)
    }

    /// What Swift's `"\(value)"` prints for a JSON scalar the client sends.
    private static func render(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        default: JSONWriter.serialize(value)
        }
    }
}
