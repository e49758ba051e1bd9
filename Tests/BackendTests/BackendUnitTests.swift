@testable import Backend
import HTTP
import Mocking
import System
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        ("zh-Hans-CN;q=1.0, en-CN;q=0.9", Language.simplifiedChinese),
        ("zh-CN", .simplifiedChinese), ("zh-SG", .simplifiedChinese), ("zh", .simplifiedChinese),
        ("zh-Hant-TW", .traditionalChinese), ("zh-TW", .traditionalChinese), ("zh-HK", .traditionalChinese), ("zh-MO", .traditionalChinese),
        ("ko-KR", .korean), ("ko", .korean),
        ("en-US,zh-CN;q=0.8", .english), ("fr-FR", .english), ("", .english),
        ("fr-FR, ko;q=0.5", .korean), ("en;q=0.2, zh-TW;q=0.9", .traditionalChinese), ("ko;q=0", .english),
    ])
    func negotiation(header: String, expected: Language) {
        #expect(Language.negotiate(header) == expected)
    }

    @Test func everyLanguageHasItsOwnTextForEveryCode() {
        let messages: [Message] = [.notLoggedIn, .wrongCredentials, .alreadyCheckedIn, .signatureMismatch, .internalError,
                                   .invalidParameter(name: "page", rule: .integerRange(min: 1, max: 100))]
        for message in messages {
            let texts = Language.allCases.map { $0.catalog.text(for: message) }
            #expect(Set(texts).count == Language.allCases.count, "\(message) is not translated")
        }
        #expect(Language.korean.catalog.text(for: .invalidParameter(name: "page", rule: .required)).contains("page"))
    }
}

@Suite struct CalendarTests {
    @Test func daysRoundTripThroughText() {
        for text in ["1970-01-01", "2024-02-29", "2000-03-01", "1999-12-31", "2038-01-19", "2100-02-28"] {
            let day = CalendarDay(text)
            #expect(day?.description == text)
        }
        #expect(CalendarDay("1970-01-02")?.daysSinceEpoch == 1)
        #expect(CalendarDay("2024-03-01")?.previous.description == "2024-02-29")
        #expect(CalendarDay("2024-13-01") == nil)
    }

    @Test func shanghaiDayChangesAtSixteenUTC() throws {
        let zone = try TimeZoneRules(identifier: "Asia/Shanghai")
        // 2026-11-29T15:59:59Z is 23:59:59 in Shanghai; one second later it is the 30th there.
        #expect(zone.day(at: 1_795_967_999).description == "2026-11-29")
        #expect(zone.day(at: 1_795_968_000).description == "2026-11-30")
        #expect(zone.offset(at: 1_795_968_000) == 8 * 3600)
    }

    @Test func newYorkFollowsDaylightSavingTime() throws {
        let zone = try TimeZoneRules(identifier: "America/New_York")
        #expect(zone.offset(at: 1_782_864_000) == -4 * 3600)  // July 2026
        #expect(zone.offset(at: 1_795_968_000) == -5 * 3600)  // November 2026
    }

    @Test func unknownZonesAreRefused() {
        #expect(throws: TimeZoneRules.LoadError.self) { try TimeZoneRules(identifier: "Mars/Olympus") }
        #expect(throws: TimeZoneRules.LoadError.self) { try TimeZoneRules(identifier: "../../etc/passwd") }
    }

    @Test func streakCountsConsecutiveDaysEndingTodayOrYesterday() throws {
        let today = try #require(CalendarDay("2026-11-29"))
        #expect(CheckinHandlers.streak(days: [], today: today) == 0)
        #expect(CheckinHandlers.streak(days: ["2026-11-29", "2026-11-28", "2026-11-27", "2026-11-25"], today: today) == 3)
        #expect(CheckinHandlers.streak(days: ["2026-11-28", "2026-11-27"], today: today) == 2)
        #expect(CheckinHandlers.streak(days: ["2026-11-27", "2026-11-26"], today: today) == 0)
    }
}

@Suite struct EnvelopeRulesTests {
    @Test func semanticStatusesFollowTheContract() {
        let expected: [(ResultCode, Int)] = [
            (.ok, 200), (.phoneAlreadyRegistered, 200), (.alreadyCheckedIn, 200), (.notLoggedIn, 401),
            (.missingHeader, 400), (.unsupportedVersion, 400), (.invalidParameter, 400), (.malformedBody, 400),
            (.signatureMismatch, 403), (.requestReplayed, 403), (.noSuchEndpoint, 404), (.methodNotAllowed, 405),
            (.tooManyRequests, 429), (.internalError, 500),
        ]
        for (code, status) in expected { #expect(code.semanticStatus.code == status, "\(code)") }
    }

    /// The body is `{code, message, data}` in that order, compact, escaped as `JSONWriter` escapes.
    @Test func theBodyIsCodeMessageAndDataInOrder() {
        let response = Envelope.response(code: 10403, message: "say \"no\"\n", data: .value(["b": [1, nil], "a": [:]]),
                                         requestID: "r-1", status: .ok, dialect: .standard)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"code":10403,"message":"say \"no\"\n","data":{"b":[1,null],"a":{}}}"#)
        let empty = Envelope.response(code: -1, message: "", data: .value(.null), requestID: "r-2", status: .ok, dialect: .standard)
        #expect(String(decoding: empty.body, as: UTF8.self) == #"{"code":-1,"message":"","data":null}"#)
        // Data written earlier is spliced as it is (under a dialect's key: PipelineMockTests).
        let written = Envelope.response(code: 0, message: "ok", data: .jsonText(Array(#"{"streak":2}"#.utf8)), requestID: "r-3",
                                        status: .ok, dialect: .standard)
        #expect(String(decoding: written.body, as: UTF8.self) == #"{"code":0,"message":"ok","data":{"streak":2}}"#)
    }

    @Test func phonesAreMasked() {
        #expect(Representations.maskedPhone("13800000000") == "138****0000")
        #expect(Representations.maskedPhone("123") == "***")
    }
}

@Suite struct BearerTokenTests {
    @Test(arguments: [
        ("Bearer abc", "abc"), ("  bearer \t abc  ", "abc"), ("BEARER abc", "abc"), ("Bearer a b", "a b"),
    ])
    func theTokenFollowsTheScheme(value: String, token: String) {
        #expect(value.bearerToken.map(String.init) == token)
    }

    @Test(arguments: ["", "Bearer", "Bearer ", "Basic abc", "Bearerabc", "Béarer abc"])
    func anythingElseHasNoToken(value: String) {
        #expect(value.bearerToken == nil)
    }
}
