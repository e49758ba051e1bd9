/// What the signature stage found: the verdict the journal and the metrics record, the arrays that
/// matched only rendered as numbers (`SignatureVerifier.numericArrayNames`), and the refusal when
/// the request must not go on.
struct SignatureCheck {
    var verdict: JournalVerdict
    var numericArrays: [String] = []
    var refusal: APIError?

    /// A request whose signature was not (yet) checked: `missing` without the signature header
    /// (`received` nil), else `skipped`.
    init(unchecked received: String?) {
        verdict = received == nil ? .missing : .skipped
    }

    init(verdict: JournalVerdict, refusal: APIError? = nil) {
        self.verdict = verdict
        self.refusal = refusal
    }
}
