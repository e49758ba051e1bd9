import JSON

extension MockStub {
    /// The top-level fields of a definition. `request` and `response` hold the matching and the
    /// answer; the flat form (`method`, `path`, `code`, `message`, `data`, `http_status` at the
    /// top, the format before matching existed) is read as the same thing.
    public static let fields = ["request", "response", "priority", "auth", "scenario", "seed", "delay_ms", "times",
                                "method", "path", "code", "message", "data", "http_status"]
    /// The fields of `request`.
    static let requestFields = ["method", "path", "params", "headers", "body"]
    /// The priority of a stub that gives none (WireMock's default); 1 is first.
    public static let defaultPriority = 5
    /// The priorities a stub may have.
    public static let priorities = 1...1000

    /// The stub `definition` describes, with `id`; its path must start with `pathPrefix`. Throws
    /// the first field that breaks a rule, and the rule.
    public init(id: Int, definition: JSONValue, pathPrefix: String = "/") throws(DefinitionError) {
        let top = try DefinitionReader(definition, at: "", allowed: Self.fields)
        let isFlat = top.value("request") == nil && top.value("response") == nil
        let flatRequest: Set = ["method", "path"], flatResponse: Set = ["code", "message", "data", "http_status"]
        if !isFlat, let mixed = definition.objectValue?.keys.first(where: { flatRequest.contains($0) || flatResponse.contains($0) }) {
            throw DefinitionError(field: mixed, rule: "belongs in 'request' or 'response' when the stub has either")
        }
        let request = isFlat ? top : try DefinitionReader(top.value("request") ?? .object(JSONObject()), at: "request", allowed: Self.requestFields)
        let response = isFlat ? top : try DefinitionReader(top.value("response") ?? .object(JSONObject()), at: "response", allowed: StubResponse.fields)

        let method = try request.requiredString("method")
        guard method == "ANY" || method.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw DefinitionError(field: request.field("method"), rule: "must be an HTTP method such as GET or POST, or ANY")
        }
        let pathText = try request.requiredString("path")
        guard pathText.hasPrefix(pathPrefix) else {
            throw DefinitionError(field: request.field("path"), rule: "must start with \(pathPrefix), such as \(pathPrefix)v1/orders/{id}")
        }
        let path: PathTemplate
        do {
            path = try PathTemplate(pathText)
        } catch {
            throw DefinitionError(field: request.field("path"), rule: error.rule)
        }
        self.init(id: id, method: method == "ANY" ? nil : method.uppercased(), path: path,
                  conditions: isFlat ? [] : try Self.conditions(request), priority: try top.integer("priority", in: Self.priorities) ?? Self.defaultPriority,
                  requiresLogin: try top.bool("auth") ?? false,
                  scenario: try top.value("scenario").map { (value) throws(DefinitionError) in
                      try ScenarioStep(DefinitionReader(value, at: "scenario", allowed: ScenarioStep.fields))
                  },
                  seed: try top.integer("seed", in: 0...Int.max).map { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max),
                  response: try StubResponse(response), delayMilliseconds: try top.integer("delay_ms", in: 0...600_000),
                  times: try top.integer("times", in: 1...1_000_000), definition: definition)
    }

    /// The conditions of `request`: `params` and `headers` map names to matchers, `body` maps JSON
    /// Pointers to matchers.
    private static func conditions(_ request: DefinitionReader) throws(DefinitionError) -> [RequestCondition] {
        var conditions: [RequestCondition] = []
        for (name, value) in try request.object("params") ?? JSONObject() {
            conditions.append(RequestCondition(.parameter(name), try ValueMatcher(value, at: "\(request.field("params")).\(name)")))
        }
        for (name, value) in try request.object("headers") ?? JSONObject() {
            conditions.append(RequestCondition(.header(name), try ValueMatcher(value, at: "\(request.field("headers")).\(name)")))
        }
        for (pointerText, value) in try request.object("body") ?? JSONObject() {
            let field = "\(request.field("body")).\(pointerText)"
            let pointer: JSONPointer
            do {
                pointer = try JSONPointer(pointerText)
            } catch {
                throw DefinitionError(field: field, rule: error.rule)
            }
            guard !pointer.tokens.isEmpty else { throw DefinitionError(field: field, rule: "must name a member, such as /order/id") }
            conditions.append(RequestCondition(.body(pointer), try ValueMatcher(value, at: field)))
        }
        return conditions
    }
}
