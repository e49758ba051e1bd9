import HTTP

/// `/__admin/faults`: adds, lists and removes the faults every event loop applies.
struct FaultControls {
    private let faults: AdminRegistry<Fault>

    init(faults: AdminRegistry<Fault>) {
        self.faults = faults
    }

    func answer(_ action: RegistryAction, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        try faults.answer(action, request, requestID: requestID, listName: "faults", itemName: "fault") { (id, definition) throws(AdminError) in
            try Fault(id: id, fields: AdminFields(definition, allowed: Fault.fields))
        }
    }

    /// Removes every fault.
    func removeAll() {
        faults.removeAll()
    }
}
