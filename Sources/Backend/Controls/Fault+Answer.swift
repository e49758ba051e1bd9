import HTTP
import Mocking

extension Fault {
    /// Changes `answer` as the fault says: the envelope of `code` (or only the status), then the
    /// delay and the delivery.
    func apply(to answer: inout APIOutcome, requestID: String, language: Language, dialect: EnvelopeDialect) {
        if let code {
            let envelope = InjectedEnvelope(code: code, message: message, data: .null, httpStatus: httpStatus)
            answer.plan.response = envelope.response(requestID: requestID, language: language, dialect: dialect)
            answer.code = code
        } else if let httpStatus {
            answer.plan.response.status = HTTPStatus(code: httpStatus)
        }
        if let delayMilliseconds { answer.plan.delayMilliseconds += delayMilliseconds }
        switch kind {
        case .drop:
            answer.plan.delivery = .drop
            answer.code = nil
        case .reset:
            answer.plan.delivery = .reset
            answer.code = nil
        case .malformedJSON:
            // Any proper prefix of a JSON object is invalid JSON.
            let body = answer.plan.response.body
            answer.plan.response.body = Array(body.prefix(max(1, body.count / 2)))
            answer.plan.response.status = HTTPStatus(code: httpStatus ?? 200)
            answer.code = nil
        case .slowBody:
            answer.plan.delivery = .dribble(milliseconds: durationMilliseconds ?? Self.defaultSlowBodyMilliseconds)
        case nil:
            break
        }
    }
}
