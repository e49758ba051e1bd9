import JSON

/// One condition of a stub on a request beyond its method and path: a parameter, a header, or a
/// member of the JSON body named by a JSON Pointer, tested by a `ValueMatcher`.
public struct RequestCondition: Sendable {
    /// What the condition reads.
    public enum Subject: Sendable, Equatable {
        /// A query, form or top-level JSON body parameter.
        case parameter(String)
        /// A header (case-insensitive name).
        case header(String)
        /// A member of the JSON body.
        case body(JSONPointer)
    }

    /// What is read.
    public let subject: Subject
    /// How it is tested.
    public let matcher: ValueMatcher

    /// The condition on `subject`.
    public init(_ subject: Subject, _ matcher: ValueMatcher) {
        self.subject = subject
        self.matcher = matcher
    }

    /// Why `request` fails the condition, in words; nil when it passes.
    func failure(for request: MockRequest) -> String? {
        switch subject {
        case .parameter(let name):
            return matcher.failure("param '\(name)'", actual: request.parameter(name).map(JSONValue.string))
        case .header(let name):
            return matcher.failure("header '\(name)'", actual: request.header(name).map(JSONValue.string))
        case .body(let pointer):
            let actual = request.jsonBody.flatMap(pointer.resolve)
            return matcher.failure("body member '\(pointer.tokens.isEmpty ? "" : "/" + pointer.tokens.joined(separator: "/"))'", actual: actual)
        }
    }
}
