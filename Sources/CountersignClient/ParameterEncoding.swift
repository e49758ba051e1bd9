/// Where a request's parameters travel, as Alamofire's encodings put them.
public enum ParameterEncoding: Sendable {
    /// In the query string (`URLEncoding.queryString`; Alamofire's default for GET).
    case query
    /// In an `application/x-www-form-urlencoded` body (`URLEncoding.httpBody`; the default for POST).
    case form
    /// In an `application/json` object body (`JSONEncoding.default`).
    case json
}
