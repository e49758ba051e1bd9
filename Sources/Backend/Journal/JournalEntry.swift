/// One journal entry as it is read back: what the admin API shows of a request, with every
/// secret, password and whole token already hidden (`JournalEntryBuilder` does that). The writer
/// stores it in the compact form of `JournalEntry+Coding.swift`, written straight from the request
/// (`CompactWriter.entry`), and it becomes JSON only when it is read (`JournalEntry+JSON.swift`),
/// so that the writer, which stores every request, spends nothing on a text nobody may ask for.
struct JournalEntry: Equatable {
    /// A signed header present in the request, in its configured spelling.
    struct Header: Equatable {
        let name: String
        let value: String
    }

    var requestID: String
    var timeMilliseconds: Int64
    var method: String
    var path: String
    var protocolName: String
    var headers: [Header]
    /// Every header name as received (over HTTP/2, lowercase).
    var headerNames: [String]
    /// The parameters, as JSON text: an object (`{}` when there are none).
    var parameters: [UInt8]
    var verdict: String
    var numericArrays: [String]
    /// The near misses, as JSON text (an array), or nil when there were none.
    var nearMisses: [UInt8]?
    /// The signature diagnosis, as JSON text (an object), or nil.
    var diagnosis: [UInt8]?
    var httpStatus: Int64?
    var code: Int64?
    var latencyMilliseconds: Double
    var clientSubject: String?
    /// In proxy mode, what the upstream did, as JSON text (an object), or nil.
    var proxied: [UInt8]?
    /// The request's `Content-Type`, or nil: whether the parameters came from a JSON body
    /// (`countersign record` matches query and form ones only).
    var contentType: String?
    /// The answer sent, as JSON text (see `JournalEntryBuilder.json(of:_:)`), or nil when the
    /// journal keeps no answers or none was sent.
    var answer: [UInt8]?
}
