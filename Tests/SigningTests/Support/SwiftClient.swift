import Crypto
import Foundation
import Signing

/// A mobile client as SIGNING.md describes it, written independently of the Signing module: it
/// signs its typed parameter dictionary with Swift's own `"\(value)"` and `sorted()`, and puts the
/// request on the wire the way Alamofire 4's `URLEncoding.default` and `JSONEncoding.default` do.
/// Tests make a mistake by changing what is signed or what is sent, exactly as a real client would.
struct SwiftClient {
    enum Encoding {
        /// `URLEncoding.default`: the query for GET, HEAD and DELETE, a form body otherwise.
        case url
        /// `JSONEncoding.default`: a JSON object body.
        case json
    }

    var secret = "dev-secret-please-change"
    /// The client's own header dictionary (what it signs).
    var headers: [String: String] = ["X-API-VERSION": "1.0"]
    /// The client's parameter dictionary.
    var parameters: [String: Any] = [:]

    /// SIGNING.md's loop over the client's dictionaries.
    func signingString(headers: [String: String]? = nil, parameters: [String: Any]? = nil,
                       sortedBy areInIncreasingOrder: (String, String) -> Bool = (<)) -> String {
        let headers = headers ?? self.headers
        let parameters = parameters ?? self.parameters
        var signing = ""
        for key in (Array(parameters.keys) + Array(headers.keys)).sorted(by: areInIncreasingOrder) {
            if let value = headers[key] { signing += key + value }
            if let value = parameters[key] { signing += key + "\(value)" }
        }
        return signing
    }

    /// `uppercase hex(md5(utf8(string + secret)))`.
    func md5Signature(of signing: String) -> String {
        Hex.encode(DigestAlgorithm.md5.hash(Array((signing + secret).utf8)), uppercase: true)
    }

    /// The request as it reaches the server: `url` may already hold a hand-written query; the
    /// parameters (or `sentParameters`) go where the encoding puts them; the signed headers (or
    /// `sentHeaders`) are sent, then `lateHeaders`, added after signing.
    func wire(method: String, url: String, encoding: Encoding, signature: String,
              lateHeaders: [(String, String)] = [], sentHeaders: [(String, String)]? = nil,
              sentParameters: [String: Any]? = nil) -> SignableRequest {
        let parameters = sentParameters ?? self.parameters
        var fields: [(name: String, value: String)] = [
            ("Host", "localhost:8443"), ("Accept-Encoding", "gzip;q=1.0, compress;q=0.5"),
            ("User-Agent", "Demo/1.0 (cn.example.demo; build:1; iOS 17.0.0) Alamofire/4.9.1"),
        ]
        fields += (sentHeaders ?? headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).map { ($0.0, $0.1) }
        fields += lateHeaders.map { ($0.0, $0.1) }
        fields.append(("X-SIGNATURE", signature))
        var target = url
        var body: [UInt8] = []
        switch encoding {
        case .url where ["GET", "HEAD", "DELETE"].contains(method):
            let query = Self.query(parameters)
            if !query.isEmpty { target += (target.contains("?") ? "&" : "?") + query }
        case .url:
            body = Array(Self.query(parameters).utf8)
            fields.append(("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"))
        case .json:
            body = (try? JSONSerialization.data(withJSONObject: parameters)).map(Array.init) ?? []
            fields.append(("Content-Type", "application/json"))
        }
        if !body.isEmpty { fields.append(("Content-Length", String(body.count))) }
        return SignableRequest(method: method, target: target, headers: fields, body: body)
    }

    /// Alamofire 4's `URLEncoding.query(_:)`.
    static func query(_ parameters: [String: Any]) -> String {
        parameters.sorted { $0.key < $1.key }.flatMap { components(key: $0.key, value: $0.value) }
            .map { "\($0)=\($1)" }
            .joined(separator: "&")
    }

    /// Alamofire 4's `queryComponents(fromKey:value:)`, with iOS's `NSNumber` behaviour spelled out:
    /// a Bool becomes 1/0 and a whole Double loses its `.0`.
    private static func components(key: String, value: Any) -> [(String, String)] {
        if let array = value as? [Any] {
            return array.flatMap { components(key: "\(key)[]", value: $0) }
        }
        if let dictionary = value as? [String: Any] {
            return dictionary.sorted { $0.key < $1.key }.flatMap { components(key: "\(key)[\($0.key)]", value: $0.value) }
        }
        let text: String
        if let bool = value as? Bool {
            text = bool ? "1" : "0"
        } else if let double = value as? Double, let whole = Int64(exactly: double) {
            text = String(whole)
        } else {
            text = "\(value)"
        }
        return [(escape(key), escape(text))]
    }

    /// Alamofire's `escape(_:)`: RFC 3986 query characters minus the general and sub-delimiters.
    static func escape(_ string: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: ":#[]@" + "!$&'()*+,;=")
        return string.addingPercentEncoding(withAllowedCharacters: allowed) ?? string
    }
}
