import Backend
import Certificates
import CountersignClient
import CountersignServer
import HTTP
import JSON
import Signing
import TLS

/// The parsed arguments of `countersign call`.
struct CallOptions {
    let method: String
    let path: String
    let parameters: [(String, String)]
    let json: Bool
    let host: String
    let port: Int
    let certificates: CertificatePaths
    let clientP12: Bool
    let clientP12Password: String
    let token: String?
    let noToken: Bool
    let language: String?
    let deviceID: String?
    let verbose: Bool
    /// Where the last login's token is kept (`--state-dir`, default `.countersign`).
    let stateDirectory: String
    /// The options `SigningSecret` reads (`--secret`, `--app-key`, `--db`, `--seed`).
    let options: OptionReader

    init(_ arguments: [String], environment: [String: String]) throws(CommandError) {
        let options = try OptionReader(arguments, valueNames: ["host", "port", "certs", "client-p12-password", "token", "secret", "app-key",
                                                               "language", "device-id", "db", "seed", "state-dir", "data"],
                                       switchNames: ["json", "client-p12", "no-token", "verbose"],
                                       aliases: ["d": "data", "v": "verbose"], positionalLimit: 2)
        guard options.positionals.count == 2 else { throw CommandError("call needs METHOD and PATH, such as GET /api/v1/ping; countersign call --help lists the options") }
        method = options.positionals[0].uppercased()
        path = options.positionals[1]
        guard path.hasPrefix("/") else { throw CommandError("PATH must start with /, such as /api/v1/ping") }
        var parameters: [(String, String)] = []
        for pair in options.all("data") {
            guard let equals = pair.firstIndex(of: "=") else { throw CommandError("-d needs name=value") }
            parameters.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
        }
        self.parameters = parameters
        verbose = options.switches.contains("verbose")
        self.options = options
        json = options.switches.contains("json")
        host = options.value("host") ?? "localhost"
        guard let port = Int(options.value("port") ?? environment["COUNTERSIGN_PORT"] ?? "8443"), (1...65_535).contains(port) else {
            throw CommandError("--port must be 1 to 65535")
        }
        self.port = port
        certificates = CertificatePaths(directory: options.value("certs") ?? environment["COUNTERSIGN_CERTS"] ?? "server-certs")
        clientP12 = options.switches.contains("client-p12")
        clientP12Password = options.value("client-p12-password") ?? environment["COUNTERSIGN_CLIENT_P12_PASSWORD"] ?? "countersign"
        token = options.value("token")
        noToken = options.switches.contains("no-token")
        language = options.value("language")
        deviceID = options.value("device-id")
        stateDirectory = options.value("state-dir") ?? ".countersign"
    }

    /// The request with the app's headers and parameters, before the signature is added.
    func unsignedRequest(token: String?) -> HTTPRequest {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Accept", value: "application/json")
        headers.add(name: "X-API-VERSION", value: "1.0")
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let deviceID { headers.add(name: "X-DEVICE-ID", value: deviceID) }
        if let appKey = options.value("app-key") { headers.add(name: "X-APP-KEY", value: appKey) }
        if let language { headers.add(name: "Accept-Language", value: language) }
        let encoded = parameters.map { "\(PercentEncoding.escape($0.0))=\(PercentEncoding.escape($0.1))" }.joined(separator: "&")
        var target = path
        var body: [UInt8] = []
        if json {
            headers.add(name: "Content-Type", value: "application/json")
            body = Array(JSONWriter.serialize(.object(JSONObject(parameters.map { ($0.0, Self.typed($0.1)) }))).utf8)
        } else if method == "GET" || method == "HEAD" || method == "DELETE" {
            if !encoded.isEmpty { target += (path.contains("?") ? "&" : "?") + encoded }
        } else {
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")
            body = Array(encoded.utf8)
        }
        return HTTPRequest(method: method, target: target, version: .http1_1, headers: headers, body: body)
    }

    /// Pins `server.cer` (and presents `client.p12` when asked).
    func tls() throws -> TLSClientConfiguration {
        guard let certificate = FileContents.read(certificates.serverDER) else {
            throw CommandError("cannot read \(certificates.serverDER): start the server once or run `countersign certs`, or pass --certs")
        }
        var tls = TLSClientConfiguration(pinnedCertificateDER: certificate, serverName: host)
        if clientP12 {
            tls.clientPKCS12Path = certificates.clientP12
            tls.clientPKCS12Password = clientP12Password
        }
        return tls
    }

    /// A JSON value for a command-line text: numbers and booleans as such, anything else a string.
    private static func typed(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = JSONNumber(text: text) { return .number(number) }
        return .string(text)
    }
}
