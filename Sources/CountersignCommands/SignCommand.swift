import Signing

/// `countersign sign`: the canonical string and signature the server computes for a request.
struct SignCommand: Command {
    static let name = "sign"
    static let usage = """
    Usage: countersign sign --method GET --path '/api/v1/games?page=1' --header 'X-API-VERSION: 1.0' \\
             [--header 'Authorization: Bearer …'] [--form 'a=1&b=2' | --json '{"a":1}'] [--secret S] \\
             [--app-key KEY] [--scheme md5|top-md5|hmac-sha256] [--signed-headers LIST] [--db PATH] [--seed PATH]
    The secret comes from --secret, else COUNTERSIGN_SECRET, else the app's secret in the database (or seed.sql).
    """

    private static let sharedFields: [ServerOptions.Field] = [.secret, .appKey, .db, .seed]
    private static let options: [CommandOption] = ["method", "path", "header", "form", "json", "scheme", "signed-headers"].map { .value($0) }
        + ServerOptions.options(sharedFields)

    /// The request to sign.
    let request: SignableRequest
    /// The signed header names (`--signed-headers`, else `COUNTERSIGN_SIGNED_HEADERS`, else the server's default).
    let policy: SigningPolicy
    /// `--scheme`, overriding the app's.
    let scheme: SignatureScheme?
    let options: ServerOptions

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> SignCommand {
        let parsed = try ParsedArguments(arguments, options: options)
        guard let path = parsed.value("path")?.text else { throw CommandError("--path is required\n\(usage)") }
        let method = (parsed.value("method")?.text ?? "GET").uppercased()
        var headers: [(name: String, value: String)] = []
        for header in parsed.all("header") {
            guard let colon = header.text.firstIndex(of: ":") else {
                throw CommandError("--header '\(header.text)' is not 'Name: value'", argumentIndex: header.index)
            }
            headers.append((String(header.text[..<colon]), String(header.text[header.text.index(after: colon)...]).trimmingSpaces()))
        }
        var body: [UInt8] = []
        if let form = parsed.value("form") {
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = Array(form.text.utf8)
        } else if let json = parsed.value("json") {
            headers.append(("Content-Type", "application/json"))
            body = Array(json.text.utf8)
        }
        var policy = SigningPolicy()
        if let list = parsed.value("signed-headers")?.text ?? environment["COUNTERSIGN_SIGNED_HEADERS"] {
            policy.signedHeaders = list.split(separator: ",").map { String($0).trimmingSpaces() }
        }
        let scheme = try parsed.value("scheme").map { name throws(CommandError) -> SignatureScheme in
            guard let scheme = SignatureScheme(rawValue: name.text) else {
                throw CommandError("--scheme must be one of \(SignatureScheme.allCases.map(\.rawValue).joined(separator: ", "))",
                                   argumentIndex: name.index)
            }
            return scheme
        }
        return SignCommand(request: SignableRequest(method: method, target: path, headers: headers, body: body), policy: policy,
                           scheme: scheme, options: try ServerOptions(parsed, fields: sharedFields, environment: environment))
    }

    func run() throws -> Int32 {
        let app = try SigningSecret.resolve(options, scheme: scheme)
        let canonicalizer = Canonicalizer(policy: policy)
        let canonical = try canonicalizer.canonicalize(request, parameters: canonicalizer.parameters(of: request))
        print("canonical: \(canonical.string(secret: "<secret>", scheme: app.scheme))")
        print("signature: \(canonical.signature(secret: app.secret, scheme: app.scheme))")
        return 0
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
