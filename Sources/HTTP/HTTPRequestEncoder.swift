/// Writes HTTP/1.1 requests (client side).
public enum HTTPRequestEncoder {
    /// The fields `encode` writes itself; the request's own fields of these names are left out.
    private static let framingFields = ["Content-Length", "Transfer-Encoding"]

    /// Appends `request` to `buffer`: the request line, its fields, `Content-Length` when the body is
    /// non-empty or the method is POST, PUT or PATCH, a `Connection` option when `keepAlive` differs from
    /// what the version and fields imply, and the body.
    ///
    /// The caller supplies `Host`. Field names that are not tokens are skipped and control characters in
    /// values become SP; method and target are written as given.
    public static func encode(_ request: HTTPRequest, into buffer: inout [UInt8]) {
        buffer.reserveCapacity(buffer.count + 256 + request.target.utf8.count + request.body.count)

        buffer.append(contentsOf: request.method.utf8)
        buffer.append(ASCII.space)
        buffer.append(contentsOf: request.target.utf8)
        buffer.append(ASCII.space)
        MessageWriter.writeVersion(request.version, into: &buffer)
        MessageWriter.writeLineEnd(into: &buffer)

        MessageWriter.writeFields(request.headers, except: framingFields, into: &buffer)
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            MessageWriter.writeContentLength(request.body.count, into: &buffer)
        }
        if request.keepAlive != request.headers.keepsAlive(version: request.version) {
            MessageWriter.writeField(name: "Connection", value: request.keepAlive ? "keep-alive" : "close", into: &buffer)
        }
        MessageWriter.writeLineEnd(into: &buffer)
        buffer.append(contentsOf: request.body)
    }
}
