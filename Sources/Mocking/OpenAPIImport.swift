import JSON

/// An OpenAPI 3 document (JSON) turned into operations the server answers, or the list of its
/// mistakes: a `$ref` that resolves nowhere, an example that breaks its schema, an operation
/// that cannot be mounted, each with its JSON Pointer. Nothing of a document with a mistake is
/// used.
public struct OpenAPIImport: Sendable {
    /// The methods an OpenAPI path item may hold.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// The most problems one report lists.
    public static let maxProblems = 20

    /// `info.title`.
    public let title: String
    /// The prefix the paths are mounted under (`/api/v3` for Petstore's `servers`).
    public let prefix: String
    /// The operations, in document order.
    public let operations: [OpenAPIOperation]

    /// The import of `bytes`, the document's JSON. Paths are mounted under `prefix`, or, when nil,
    /// under the path of the first `servers` URL, with `/api` in front when it does not start with
    /// `/api/` (every mocked endpoint is under `/api/`).
    public init(document bytes: [UInt8], prefix: String? = nil) throws(OpenAPIImportError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw OpenAPIImportError([OpenAPIProblem(pointer: JSONPointer(tokens: []),
                                                     rule: "is not valid JSON (\(error)); a YAML document must be converted to JSON first")])
        }
        let document = OpenAPIDocument(root: root)
        var problems = document.danglingReferences()
        guard let version = root["openapi"]?.stringValue, version.hasPrefix("3.") else {
            throw OpenAPIImportError([OpenAPIProblem(pointer: JSONPointer(tokens: ["openapi"]), rule: "must be an OpenAPI version 3.x")])
        }
        guard let paths = root["paths"]?.objectValue else {
            throw OpenAPIImportError([OpenAPIProblem(pointer: JSONPointer(tokens: ["paths"]), rule: "must be an object")])
        }
        let mount = prefix ?? Self.mountPrefix(root["servers"]?.arrayValue?.first?["url"]?.stringValue)
        var operations: [OpenAPIOperation] = []
        var reader = OperationReader(document: document)
        for (path, item) in paths {
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                let pointer = JSONPointer(tokens: ["paths", path, method])
                if let read = reader.read(operation, pathItem: item, method: method, path: mount + path, at: pointer) {
                    operations.append(read)
                }
            }
        }
        problems += reader.problems + ExampleChecker(document: document).problems()
        guard problems.isEmpty else { throw OpenAPIImportError(problems) }
        title = root["info"]?["title"]?.stringValue ?? "untitled"
        self.prefix = mount
        self.operations = operations
    }

    /// The path of a server URL (`https://host/api/v3` and `/api/v3` give `/api/v3`), under `/api`.
    static func mountPrefix(_ url: String?) -> String {
        var path = Substring(url ?? "")
        if let scheme = path.firstRange(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        }
        while path.hasSuffix("/") { path = path.dropLast() }
        let text = String(path)
        return text.hasPrefix("/api/") || text == "/api" ? text : "/api" + text
    }
}

/// Why a document was not imported: every problem found (up to `OpenAPIImport.maxProblems`).
public struct OpenAPIImportError: Error, Sendable, CustomStringConvertible {
    public let problems: [OpenAPIProblem]

    init(_ problems: [OpenAPIProblem]) {
        self.problems = Array(problems.prefix(OpenAPIImport.maxProblems))
    }

    public var description: String { problems.map(\.description).joined(separator: "; ") }
}
