import JSON
import Mocking

/// An extra endpoint under `/api/`, defined with `POST /__admin/stubs` or in a file of the stubs
/// folder: the mocking engine's `MockStub` (what it matches and answers, docs/contract-testing.md
/// "Stubs"), with what the admin registry keeps of it: how many answers are left and where it
/// came from.
public struct Stub: AdminRegistryItem {
    /// The id the admin API shows.
    public let id: Int
    /// What it matches and answers.
    let mock: MockStub
    var times: Int?
    /// `runtime`, or the file the stub was loaded from.
    let source: String

    /// The stub `definition` describes, with `id`; a 400 names the field and the rule it breaks.
    init(id: Int, definition: JSONValue, source: String) throws(AdminError) {
        do {
            mock = try MockStub(id: id, definition: definition, pathPrefix: "/api/")
        } catch {
            throw .badRequest(error.description)
        }
        self.id = id
        times = mock.times
        self.source = source
    }

    /// The stub as the admin API shows it: its id, its definition as given, what is left of its
    /// `times`, its source.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("id", .number(JSONNumber(id)))]
        for (key, value) in mock.definition.objectValue ?? JSONObject() where key != "times" { members.append((key, value)) }
        if let times { members.append(("times", .number(JSONNumber(times)))) }
        members.append(("source", .string(source)))
        return .object(JSONObject(members))
    }
}
