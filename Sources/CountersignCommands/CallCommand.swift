import Certificates
import CountersignClient
import HTTP
import JSON
import Signing
import System
import TLS

/// `countersign call`: one signed request, made the way the mobile app makes it (`MobileRequestSigner`,
/// the same code the tests use as the app), with the envelope printed. Pins `server.cer`, can present
/// `client.p12`, and remembers the last login's token.
struct CallCommand: Command {
    static let name = "call"
    static let usage = """
    Usage: countersign call [options] METHOD PATH [options]
      -d, --data name=value  a parameter (query for GET, form body otherwise; repeatable)
      --json                 send the parameters as a JSON object body (values that look like numbers
                             or true/false are sent as such)
      --host H --port P      the server (default localhost and COUNTERSIGN_PORT or 8443)
      --certs DIR            pin DIR/server.cer (default server-certs)
      --client-p12           present DIR/client.p12 (password: --client-p12-password, default countersign)
      --token T / --no-token use this token / none, instead of the one saved by the last login
      --secret S --app-key K sign with this secret / app (default: as `countersign sign`)
      --language L           Accept-Language
      --device-id ID         X-DEVICE-ID
      --state-dir DIR        where the last login's token is kept (default .countersign)
      --http2                speak HTTP/2 (ALPN h2 only, names sent lowercase), as URLSession and OkHttp do
                             when the server offers it; without it, HTTP/1.1
      -v, --verbose          print the protocol, the canonical string and the request and response headers
    Options may come before or after METHOD PATH.
    Exit status: 0 when code is 0, 1 for another code, 3 when no envelope came back, 2 for usage errors.
    """
    static let failureStatus: Int32 = 3

    private static let options: [CommandOption] = ["client-p12-password", "token", "language", "device-id", "state-dir"].map { .value($0) }
        + [.value("data", letter: "d"), .flag("json"), .flag("client-p12"), .flag("no-token"), .flag("http2"), .flag("verbose", letter: "v")]
        + ServerOptions.options(ServerOptions.Field.allCases)

    /// METHOD and PATH as typed (nil when missing).
    let method: ParsedArguments.Value?
    let path: ParsedArguments.Value?
    /// The `-d` values as typed.
    let data: [ParsedArguments.Value]
    let json: Bool
    let clientP12: Bool
    let clientP12Password: String
    let token: String?
    let noToken: Bool
    let language: String?
    let deviceID: String?
    let verbose: Bool
    /// Whether to speak HTTP/2 instead of HTTP/1.1.
    let http2: Bool
    /// Where the last login's token is kept (`--state-dir`, default `.countersign`).
    let stateDirectory: String
    let options: ServerOptions

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> CallCommand {
        let parsed = try ParsedArguments(arguments, options: options, positionalLimit: 2)
        return CallCommand(
            method: parsed.positionals.first, path: parsed.positionals.dropFirst().first, data: parsed.all("data"),
            json: parsed.contains("json"), clientP12: parsed.contains("client-p12"),
            clientP12Password: parsed.value("client-p12-password")?.text ?? environment["COUNTERSIGN_CLIENT_P12_PASSWORD"] ?? "countersign",
            token: parsed.value("token")?.text, noToken: parsed.contains("no-token"), language: parsed.value("language")?.text,
            deviceID: parsed.value("device-id")?.text, verbose: parsed.contains("verbose"), http2: parsed.contains("http2"),
            stateDirectory: parsed.value("state-dir")?.text ?? ".countersign",
            options: try ServerOptions(parsed, fields: ServerOptions.Field.allCases, environment: environment))
    }

    func validate() throws {
        _ = try request()
    }

    /// METHOD (in capitals), PATH and the `-d` parameters, or the usage mistake.
    private func request() throws(CommandError) -> (method: String, path: String, parameters: [(String, String)]) {
        guard let method, let path else {
            throw CommandError("call needs METHOD and PATH, such as GET /api/v1/ping; countersign call --help lists the options")
        }
        guard path.text.hasPrefix("/") else { throw CommandError("PATH must start with /, such as /api/v1/ping", argumentIndex: path.index) }
        guard !path.text.contains("?") else {
            throw CommandError("PATH must not carry a query; pass its parameters with -d name=value, which are signed as the app signs them",
                               argumentIndex: path.index)
        }
        var parameters: [(String, String)] = []
        for pair in data {
            guard let equals = pair.text.firstIndex(of: "=") else { throw CommandError("-d needs name=value", argumentIndex: pair.index) }
            parameters.append((String(pair.text[..<equals]), String(pair.text[pair.text.index(after: equals)...])))
        }
        return (method.text.uppercased(), path.text, parameters)
    }

    func run() throws -> Int32 {
        let (method, path, parameters) = try request()
        let session = SessionFile(directory: stateDirectory)
        let app = try SigningSecret.resolve(options)
        var signer = MobileRequestSigner(secret: app.secret)
        signer.scheme = app.scheme
        signer.host = options.host
        signer.accept = "application/json"
        signer.token = noToken ? nil : token ?? session.token()
        signer.deviceID = deviceID
        signer.appKey = options.appKey
        signer.language = language
        let jsonValues = json ? parameters.map { ($0.0, Self.typed($0.1)) } : []
        let formValues = json ? [] : parameters
        let request = signer.request(method, path, parameters: formValues, encoding: json ? .json : nil, jsonValues: jsonValues)
        if verbose {
            print("canonical: \(Self.displayed(signer.signedPieces(parameters: formValues, jsonValues: jsonValues), scheme: app.scheme))")
            print("> \(request.method) \(request.target)")
            for header in request.headers { print("> \(header.name): \(header.value)") }
        }
        let response: HTTPResponse
        if http2 {
            let client = try HTTP2Client(host: options.host, port: options.port, tls: try tls(), timeoutSeconds: 30)
            response = try client.send(request)
            if verbose { print("protocol: \(client.negotiatedALPN ?? "h2")") }
        } else {
            let client = try TLSClient(host: options.host, port: options.port, tls: try tls(), timeoutSeconds: 30)
            response = try client.send(request)
            if verbose { print("protocol: \(client.negotiatedALPN ?? "http/1.1")") }
        }
        if verbose {
            print("< \(response.status.code) \(response.status.reasonPhrase)")
            for header in response.headers { print("< \(header.name): \(header.value)") }
        }
        guard let envelope = try? JSONParser.parse(response.body), case .number(let code)? = envelope["code"] else {
            print(String(decoding: response.body, as: UTF8.self))
            return 3
        }
        print(JSONWriter.serialize(envelope, pretty: true))
        if code.int64Value == 0 {
            if let newToken = envelope["data"]?["token"]?.stringValue { try session.save(token: newToken) }
            if path == "/api/v1/users/logout" { session.clear() }
        }
        return code.int64Value == 0 ? 0 : 1
    }

    /// Pins `server.cer` (and presents `client.p12` when asked).
    private func tls() throws(CommandError) -> TLSClientConfiguration {
        let certificates = options.certificates
        guard let certificate = FileSystem.read(certificates.serverDER) else {
            throw CommandError("cannot read \(certificates.serverDER): start the server once or run `countersign certs`, or pass --certs")
        }
        var tls = TLSClientConfiguration(pinnedCertificateDER: certificate, serverName: options.host)
        if clientP12 {
            tls.clientPKCS12Path = certificates.clientP12
            tls.clientPKCS12Password = clientP12Password
        }
        return tls
    }

    /// The signed concatenation safe to show, as the server shows its canonical string: the secret
    /// as `<secret>`, the token shortened, passwords and other sensitive values hidden.
    private static func displayed(_ pieces: [(String, String)], scheme: SignatureScheme) -> String {
        let shown = pieces.map { key, value in
            if key == "Authorization" { return key + CanonicalRequest.masked(authorization: value) }
            return key + (SensitiveValues.isSensitive(name: key) ? SensitiveValues.marker : value)
        }
        return scheme.layout(message: shown.joined(), secret: "<secret>")
    }

    /// A JSON value for a command-line text: numbers and booleans as such, anything else a string.
    private static func typed(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = JSONNumber(text: text) { return .number(number) }
        return .string(text)
    }
}
