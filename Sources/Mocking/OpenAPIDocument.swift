import JSON

/// An OpenAPI 3 document as JSON, with its local `$ref`s (`#/components/schemas/Pet`) resolved
/// on demand: a schema may refer to itself, so nothing is expanded up front.
public struct OpenAPIDocument: Sendable {
    /// The most `$ref`s followed from one place (a chain longer than this is reported as a loop).
    static let maxReferenceHops = 16

    /// The whole document.
    public let root: JSONValue

    /// The document `root`.
    public init(root: JSONValue) {
        self.root = root
    }

    /// `value`, or what its `$ref` names when it has one; nil when the reference resolves nowhere.
    func resolved(_ value: JSONValue) -> JSONValue? {
        var current = value
        for _ in 0..<Self.maxReferenceHops {
            guard let reference = current["$ref"]?.stringValue else { return current }
            guard reference.hasPrefix("#"), let pointer = try? JSONPointer(reference), let target = pointer.resolve(in: root) else { return nil }
            current = target
        }
        return nil
    }

    /// Every `$ref` of the document that resolves nowhere, with where it is written.
    func danglingReferences() -> [OpenAPIProblem] {
        var problems: [OpenAPIProblem] = []
        visit(root, at: JSONPointer(tokens: [])) { value, pointer in
            guard let reference = value["$ref"] else { return }
            let location = pointer.appending("$ref")
            guard let text = reference.stringValue else {
                problems.append(OpenAPIProblem(pointer: location, rule: "must be a string"))
                return
            }
            guard text.hasPrefix("#") else {
                problems.append(OpenAPIProblem(pointer: location, rule: "'\(text)' is not a local reference (#/...); external documents are not read"))
                return
            }
            if resolved(value) == nil {
                problems.append(OpenAPIProblem(pointer: location, rule: "'\(text)' resolves nowhere (or loops)"))
            }
        }
        return problems
    }

    /// Calls `body` with every object of `value` and its pointer, depth first.
    private func visit(_ value: JSONValue, at pointer: JSONPointer, _ body: (JSONValue, JSONPointer) -> Void) {
        switch value {
        case .object(let object):
            body(value, pointer)
            for (key, member) in object { visit(member, at: pointer.appending(key), body) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { visit(element, at: pointer.appending(String(index)), body) }
        default: break
        }
    }
}

/// A mistake in an OpenAPI document: where (a JSON Pointer) and the rule it breaks.
public struct OpenAPIProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let pointer: JSONPointer
    public let rule: String

    public init(pointer: JSONPointer, rule: String) {
        self.pointer = pointer
        self.rule = rule
    }

    /// "#/paths/~1pet/post/requestBody/$ref: '#/components/requestBodies/Nope' resolves nowhere".
    public var description: String { "\(pointer): \(rule)" }
}
