import JSON
import Store

/// `/api/v1/users/...`: register, login, logout, token refresh, me, profile.
enum UserHandlers {
    static func register(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let phone = try validPhone(context)
        let password = try validPassword(context)
        let nickname = try context.text("nickname").flatMap { $0.isEmpty ? nil : $0 } ?? "User \(phone.suffix(4))"
        guard (1...32).contains(nickname.count) else { throw .invalidParameter("nickname", .length(min: 1, max: 32)) }
        let hashed = Credentials.hashPassword(password, iterations: context.settings.passwordIterations)
        do {
            let user = try context.store.insertUser(phone: phone, passwordHash: hashed.hash, salt: hashed.salt,
                                                    iterations: context.settings.passwordIterations,
                                                    nickname: nickname, createdAt: context.now)
            return .object(JSONObject([("user", Representations.user(user))]))
        } catch .duplicatePhone {
            throw APIError(.phoneAlreadyRegistered)
        } catch {
            throw APIError.internal(error)
        }
    }

    static func login(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let phone = try context.requiredText("phone")
        let password = try context.requiredText("password")
        if let wait = context.loginThrottle?.retryAfter(phone: phone, address: context.peer, now: context.now) {
            var error = APIError(.tooManyRequests(retryAfterSeconds: Int(wait)))
            error.headers = [(name: "Retry-After", value: String(wait))]
            throw error
        }
        guard let user = try storeCall({ () throws(StoreError) in try context.store.user(phone: phone) }),
              Credentials.verifyPassword(password, hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations)
        else {
            context.loginThrottle?.recordFailure(phone: phone, address: context.peer, now: context.now)
            throw APIError(.wrongCredentials)
        }
        context.loginThrottle?.recordSuccess(phone: phone)
        guard !user.isDisabled else { throw APIError(.accountDisabled) }
        let issued = try issueToken(for: user, context)
        return .object(JSONObject([
            ("token", .string(issued.token)),
            ("expires_at", .number(JSONNumber(issued.expiresAt))),
            ("user", Representations.user(user)),
        ]))
    }

    static func logout(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let session = try context.requireSession()
        _ = try storeCall { () throws(StoreError) in try context.store.revokeToken(tokenHash: session.tokenHash, at: context.now) }
        return .null
    }

    static func refresh(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let session = try context.requireSession()
        _ = try storeCall { () throws(StoreError) in try context.store.revokeToken(tokenHash: session.tokenHash, at: context.now) }
        let issued = try issueToken(for: session.user, context)
        return .object(JSONObject([("token", .string(issued.token)), ("expires_at", .number(JSONNumber(issued.expiresAt)))]))
    }

    static func me(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        .object(JSONObject([("user", Representations.user(try context.requireSession().user))]))
    }

    static func profile(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let session = try context.requireSession()
        let nickname = try context.text("nickname")
        if let nickname, !(1...32).contains(nickname.count) { throw .invalidParameter("nickname", .length(min: 1, max: 32)) }
        let avatarURL = try context.text("avatar_url")
        if let avatarURL, !isWebURL(avatarURL) { throw .invalidParameter("avatar_url", .url) }
        let updated = try storeCall { () throws(StoreError) in
            try context.store.updateProfile(userID: session.user.id, nickname: nickname, avatarURL: avatarURL)
        }
        return .object(JSONObject([("user", Representations.user(updated ?? session.user))]))
    }

    private static func issueToken(for user: UserRecord, _ context: APIRequestContext) throws(APIError) -> (token: String, expiresAt: Int64) {
        let token = Credentials.newToken()
        let expiresAt = context.now + context.settings.tokenLifetimeSeconds
        try storeCall { () throws(StoreError) in
            _ = try context.store.insertToken(userID: user.id, tokenHash: Credentials.tokenHash(Substring(token)), tokenPrefix: String(token.prefix(8)),
                                          deviceID: context.deviceID, createdAt: context.now, expiresAt: expiresAt)
        }
        return (token, expiresAt)
    }

    private static func validPhone(_ context: APIRequestContext) throws(APIError) -> String {
        let phone = try context.requiredText("phone")
        let digits = phone.utf8
        guard digits.count == 11, digits.first == UInt8(ascii: "1"), digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .invalidParameter("phone", .phoneFormat)
        }
        return phone
    }

    private static func validPassword(_ context: APIRequestContext) throws(APIError) -> String {
        let password = try context.requiredText("password")
        guard (8...64).contains(password.count) else { throw .invalidParameter("password", .length(min: 8, max: 64)) }
        return password
    }

    private static func isWebURL(_ text: String) -> Bool {
        text.count <= 512 && (text.hasPrefix("https://") || text.hasPrefix("http://")) && !text.contains(" ")
    }
}
