/// One way the client may have signed: the canonical request it would have built with a known
/// mistake, the scheme it would have hashed with, and the sentence that explains the fix.
struct ClientMistake {
    let canonical: CanonicalRequest
    let scheme: SignatureScheme
    let detail: String
}
