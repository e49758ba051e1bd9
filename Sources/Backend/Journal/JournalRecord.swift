import Glibc
import HTTP
import Signing
import System
import Transport

/// What an event loop hands to the journal for one `/api/` request: the raw facts, taken without
/// parsing or formatting anything, so that recording costs the request almost nothing. The
/// journal's writer thread turns it into an entry (`JournalEntryBuilder`).
///
/// A class: a record passes from the loop's queue to the writer's batch by reference, where a
/// structure of its size (288 bytes) was copied several times on the way.
final class JournalRecord: Sendable {
    /// The request as received.
    let request: HTTPRequest
    /// The `X-Request-Id` of the answer.
    let requestID: String
    /// When the request arrived, in Unix milliseconds.
    let timeMilliseconds: Int64
    /// The signature verdict.
    let verdict: JournalVerdict
    /// The HTTP status sent, or nil when the connection was dropped or reset instead.
    let httpStatus: Int?
    /// The envelope code the client can read, or nil when no readable envelope was sent.
    let code: Int?
    /// For a diagnosed signature mismatch, the diagnosis the answer showed; the entry shows it too.
    let diagnosis: SignatureDiagnosis?
    /// How long the server took to produce the answer (injected delays excluded).
    let latencyMilliseconds: Double
    /// When the answer was ready (monotonic): the journal's order, across event loops.
    let answeredAt: Instant
    /// The verified client certificate's subject (mutual TLS), or nil.
    let clientSubject: String?
    /// The query/form arrays whose signature matched only with their decimal elements rendered as
    /// numbers (`ids[1, 2]`); empty when the request matched as received.
    let numericArrays: [String]
    /// In proxy mode, what the upstream answered, or why it did not.
    let proxied: ProxiedExchange?
    /// The stubs that almost answered a 10404 (development mode).
    let nearMisses: [String]
    /// The answer sent, when the journal keeps answers and one was sent (not dropped or reset).
    let answer: JournalAnswer?

    init(request: HTTPRequest, requestID: String, timeMilliseconds: Int64, verdict: JournalVerdict, httpStatus: Int?, code: Int?,
         diagnosis: SignatureDiagnosis?, latencyMilliseconds: Double, answeredAt: Instant, clientSubject: String?,
         numericArrays: [String] = [], proxied: ProxiedExchange? = nil, nearMisses: [String] = [], answer: JournalAnswer? = nil) {
        self.request = request
        self.requestID = requestID
        self.timeMilliseconds = timeMilliseconds
        self.verdict = verdict
        self.httpStatus = httpStatus
        self.code = code
        self.diagnosis = diagnosis
        self.latencyMilliseconds = latencyMilliseconds
        self.answeredAt = answeredAt
        self.clientSubject = clientSubject
        self.numericArrays = numericArrays
        self.proxied = proxied
        self.nearMisses = nearMisses
        self.answer = answer
    }

    /// The current time in Unix milliseconds.
    static func currentTimeMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec / 1_000_000)
    }
}
