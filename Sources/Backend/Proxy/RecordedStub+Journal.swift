import JSON
import Signing

extension RecordedStub {
    /// The stub of a journal entry the upstream answered (`countersign record --from journal`):
    /// the entry's method, path and query or form parameters (a JSON body's members are not matched
    /// on, as in a live recording; values the journal masked are left out), its kept answer and the
    /// upstream's status. The journal masked the secrets already; the stub masks again by name.
    init(journalEntry entry: JSONValue) throws(RecordedStubSet.Skip) {
        guard let upstreamStatus = entry["proxied"]?["upstream_status"]?.intValue, let status = Int(exactly: upstreamStatus),
              let method = entry["method"]?.stringValue, let path = entry["path"]?.stringValue else { throw .notProxied }
        guard entry["http_status"]?.intValue == upstreamStatus else { throw .changedByFault }
        guard let body = entry["answer"]?["body"] else { throw .answerNotKept }
        guard let stub = RecordedStub(method: method, path: path, parameters: Self.parameters(of: entry), envelope: body, status: status) else {
            throw .notAnEnvelope
        }
        self = stub
    }

    /// The entry's query and form parameters as texts: none for a JSON body.
    private static func parameters(of entry: JSONValue) -> [(name: String, value: String)] {
        let isJSON = entry["content_type"]?.stringValue.map { $0.lowercased().contains("json") } ?? false
        guard !isJSON, case .object(let params)? = entry["params"] else { return [] }
        return params.flatMap { member -> [(name: String, value: String)] in
            let texts: [String] = switch member.value {
            case .string(let text): [text]
            case .array(let elements): elements.compactMap(\.stringValue)
            default: []
            }
            return texts.filter { $0 != SensitiveValues.marker }.map { (member.key, $0) }
        }
    }
}
