import HTTP
import JSON
import Store
import System

/// The server's state as a test sets it up: expiring tokens, resetting everything to the seed,
/// and showing the effective configuration.
struct StateControls {
    /// What a request to one of the state endpoints asks for.
    enum Action: Sendable, Equatable {
        /// `POST /__admin/tokens/expire`.
        case expireTokens
        /// `POST /__admin/reset`.
        case reset
        /// `GET /__admin/config`.
        case config
        /// `GET /__admin/pins`: the server certificate, the CA and the SPKI pin.
        case pins
    }

    /// The event loop's database connection.
    let store: Store
    let clock: any WallClock
    let settings: AdminSettings
    /// What a reset clears besides the database.
    let journal: JournalControls
    let faults: FaultControls
    let stubs: StubControls

    func answer(_ action: Action, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        switch action {
        case .expireTokens:
            return AdminResponse.json(["expired": .number(.init(try expireTokens(request)))], requestID: requestID)
        case .reset:
            try reset()
            return AdminResponse.json(["reset": true], requestID: requestID)
        case .config:
            return AdminResponse.json(settings.effectiveConfiguration, requestID: requestID)
        case .pins:
            guard let pins = settings.pins() else { throw .notFound("the server's certificate files cannot be read") }
            return AdminResponse.json(pins, requestID: requestID)
        }
    }

    /// Expires the tokens one selector picks; returns how many.
    private func expireTokens(_ request: HTTPRequest) throws(AdminError) -> Int {
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
            return try store.expireTokens(matching: selector, now: clock.unixSeconds())
        } catch {
            throw .internal(error.description)
        }
    }

    /// The database back to the seed; journal, faults, run-time stubs and imports gone, every
    /// scenario in `Started`.
    private func reset() throws(AdminError) {
        guard let seed = settings.seedSQL else {
            throw .conflict("the seed \(settings.seedPath) could not be read when the server started: nothing to reset to")
        }
        do {
            try store.reset(seedSQL: seed)
        } catch {
            throw .internal(error.description)
        }
        try journal.clear()
        faults.removeAll()
        stubs.restore()
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
