import Certificates
import CountersignClient
import CountersignServer
import HTTP
import JSON
import Signing
import TLS

/// `countersign call`: one signed request, made the way the mobile app makes it, with the envelope
/// printed. Pins `server.cer`, can present `client.p12`, and remembers the last login's token.
enum CallCommand {
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
      -v, --verbose          print the canonical string and the request and response headers
    Options may come before or after METHOD PATH.
    Exit status: 0 when code is 0, 1 for another code, 3 when no envelope came back, 2 for usage errors.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        return Console.exitStatus(failureStatus: 3) {
            let call = try CallOptions(arguments, environment: environment)
            return try perform(call, environment: environment)
        }
    }

    private static func perform(_ call: CallOptions, environment: [String: String]) throws -> Int32 {
        let session = SessionFile(directory: call.stateDirectory)
        let token = call.noToken ? nil : call.token ?? session.token()
        var request = call.unsignedRequest(token: token)
        let app = try SigningSecret.resolve(options: call.options, environment: environment)
        let signable = SignableRequest(method: request.method, target: request.target,
                                       headers: request.headers.map { (name: $0.name, value: $0.value) }, body: request.body)
        let canonicalizer = Canonicalizer(policy: SigningPolicy())
        let canonical = try canonicalizer.canonicalize(signable, parameters: canonicalizer.parameters(of: signable))
        request.headers.add(name: "X-SIGNATURE", value: canonical.signature(secret: app.secret, scheme: app.scheme))
        if call.verbose {
            print("canonical: \(canonical.displayString(scheme: app.scheme))")
            print("> \(request.method) \(request.target)")
            for header in request.headers { print("> \(header.name): \(header.value)") }
        }
        let client = try TLSClient(host: call.host, port: call.port, tls: try call.tls(), timeoutSeconds: 30)
        let response = try client.send(request)
        if call.verbose {
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
            if request.path == "/api/v1/users/logout" { session.clear() }
        }
        return code.int64Value == 0 ? 0 : 1
    }
}
