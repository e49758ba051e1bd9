import JSON
import Store

/// The JSON shapes of API.md "Endpoints".
enum Representations {
    static func user(_ user: UserRecord) -> JSONValue {
        .object(JSONObject([
            ("id", .number(JSONNumber(user.id))),
            ("phone", .string(maskedPhone(user.phone))),
            ("nickname", .string(user.nickname)),
            ("avatar_url", user.avatarURL.map(JSONValue.string) ?? .null),
            ("created_at", .number(JSONNumber(user.createdAt))),
        ]))
    }

    static func checkin(_ checkin: CheckinRecord) -> JSONValue {
        .object(JSONObject([
            ("id", .number(JSONNumber(checkin.id))),
            ("day", .string(checkin.day)),
            ("created_at", .number(JSONNumber(checkin.createdAt))),
        ]))
    }

    static func game(_ game: GameRecord) -> JSONValue {
        .object(JSONObject([
            ("id", .number(JSONNumber(game.id))),
            ("name", .string(game.name)),
            ("genre", .string(game.genre)),
            ("cover_url", .string(game.coverURL)),
            ("rating", .number(JSONNumber(game.rating))),
            ("released_at", .number(JSONNumber(game.releasedAt))),
        ]))
    }

    static func page(_ items: [JSONValue], page: Int, size: Int, total: Int) -> JSONValue {
        .object(JSONObject([
            ("items", .array(items)),
            ("page", .number(JSONNumber(Int64(page)))),
            ("size", .number(JSONNumber(Int64(size)))),
            ("total", .number(JSONNumber(Int64(total)))),
        ]))
    }

    /// `138****0000`: the first three and last four digits.
    static func maskedPhone(_ phone: String) -> String {
        guard phone.count > 7 else { return String(repeating: "*", count: phone.count) }
        return String(phone.prefix(3)) + "****" + String(phone.suffix(4))
    }
}
