/// What the signature check said about a request, as the journal shows it.
public enum JournalVerdict: String, Sendable, CaseIterable {
    /// The signature matched (replay protection may still have refused the request: 10004).
    case valid
    /// A signature was sent and did not match (10003).
    case invalid
    /// No signature was sent.
    case missing
    /// A signature was sent but not checked: the request was refused before the check, or
    /// `--signature off` is set.
    case skipped

    /// The verdict for a request that sent a signature or not and that the pipeline answered
    /// with `code`.
    init(code: ResultCode, signatureSent: Bool, requirement: BackendSettings.SignatureRequirement) {
        guard signatureSent else {
            self = .missing
            return
        }
        switch APIStage(code: code) {
        case .beforeSignature: self = .skipped
        case .signature: self = code == .signatureMismatch ? .invalid : .valid
        case .afterSignature: self = requirement == .off ? .skipped : .valid
        }
    }
}
