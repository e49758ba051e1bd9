import Signing
import Transport

/// The outcome of one `/api/` request: the answer, with what the log, the metrics and the journal record about it.
struct APIOutcome {
    /// How the answer is delivered.
    var plan: ResponsePlan
    /// The envelope code the client can read; nil when it cannot read one (dropped, reset,
    /// malformed body).
    var code: Int?
    /// What the signature check said.
    let verdict: JournalVerdict
    /// For a signature mismatch in development mode, what the pipeline found (the answer's
    /// `data.diagnosis`, which the journal shows too).
    var diagnosis: SignatureDiagnosis? = nil
    /// The query/form arrays whose signature matched only with their elements rendered as numbers.
    var numericArrays: [String] = []
    /// In proxy mode, the request still to be forwarded (the plan is a placeholder until then).
    var forwarding: Forwarding? = nil
    /// In proxy mode, what the upstream answered, or why it did not.
    var proxied: ProxiedExchange? = nil
    /// For a 10404 in development mode, the stubs that almost answered, each with its first
    /// failed condition (the journal's `near_misses`).
    var nearMisses: [String] = []
    /// The path template of the stub or imported operation that answered (the metrics' route).
    var mockRoute: String?

    /// The HTTP status sent; nil when the connection is dropped or reset instead.
    var httpStatus: Int? {
        switch plan.delivery {
        case .drop, .reset, .deferred: nil
        case .normal, .dribble: plan.response.status.code
        }
    }
}
