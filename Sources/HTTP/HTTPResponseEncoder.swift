/// Writes HTTP/1.1 responses (server side).
public enum HTTPResponseEncoder {
    /// The fields `encode` writes itself; the response's own fields of these names are left out.
    private static let managedFields = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

    /// Appends `response` to `buffer`: the status line, `Date: date`, the response's fields,
    /// `Content-Length`, the `Connection` option when needed, and the body.
    ///
    /// - `Connection: close` is written when `keepAlive` is false, `Connection: keep-alive` for a kept-alive
    ///   HTTP/1.0 connection.
    /// - `headOnly` (a response to HEAD) writes the Content-Length of `response.body` but not the body.
    /// - As RFC 9110 §8.6 and §15 require, a 1xx response is only its status line and fields (no Date,
    ///   length or Connection), and 204 and 304 responses carry neither Content-Length nor a body.
    /// - Field names that are not tokens are skipped and control characters in values become SP.
    public static func encode(
        _ response: HTTPResponse,
        version: HTTPVersion,
        keepAlive: Bool,
        date: String,
        headOnly: Bool = false,
        into buffer: inout [UInt8]
    ) {
        let code = response.status.code
        let writesBody = code >= 200 && code != 204 && code != 304
        buffer.reserveCapacity(buffer.count + 256 + (writesBody && !headOnly ? response.body.count : 0))

        MessageWriter.writeVersion(version, into: &buffer)
        buffer.append(ASCII.space)
        MessageWriter.writeDecimal(code, into: &buffer)
        buffer.append(ASCII.space)
        MessageWriter.writeText(response.status.reasonPhrase, into: &buffer)
        MessageWriter.writeLineEnd(into: &buffer)

        guard code >= 200 else {
            MessageWriter.writeFields(response.headers, except: managedFields, into: &buffer)
            MessageWriter.writeLineEnd(into: &buffer)
            return
        }
        MessageWriter.writeField(name: "Date", value: date, into: &buffer)
        MessageWriter.writeFields(response.headers, except: managedFields, into: &buffer)
        if writesBody {
            MessageWriter.writeContentLength(response.body.count, into: &buffer)
        }
        if !keepAlive {
            MessageWriter.writeField(name: "Connection", value: "close", into: &buffer)
        } else if !version.persistsByDefault {
            MessageWriter.writeField(name: "Connection", value: "keep-alive", into: &buffer)
        }
        MessageWriter.writeLineEnd(into: &buffer)
        if writesBody, !headOnly {
            buffer.append(contentsOf: response.body)
        }
    }
}
