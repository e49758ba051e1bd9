import HTTP

/// The answer a journal entry keeps (`--journal-answer-bytes`): taken from the response the
/// connection sends, its body handed over as it is (not copied, not encoded); the journal's writer
/// thread makes it the entry's `answer` (`JournalEntryBuilder.answerJSON`), secrets masked.
struct JournalAnswer: Sendable {
    /// The default of `--journal-answer-bytes`: room for a JSON answer of a page of records.
    static let defaultBytes = 64 << 10
    /// The largest `--journal-answer-bytes`.
    static let largestBytes = 1 << 20

    /// The answer's `Content-Type`, or nil.
    let contentType: String?
    /// The body, or nil when it is larger than the journal keeps.
    let body: [UInt8]?
    /// The body's length in bytes.
    let bytes: Int

    /// What the journal keeps of `response`: its body when it has at most `limit` bytes.
    init(_ response: HTTPResponse, keeping limit: Int) {
        contentType = response.headers["Content-Type"]
        bytes = response.body.count
        body = bytes <= limit ? response.body : nil
    }
}
