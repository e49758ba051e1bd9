import JSON

/// `countersign record --from journal`: stubs made from the journal's entries that the upstream
/// answered (proxy mode), as a live recording makes them (`RecordedStubSet`): fed the entries
/// oldest first, it holds the files to write; entries answered locally (a stub, a built-in
/// endpoint, a refusal) or that kept no answer are counted, not written.
public struct JournalRecording {
    private var stubs = RecordedStubSet(routes: RoutingTable.countersign())
    /// Each file's latest definition, by name.
    private var definitions: [String: JSONValue] = [:]

    public init() {}

    /// Adds the journal entry `stored`, as the journal's file holds it.
    public mutating func add(stored: [UInt8]) {
        let entry = (try? JSONParser.parse(JournalEntry.json(stored: stored))) ?? .null
        let method = entry["method"]?.stringValue ?? "", path = entry["path"]?.stringValue ?? ""
        for file in stubs.add(method, path, { () throws(RecordedStubSet.Skip) in try RecordedStub(journalEntry: entry) }) {
            definitions[file.name] = file.definition
        }
    }

    /// The stub files, by name: each file's text.
    public var files: [(name: String, text: [UInt8])] {
        definitions.sorted { $0.key < $1.key }.map { ($0.key, RecordedStubSet.fileText($0.value)) }
    }

    /// `{"folder", "written", "varied", "skipped"}`, as a live recording's summary.
    public func summary(folder: String) -> JSONValue {
        stubs.summary(folder: folder)
    }
}
