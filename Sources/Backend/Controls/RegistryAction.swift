import HTTP
import JSON

/// What a request to a registry's endpoints (`/__admin/faults…`, `/__admin/stubs…`) asks for.
enum RegistryAction: Sendable, Equatable {
    /// `GET`: every item.
    case list
    /// `POST`: a new item from the body's definition.
    case add
    /// `DELETE`: every item removed.
    case removeAll
    /// `DELETE …/{id}`: the item with that id removed.
    case remove(id: Int)
}

extension AdminRegistry {
    /// The admin API's answer to `action`: the items listed under `listName` (`faults`), a 404 naming
    /// an item `itemName` (`fault`) when there is none with the id; for `add`, the item `make` builds
    /// from its id and the definition in the body (JSON; 400 when it is not).
    func answer(_ action: RegistryAction, _ request: HTTPRequest, requestID: String, listName: String, itemName: String,
                make: (Int, JSONValue) throws(AdminError) -> Item) throws(AdminError) -> HTTPResponse {
        switch action {
        case .list:
            return AdminResponse.json(.object(JSONObject([(listName, .array(all.map(\.json)))])), requestID: requestID)
        case .add:
            let definition: JSONValue
            do {
                definition = try JSONParser.parse(request.body)
            } catch {
                throw .badRequest("invalid JSON: \(error)")
            }
            let item = try add { (id) throws(AdminError) in try make(id, definition) }
            return AdminResponse.json(item.json, status: .created, requestID: requestID)
        case .removeAll:
            removeAll()
            return AdminResponse.noContent(requestID: requestID)
        case .remove(let id):
            guard remove(id: id) else { throw .notFound("no \(itemName) with id \(id)") }
            return AdminResponse.noContent(requestID: requestID)
        }
    }
}
