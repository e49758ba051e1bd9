import HTTP
import Mocking
import Testing
import Transport
@testable import Backend

/// What a fault does to the plan of an answer, exactly. The end-to-end tests (AdminFaultTests) see
/// a delay or a slow body only through the wall clock, which a loaded machine stretches, so they
/// check at least the asked time there and the asked time itself here.
@Suite struct FaultAnswerTests {
    /// The plan of a plain 200 answer once the fault `json` describes has been applied to it.
    private func plan(after json: String) throws -> ResponsePlan {
        let fault = try Fault(id: 1, fields: AdminFields(body: Array(json.utf8), allowed: Fault.fields))
        var answer = APIOutcome(plan: ResponsePlan(response: HTTPResponse(status: .ok)), code: 0, verdict: .valid)
        fault.apply(to: &answer, requestID: "req-0001", language: .english, dialect: .standard)
        return answer.plan
    }

    @Test func aDelayWaitsTheAskedMillisecondsAndDeliversNormally() throws {
        let delayed = try plan(after: #"{"path": "/api/v1/ping", "delay_ms": 400}"#)
        #expect(delayed.delayMilliseconds == 400)
        #expect(delayed.delivery == .normal)
    }

    @Test func aSlowBodyTakesTheAskedMillisecondsOrTheDefault() throws {
        let slow = try plan(after: #"{"path": "/api/v1/ping", "kind": "slow_body", "duration_ms": 800}"#)
        #expect(slow.delivery == .dribble(milliseconds: 800))
        #expect(slow.delayMilliseconds == 0)
        #expect(try plan(after: #"{"path": "/api/v1/ping", "kind": "slow_body"}"#).delivery == .dribble(milliseconds: Fault.defaultSlowBodyMilliseconds))
    }
}
