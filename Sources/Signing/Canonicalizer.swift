import JSON

/// Rebuilds, from a request as it arrived, the canonical string its client signed (SIGNING.md).
public struct Canonicalizer: Sendable {
    /// The signed headers and their spelling.
    public let policy: SigningPolicy
    /// The signed header names prepared for the usual request's shortcut,
    /// `CanonicalRequest(distinctKeysOf:)`; nil when the policy does not allow it.
    private let signedHeaderNames: SignedHeaderNames?

    /// A canonicalizer for `policy`.
    public init(policy: SigningPolicy) {
        self.policy = policy
        signedHeaderNames = SignedHeaderNames(policy.signedHeaders)
    }

    /// The parameters of `request`: its query string (every method), then, when it has a body, the
    /// fields of an `application/x-www-form-urlencoded` body or the members of a JSON object body
    /// (`application/json` or any `+json` type). Other bodies carry no parameters.
    ///
    /// - Throws: `.malformedBody` for bad percent-encoding, invalid UTF-8, invalid JSON or a JSON
    ///   body that is not an object.
    public func parameters(of request: SignableRequest) throws(RequestParsingError) -> RequestParameters {
        var entries: [RequestParameters.Entry] = []
        if let query = request.query {
            entries = try FormDecoder.decode(Array(query.utf8), source: .query, location: "query string")
        }
        guard !request.body.isEmpty, let mediaType = request.contentType.map(MediaType.init(contentType:)) else {
            return RequestParameters(entries)
        }
        switch mediaType {
        case .form:
            entries += try FormDecoder.decode(request.body, source: .body, location: "form body")
        case .json:
            entries += try jsonEntries(of: request.body)
        case .other:
            break
        }
        return RequestParameters(entries)
    }

    /// The canonical request of `request` with its `parameters` (from `parameters(of:)`).
    ///
    /// - Throws: `.duplicateSignedHeader` when a signed header was sent twice, `.unsignableValue`
    ///   when a parameter is a JSON object or `null` (or an array holding one).
    public func canonicalize(_ request: SignableRequest,
                             parameters: RequestParameters) throws(RequestParsingError) -> CanonicalRequest {
        if let signedHeaderNames,
           let canonical = CanonicalRequest(distinctKeysOf: request, parameters: parameters, signedHeaders: signedHeaderNames) {
            return canonical
        }
        let input = SigningInput(request: request, parameters: parameters, signedHeaders: policy.signedHeaders)
        if let header = input.duplicatedHeader { throw .duplicateSignedHeader(header) }
        if let (name, reason) = input.unsignableParameter { throw .unsignableValue(name: name, reason: reason) }
        return input.assemble()
    }

    private func jsonEntries(of body: [UInt8]) throws(RequestParsingError) -> [RequestParameters.Entry] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw .malformedBody("invalid JSON body: \(error)")
        }
        guard case .object(let object) = document else {
            throw .malformedBody("the JSON body is not an object")
        }
        return object.map { .init(name: $0.key, value: ParameterValue(member: $0.value), source: .body) }
    }
}

/// The body formats that carry parameters, recognized from a `Content-Type` value.
private enum MediaType {
    case form, json, other

    init(contentType: String) {
        let type = String(contentType.prefix { $0 != ";" }).trimmingOptionalWhitespace.lowercased()
        if type == "application/x-www-form-urlencoded" {
            self = .form
        } else if type == "application/json" || type.hasSuffix("+json") {
            self = .json
        } else {
            self = .other
        }
    }
}
