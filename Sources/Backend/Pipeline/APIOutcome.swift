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
    /// For a 10404 in development mode, the stubs that almost answered, each with its first
    /// failed condition (the journal's `near_misses`).
    var nearMisses: [String] = []
    /// The path template of the stub or imported operation that answered (the metrics' route).
    var mockRoute: String?

    /// The HTTP status sent; nil when the connection is dropped or reset instead.
    var httpStatus: Int? {
        switch plan.delivery {
        case .drop, .reset: nil
        case .normal, .dribble: plan.response.status.code
        }
    }
}
