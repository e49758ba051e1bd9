import JSON

/// The stub definitions of one file of the stubs folder: one JSON object, or an array of them,
/// each as `POST /__admin/stubs` takes it (docs/contract-testing.md "Stub files").
public enum StubFile {
    /// The stubs in `contents`, the file at `path`, numbered from `firstID`. Throws when the file
    /// is not valid JSON, a definition is invalid, or it would replace a built-in endpoint.
    public static func stubs(in contents: [UInt8], path: String, firstID: Int) throws(AdminError) -> [Stub] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(contents)
        } catch {
            throw .badRequest("invalid JSON: \(error)")
        }
        let definitions = document.arrayValue ?? [document]
        let routes = RoutingTable.countersign()
        var stubs: [Stub] = []
        for (offset, definition) in definitions.enumerated() {
            do {
                let stub = try Stub(id: firstID + offset, definition: definition, source: path)
                try stub.checkNotBuiltIn(routes)
                stubs.append(stub)
            } catch {
                throw .badRequest(definitions.count > 1 ? "stub #\(offset + 1): \(error.message)" : error.message)
            }
        }
        return stubs
    }
}

extension Stub {
    /// Throws when the stub's method and exact path are an endpoint Countersign already has:
    /// stubs add endpoints; a built-in one is changed with a fault instead. (A template or glob
    /// may cover a built-in path: the built-in endpoint answers it.)
    func checkNotBuiltIn(_ routes: RoutingTable) throws(AdminError) {
        guard let method = mock.method, mock.path.isLiteral else { return }
        if case .found = routes.match(method, mock.path.text).lookup {
            throw .conflict("\(method) \(mock.path.text) is a built-in endpoint; stubs add endpoints (change a built-in one's answer with a fault)")
        }
    }
}
