import JSON

/// What the mocking engine sees of a request: method, path, parameters, headers and the JSON
/// body. The server builds it from its parsed request; tests build it directly.
public struct MockRequest: Sendable {
    /// One name and value (a parameter or a header).
    public typealias Field = (name: String, value: String)

    /// The method, uppercase.
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The query parameters, in order, decoded.
    public var query: [Field]
    /// The `application/x-www-form-urlencoded` body parameters, in order, decoded.
    public var form: [Field]
    /// The body, when it is JSON.
    public var jsonBody: JSONValue?
    /// The headers, names as sent (they are compared without regard to case).
    public var headers: [Field]

    /// A request; everything but the method and path is optional.
    public init(method: String, path: String, query: [Field] = [], form: [Field] = [], jsonBody: JSONValue? = nil,
                headers: [Field] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.jsonBody = jsonBody
        self.headers = headers
    }

    /// The parameter `name`: from the query, else the form body, else a top-level member of the
    /// JSON body (a string as it is; a number, boolean, array or object as its JSON text).
    public func parameter(_ name: String) -> String? {
        if let value = query.first(where: { $0.name == name })?.value { return value }
        if let value = form.first(where: { $0.name == name })?.value { return value }
        guard let member = jsonBody?[name] else { return nil }
        return member.parameterText
    }

    /// Every value of the parameter `name`, in the query then the form (for array parameters).
    public func parameterValues(_ name: String) -> [String] {
        (query + form).filter { $0.name == name }.map(\.value)
    }

    /// The first header named `name`, case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }
}

extension JSONValue {
    /// The value as a parameter's text: a string as it is, anything else as its JSON.
    var parameterText: String {
        if case .string(let text) = self { return text }
        return JSONWriter.serialize(self)
    }
}
