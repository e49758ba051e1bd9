/// An incremental HTTP/1.1 response parser for the client side of one connection (RFC 9112), without I/O.
///
/// Bodies may be framed by Content-Length, chunked coding, or the connection's close (see `finish()`).
/// Interim 1xx responses such as `100 Continue` are skipped.
public struct HTTPResponseParser: Sendable {
    /// Where the parser is within the current response.
    enum State: Sendable {
        /// Waiting for a status line.
        case statusLine
        /// The status line is parsed; reading header fields into `fields`.
        case headerSection(StatusLine, HeaderSectionReader)
        /// The head of a final response is complete; reading its body into `body`.
        case body(ResponseHead, BodyDecoder)
        /// A failure was reported or the peer closed; terminal.
        case closed
    }

    /// The complete head of a final response.
    struct ResponseHead: Sendable {
        var status: HTTPStatus
        var headers: HTTPHeaders
        /// Whether the connection stays open after the response.
        var keepAlive: Bool
    }

    private let limits: HTTPLimits
    private var input = ByteInput()
    private var state = State.statusLine
    /// The header fields of the response being read.
    private var fields = HTTPHeaders()
    /// The body of the response being read.
    private var body: [UInt8] = []

    /// Creates a parser enforcing `limits`; a client usually raises `maxBodyBytes`.
    public init(limits: HTTPLimits = .default) {
        self.limits = limits
    }

    /// Adds received bytes. Ignored once closed.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .closed = state { return }
        input.append(bytes)
    }

    /// Adds received bytes. Ignored once closed.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next complete response to a request sent with `requestMethod` (a HEAD response has no body),
    /// or nil when more bytes are needed.
    public mutating func next(requestMethod: String) -> HTTPResponseParserEvent? {
        while true {
            switch state {
            case .statusLine:
                switch input.nextLine(maxBytes: limits.maxRequestLineBytes + 2) {
                case .incomplete:
                    return nil
                case .tooLong:
                    return fail(.malformed("status line too long"))
                case .bareLineFeed:
                    return fail(.malformed("bare LF in status line"))
                case .line(let line):
                    do throws(HTTPParseError) {
                        let statusLine = try StatusLine(parsing: input.storage[line])
                        state = .headerSection(statusLine, HeaderSectionReader(limits: limits))
                    } catch {
                        return fail(error)
                    }
                }
            case .headerSection(let statusLine, var reader):
                let step = reader.nextField(from: &input)
                state = .headerSection(statusLine, reader)
                switch step {
                case .field(let name, let value, let valueIsASCII):
                    fields.add(name: name, value: value, valueIsASCII: valueIsASCII, of: input)
                case .end:
                    if let event = endHeaderSection(statusLine, requestMethod: requestMethod) { return event }
                case .needMore:
                    return nil
                case .failure(let error):
                    return fail(error)
                }
            case .body(let head, var decoder):
                let step = decoder.decode(from: &input, into: &body)
                state = .body(head, decoder)
                return event(after: step, head)
            case .closed:
                return nil
            }
        }
    }

    /// The peer closed the connection: completes a body read until close, reports a failure when a
    /// response was cut short, and nil when the connection was idle. Call it after `next` returned nil.
    public mutating func finish() -> HTTPResponseParserEvent? {
        switch state {
        case .statusLine where input.readableCount == 0, .closed:
            state = .closed
            return nil
        case .body(let head, var decoder):
            let step = decoder.finishAtClose(from: &input, into: &body)
            let event = event(after: step, head)
            state = .closed
            return event
        case .statusLine, .headerSection:
            return fail(.malformed("connection closed before the response was complete"))
        }
    }

    /// Skips an interim response, or starts the body of a final one. Returns the response when it has no
    /// body, or a failure.
    private mutating func endHeaderSection(_ statusLine: StatusLine, requestMethod: String) -> HTTPResponseParserEvent? {
        let headers = fields
        fields = HTTPHeaders()
        // 1xx responses are interim (RFC 9110 §15.2); a 101 switch is never requested by this client.
        guard statusLine.status.code >= 200 else {
            state = .statusLine
            return nil
        }
        let framing: BodyFraming
        do throws(HTTPParseError) {
            framing = try BodyFraming.ofResponse(
                status: statusLine.status,
                headers: headers,
                version: statusLine.version,
                requestMethod: requestMethod,
                limits: limits
            )
        } catch {
            return fail(error)
        }
        let head = ResponseHead(
            status: statusLine.status,
            headers: headers,
            keepAlive: framing != .untilClose && headers.keepsAlive(version: statusLine.version)
        )
        guard framing != .noBody else { return event(after: .complete, head) }
        state = .body(head, BodyDecoder(framing: framing, limits: limits))
        return nil
    }

    /// The event a body decoding step leads to: the complete response, or a failure.
    private mutating func event(after step: BodyDecoder.Step, _ head: ResponseHead) -> HTTPResponseParserEvent? {
        switch step {
        case .needMore:
            return nil
        case .complete:
            state = .statusLine
            let responseBody = body
            body = []
            return .response(HTTPResponse(status: head.status, headers: head.headers, body: responseBody), keepAlive: head.keepAlive)
        case .failure(let error):
            return fail(error)
        }
    }

    /// Enters the terminal state and releases the buffers.
    private mutating func fail(_ error: HTTPParseError) -> HTTPResponseParserEvent {
        state = .closed
        input = ByteInput()
        fields = HTTPHeaders()
        body = []
        return .failure(error)
    }
}
