import Signing
import Store

/// `countersign sign`: the canonical string and signature the server computes for a request.
enum SignCommand {
    static let usage = """
    Usage: countersign sign --method GET --path '/api/v1/games?page=1' --header 'X-API-VERSION: 1.0' \\
             [--header 'Authorization: Bearer …'] [--form 'a=1&b=2' | --json '{"a":1}'] [--secret S] \\
             [--app-key KEY] [--scheme md5|top-md5|hmac-sha256] [--signed-headers LIST] [--db PATH] [--seed PATH]
    The secret comes from --secret, else COUNTERSIGN_SECRET, else the app's secret in the database (or seed.sql).
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        return Console.exitStatus {
            let options = try OptionReader(arguments, valueNames: ["method", "path", "header", "form", "json", "secret", "app-key", "scheme", "signed-headers", "db", "seed"])
            guard let path = options.value("path") else { throw CommandError("--path is required\n\(usage)") }
            let method = (options.value("method") ?? "GET").uppercased()
            var headers: [(name: String, value: String)] = []
            for header in options.all("header") {
                guard let colon = header.firstIndex(of: ":") else { throw CommandError("--header '\(header)' is not 'Name: value'") }
                headers.append((String(header[..<colon]), String(header[header.index(after: colon)...]).trimmingSpaces()))
            }
            var body: [UInt8] = []
            if let form = options.value("form") {
                headers.append(("Content-Type", "application/x-www-form-urlencoded"))
                body = Array(form.utf8)
            } else if let json = options.value("json") {
                headers.append(("Content-Type", "application/json"))
                body = Array(json.utf8)
            }
            var policy = SigningPolicy()
            if let list = options.value("signed-headers") ?? environment["COUNTERSIGN_SIGNED_HEADERS"] {
                policy.signedHeaders = list.split(separator: ",").map { String($0).trimmingSpaces() }
            }
            let app = try SigningSecret.resolve(options: options, environment: environment)
            let request = SignableRequest(method: method, target: path, headers: headers, body: body)
            let canonicalizer = Canonicalizer(policy: policy)
            let canonical = try canonicalizer.canonicalize(request, parameters: canonicalizer.parameters(of: request))
            print("canonical: \(canonical.string(secret: "<secret>", scheme: app.scheme))")
            print("signature: \(canonical.signature(secret: app.secret, scheme: app.scheme))")
            return 0
        }
    }
}
