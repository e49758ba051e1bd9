/// A fault that misbehaves below the envelope.
enum FaultKind: String, Sendable, CaseIterable {
    /// Close the connection without answering.
    case drop
    /// Abort the connection with a TCP RST.
    case reset
    /// Answer a body cut in half: not valid JSON.
    case malformedJSON = "malformed_json"
    /// Send the answer in small pieces spread over `duration_ms`.
    case slowBody = "slow_body"
}
