import HTTP
import Store

extension BackendResponder {
    /// `POST /__admin/tokens/expire`: expires the tokens one selector picks; returns how many.
    func expireTokens(_ request: HTTPRequest) throws(AdminError) -> Int {
        let fields = try AdminFields(body: request.body, allowed: ["user_id", "phone", "token_prefix", "all"])
        var selectors: [TokenExpiry] = []
        if let userID = try fields.integer("user_id", in: 1...Int.max) { selectors.append(.user(Int64(userID))) }
        if let phone = try fields.string("phone") { selectors.append(.phone(phone)) }
        if let prefix = try fields.string("token_prefix") { selectors.append(.prefix(try Self.tokenPrefix(prefix))) }
        if let all = try fields.bool("all") {
            guard all else { throw .badRequest("'all' can only be true") }
            selectors.append(.all)
        }
        guard selectors.count == 1, let selector = selectors.first else {
            throw .badRequest("give exactly one of user_id, phone, token_prefix, all: true")
        }
        do {
            return try store.expireTokens(matching: selector, now: environment.clock.unixSeconds())
        } catch {
            throw .internal(error.description)
        }
    }

    /// `POST /__admin/reset`: the database back to the seed; journal, faults, run-time stubs and
    /// imports gone, every scenario in its initial state.
    func reset() throws(AdminError) {
        guard let seed = environment.admin.seedSQL else {
            throw .conflict("the seed \(environment.admin.seedPath) could not be read when the server started: nothing to reset to")
        }
        do {
            try store.reset(seedSQL: seed)
        } catch {
            throw .internal(error.description)
        }
        try withJournal(orWhenOff: ()) { journal throws(JournalError) in try journal.clear() }
        environment.faults.removeAll()
        environment.mocks.reset()
    }

    /// The 8 characters the tokens table keeps of a token, from what a test has at hand: the
    /// journal's `0a8c81db…`, an `Authorization` value, or the whole token.
    private static func tokenPrefix(_ given: String) throws(AdminError) -> String {
        var text = Substring(given).trimmingWhitespace()
        if text.lowercased().hasPrefix("bearer ") { text = text.dropFirst(7).trimmingWhitespace() }
        if text.hasSuffix("…") { text = text.dropLast() }
        guard text.count >= 8 else {
            throw .badRequest("'token_prefix' needs the token's first 8 characters (the journal shows them)")
        }
        return String(text.prefix(8))
    }
}
