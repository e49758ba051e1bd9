import CountersignClient
import HTTP
import JSON
import Store
import System
import Testing
import TestSupport
@testable import Backend

/// An authenticated check-in status answered from memory while nothing changed, and read again as
/// soon as something may have: a write on another event loop, the admin API's token expiry, a
/// logout, another process's write (from the next loop turn on), the day moving on, the token's
/// lifetime ending. Time is a `ManualClock`'s, in Asia/Shanghai (the clock starts at 20:00 there).
@Suite struct SessionFreshnessTests {
    let backend: InMemoryBackend
    let token: String

    init() throws {
        backend = try InMemoryBackend()
        token = try backend.logIn()
    }

    /// A second event loop of the same server: its own connection, the same change counter.
    private func anotherLoop() throws -> BackendResponder {
        try BackendResponder(environment: backend.environment, loopIndex: 1)
    }

    /// The envelope `responder` answers to a request signed by the app with the demo user's token.
    private func call(_ method: String, _ path: String, on responder: BackendResponder? = nil,
                      parameters: [(String, String)] = []) throws -> ReceivedEnvelope {
        var signer = backend.signer()
        signer.token = token
        let request = signer.request(method, path, parameters: parameters)
        return try ReceivedEnvelope((responder ?? backend.responder).respond(to: request, connection: backend.connection).response)
    }

    /// The check-in status on the backend's loop, and how many SQL statements answering it ran.
    private func status() throws -> (envelope: ReceivedEnvelope, statements: UInt64) {
        let before = backend.responder.store.statementTiming
        let envelope = try call("GET", "/api/v1/checkin")
        return (envelope, backend.responder.store.statementTiming.since(before).statements)
    }

    @Test func aRepeatedStatusRunsNoStatement() throws {
        let first = try status()
        #expect(first.envelope.code == 0)
        #expect(first.statements > 0)
        let again = try status()
        #expect(again.statements == 0)
        #expect(again.envelope.data == first.envelope.data)
        #expect(again.envelope.data["can_checkin"] == true)
    }

    @Test func aCheckinOnAnotherLoopShowsAtOnce() throws {
        let other = try anotherLoop()
        _ = try status()
        #expect(try status().envelope.data["can_checkin"] == true)
        #expect(try call("POST", "/api/v1/checkin", on: other).code == 0)
        // The same loop turn: no commit mark read, the change counter alone tells.
        let after = try status()
        #expect(after.statements > 0)
        #expect(after.envelope.data["can_checkin"] == false)
        #expect(after.envelope.data["streak"] == 1)
        #expect(after.envelope.data["last_checkin_at"] == .number(JSONNumber(backend.clock.unixSeconds())))
    }

    @Test func anAdminTokenExpiryOnAnotherLoopEndsTheSessionAtOnce() throws {
        let other = try anotherLoop()
        #expect(try status().envelope.code == 0)
        #expect(try status().statements == 0)
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "localhost")
        headers.add(name: "Content-Type", value: "application/json")
        let expire = HTTPRequest(method: "POST", target: "/__admin/tokens/expire", version: .http1_1, headers: headers,
                                 body: Array(#"{"all": true}"#.utf8))
        #expect(other.respond(to: expire, connection: backend.connection).response.status.code == 200)
        let expired = try status().envelope
        #expect(expired.code == 20104)
        #expect(expired.status == 401)
    }

    @Test func aLogoutEndsTheSession() throws {
        #expect(try status().envelope.code == 0)
        #expect(try call("POST", "/api/v1/users/logout").code == 0)
        #expect(try status().envelope.code == 20104)
    }

    /// Another process (the `sqlite3` shell, `countersign db`): a connection that shares no counter,
    /// whose writes show through the commit mark (the WAL index's header), read once per loop turn.
    @Test func anotherProcessWriteShowsFromTheNextLoopTurn() throws {
        let file = try Store(path: backend.environment.databasePath)
        let user = try #require(try file.user(phone: TestServer.demoPhone))
        #expect(try status().envelope.data["can_checkin"] == true)
        let today = backend.environment.settings.timeZone.day(at: backend.clock.unixSeconds())
        _ = try file.insertCheckin(userID: user.id, day: today.description, deviceID: nil, createdAt: 1)
        // Within the turn the loop does not look at the commit mark again: still the cached answer.
        let sameTurn = try status()
        #expect(sameTurn.statements == 0)
        #expect(sameTurn.envelope.data["can_checkin"] == true)
        backend.responder.loopTurnEnded()
        let nextTurn = try status()
        #expect(nextTurn.envelope.data["can_checkin"] == false)
        #expect(nextTurn.envelope.data["last_checkin_at"] == 1)
        // Expiring the token in the file ends the session the same way.
        #expect(try file.expireTokens(matching: .all, now: backend.clock.unixSeconds()) == 1)
        backend.responder.loopTurnEnded()
        #expect(try status().envelope.code == 20104)
    }

    /// The answer is cached for its day only: the status follows the clock's day from the cached
    /// days, with no new read.
    @Test func theStatusFollowsTheDayFromTheCachedDays() throws {
        #expect(try call("POST", "/api/v1/checkin").code == 0)
        let checkedIn = try status()
        #expect(checkedIn.envelope.data["can_checkin"] == false)
        #expect(checkedIn.envelope.data["streak"] == 1)
        // 20:00 in Shanghai: four hours to midnight.
        backend.clock.advance(by: 4 * 3_600 - 1)
        #expect(try status().envelope.data["can_checkin"] == false)
        backend.clock.advance(by: 1)
        let nextDay = try status()
        #expect(nextDay.statements == 0)
        #expect(nextDay.envelope.data["can_checkin"] == true)
        #expect(nextDay.envelope.data["streak"] == 1)
        backend.clock.advance(by: 86_400)
        let dayAfter = try status()
        #expect(dayAfter.statements == 0)
        #expect(dayAfter.envelope.data["can_checkin"] == true)
        #expect(dayAfter.envelope.data["streak"] == 0)
        #expect(dayAfter.envelope.data["last_checkin_at"] == checkedIn.envelope.data["last_checkin_at"])
    }

    /// A cached session still ends at its token's lifetime, by the clock alone.
    @Test func aCachedSessionEndsWhenItsTokenExpires() throws {
        #expect(try status().envelope.code == 0)
        backend.clock.advance(by: backend.environment.settings.tokenLifetimeSeconds - 1)
        let lastSecond = try status()
        #expect(lastSecond.statements == 0)
        #expect(lastSecond.envelope.code == 0)
        backend.clock.advance(by: 1)
        #expect(try status().envelope.code == 20104)
    }
}
