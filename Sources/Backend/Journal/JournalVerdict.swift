/// What the signature check said about a request, as the journal shows it.
public enum JournalVerdict: String, Sendable, CaseIterable {
    /// The signature matched (replay protection may still have refused the request: 10004; under
    /// `--signature off` the request was answered anyway).
    case valid
    /// A signature was sent and did not match (10003, or answered anyway under `--signature off`).
    case invalid
    /// No signature was sent.
    case missing
    /// A signature was sent but not checked: the request was refused before the check.
    case skipped
}
