/// What the client's signing dictionaries held, as far as the server can tell from the wire: the
/// signed headers and the rendered parameters. The canonicalizer assembles it as received; the
/// diagnosis assembles altered copies to reproduce client mistakes.
struct SigningInput {
    /// A signed header that is present.
    struct Header {
        /// The key it is signed under (the configured spelling, unless a diagnosis alters it).
        var key: String
        /// The name as it arrived on the wire.
        let wireName: String
        /// The field value, surrounding whitespace trimmed.
        let value: String
        /// Whether this is the `Authorization` header, whose token is masked in displays.
        let isAuthorization: Bool
    }

    /// A parameter, with the rendering the client is expected to have signed.
    struct Parameter {
        let name: String
        let value: ParameterValue
        /// What goes into the canonical string (`value.rendered`, unless a diagnosis alters it).
        var rendered: String
        let source: RequestParameters.Source
    }

    var headers: [Header] = []
    var parameters: [Parameter]
    /// The first signed header sent more than once, in its configured spelling.
    private(set) var duplicatedHeader: String?
    /// The first parameter that has no reliable rendering, and why.
    private(set) var unsignableParameter: (name: String, reason: String)?
    /// The request came over HTTP/2, whose header names are always lowercase on the wire.
    let receivedOverHTTP2: Bool

    /// The input of `request`; never fails, so that the diagnosis can rebuild it: problems are
    /// recorded in `duplicatedHeader` and `unsignableParameter` for the canonicalizer to throw.
    init(request: SignableRequest, parameters: RequestParameters, signedHeaders: [String]) {
        headers.reserveCapacity(signedHeaders.count)
        receivedOverHTTP2 = request.version.major == 2
        for name in signedHeaders where !headers.contains(where: { $0.key.equalsIgnoringASCIICase(name) }) {
            var found: (name: String, value: String)?
            for field in request.headers where field.name.equalsIgnoringASCIICase(name) {
                if found != nil, duplicatedHeader == nil { duplicatedHeader = name }
                found = found ?? field
            }
            guard let found else { continue }
            headers.append(Header(key: name, wireName: found.name, value: found.value.trimmingOptionalWhitespace,
                                  isAuthorization: name.equalsIgnoringASCIICase("Authorization")))
        }
        self.parameters = parameters.entries.map { entry in
            Parameter(name: entry.name, value: entry.value, rendered: entry.value.rendered, source: entry.source)
        }
        unsignableParameter = parameters.entries.lazy
            .compactMap { entry in entry.value.unsignableReason.map { (entry.name, $0) } }
            .first
    }
}
