import HTTP

/// Serves the admin console (`GET /__admin/ui` and `/__admin/ui/<asset>`): static files that hold
/// no data, with a strict Content-Security-Policy. The page reads everything it shows from the
/// admin API, which applies its own access rule to every call.
public enum AdminConsole {
    /// The page's path.
    public static let path = "/__admin/ui"

    /// Scripts, styles, images and API calls from this server only; no inline script or style, no
    /// plugin, no form posted anywhere, never inside a frame.
    public static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Whether `path` is the console's (the page or one of its assets).
    public static func serves(_ path: String) -> Bool {
        path == Self.path || path.hasPrefix(Self.path + "/")
    }

    /// The answer to `method` on `path`, one of the console's paths: the asset (GET or HEAD), 404
    /// for an unknown one, 405 for another method.
    public static func respond(method: String, path: String, requestID: String) -> HTTPResponse {
        guard method == "GET" || method == "HEAD" else {
            var response = text(HTTPStatus(code: 405), "\(method) is not allowed here; use GET, HEAD", requestID: requestID)
            response.headers.add(name: "Allow", value: "GET, HEAD")
            return response
        }
        let name = path == Self.path ? "" : String(path.dropFirst(Self.path.count + 1))
        guard let asset = assets[name] else {
            return text(HTTPStatus(code: 404), "no console file \(path)", requestID: requestID)
        }
        return HTTPResponse(status: .ok, headers: headers(contentType: asset.contentType, requestID: requestID), body: Array(asset.text.utf8))
    }

    private static let assets: [String: ConsoleAsset] = Dictionary(uniqueKeysWithValues: ConsoleAsset.all.map { ($0.name, $0) })

    private static func text(_ status: HTTPStatus, _ message: String, requestID: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers(contentType: "text/plain; charset=utf-8", requestID: requestID),
                     body: Array(message.utf8))
    }

    /// The headers of every console answer: its type, the request id and the security headers.
    private static func headers(contentType: String, requestID: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "X-Request-Id", value: requestID)
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(name: "X-Frame-Options", value: "DENY")
        headers.add(name: "Cross-Origin-Opener-Policy", value: "same-origin")
        return headers
    }
}
