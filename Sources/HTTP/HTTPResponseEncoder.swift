import JSON

/// Writes HTTP/1.1 responses (server side).
public enum HTTPResponseEncoder {
    /// The fields `encode` writes itself; the response's own fields of these names are left out.
    private static let managedFields = [
        FieldLookup("Content-Length"), FieldLookup("Transfer-Encoding"), FieldLookup("Connection"), FieldLookup("Date"),
    ]

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
        // The head is written into stack memory sized for it, then appended in one copy.
        var capacity = FixedBufferWriter.headFixedCapacity + response.status.reasonPhrase.utf8.count + date.utf8.count
        for field in response.headers.fields {
            capacity += field.name.utf8.count + field.value.utf8.count + 4
        }
        buffer.append(atMost: capacity) { head in
            writeHead(of: response, version: version, keepAlive: keepAlive, date: date, writesBody: writesBody, into: &head)
        }
        if writesBody, !headOnly {
            buffer.append(contentsOf: response.body)
        }
    }

    private static func writeHead(
        of response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, date: String, writesBody: Bool,
        into head: inout FixedBufferWriter
    ) {
        let code = response.status.code
        if version.major == 1 && version.minor == 1 {
            head.write("HTTP/1.1 ")
        } else {
            head.write("HTTP/")
            head.writeInteger(Int64(version.major))
            head.write(UInt8(ascii: "."))
            head.writeInteger(Int64(version.minor))
            head.write(ASCII.space)
        }
        head.writeInteger(Int64(code))
        head.write(ASCII.space)
        head.writeText(response.status.reasonPhrase)
        head.write("\r\n")

        guard code >= 200 else {
            writeFields(of: response.headers, into: &head)
            head.write("\r\n")
            return
        }
        head.write("Date: ")
        head.writeText(date)
        head.write("\r\n")
        writeFields(of: response.headers, into: &head)
        if writesBody {
            head.write("Content-Length: ")
            head.writeInteger(Int64(response.body.count))
            head.write("\r\n")
        }
        if !keepAlive {
            head.write("Connection: close\r\n")
        } else if !version.persistsByDefault {
            head.write("Connection: keep-alive\r\n")
        }
        head.write("\r\n")
    }

    /// Writes the response's own fields, except the managed ones.
    private static func writeFields(of headers: HTTPHeaders, into head: inout FixedBufferWriter) {
        for field in headers.fields where !managedFields.contains(where: { field.isNamed($0) }) {
            head.writeField(name: field.name, value: field.value)
        }
    }
}
