import HTTP

/// The header block of a response over HTTP/2: `:status`, `date`, the response's fields with their
/// names lowercased, and `content-length`; HTTP/1.1's connection-specific fields are left out
/// (RFC 9113 §8.2.2).
enum HTTP2ResponseHead {
    /// Fields the block writes itself or HTTP/2 forbids, lowercase.
    private static let omitted: [[UInt8]] = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "content-length", "date",
    ].map { Array($0.utf8) }
    /// Fields whose value no other response repeats: sent as literals never indexed, since adding
    /// each to the HPACK dynamic table would only evict the entries that do repeat.
    private static let uniquePerResponse: [[UInt8]] = [Array("x-request-id".utf8)]

    /// The block of `response`; `length` is the `content-length` to announce (nil: none, for a body
    /// whose end is the stream's).
    static func block(for response: HTTPResponse, date: String, length: Int?) -> HeaderBlock {
        var block = HeaderBlock(fields: response.headers.count + 3)
        block.add(name: ":status", value: String(response.status.code))
        block.add(name: "date", value: date)
        for field in response.headers {
            block.add(lowercasing: field.name, value: field.value, unlessIn: omitted, neverIndexed: uniquePerResponse)
        }
        if let length { block.add(name: "content-length", value: String(length)) }
        return block
    }
}
