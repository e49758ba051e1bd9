/// An incremental HTTP/1.1 request parser for one connection (RFC 9112), without I/O.
///
/// Append bytes as they arrive, then call `next()` until it returns nil. Requests pipelined in one read
/// come out one by one, in order. Memory is bounded by the limits as long as the caller stops reading
/// while `next()` still has events to give.
public struct HTTPRequestParser: Sendable {
    /// Where the parser is within the current request. It holds no references, so that stepping
    /// through it copies and releases nothing; what a request accumulates is kept beside it.
    enum State: Sendable {
        /// Waiting for a request line; `skippedEmptyLines` empty lines before it were already ignored.
        case requestLine(skippedEmptyLines: Int)
        /// The request line is parsed into `requestLine`; reading header fields into `fields`.
        case headerSection(HeaderSectionReader)
        /// The head is complete (`requestLine` and `fields`); reading its body into `body`.
        case body(BodyDecoder)
        /// A failure was reported; terminal.
        case failed
    }

    /// How many empty lines may precede a request line (RFC 9112 §2.2 asks to ignore at least one;
    /// some clients send a CRLF after a POST body).
    static let maxLeadingEmptyLines = 8
    /// How many header fields room is made for when a request starts (a mobile client's request
    /// carries about this many), so that collecting them allocates once.
    static let expectedFieldCount = 12

    private let limits: HTTPLimits
    private var input = ByteInput()
    private var state = State.requestLine(skippedEmptyLines: 0)
    /// The request line of the request being read (outside `state`, see there).
    private var requestLine = RequestLine.empty
    /// The header fields of the request being read (outside `state`, so appending never copies them).
    private var fields = HTTPHeaders()
    /// The body of the request being read (outside `state`, so appending never copies it).
    private var body: [UInt8] = []

    /// Creates a parser enforcing `limits`.
    public init(limits: HTTPLimits = .default) {
        self.limits = limits
    }

    /// Whether bytes of an unfinished request have arrived (the header timeout runs while this holds).
    public var hasPartialRequest: Bool {
        switch state {
        case .requestLine(let skippedEmptyLines): skippedEmptyLines > 0 || input.readableCount > 0
        case .headerSection, .body: true
        case .failed: false
        }
    }

    /// Whether the head of the current request is complete and its body is being read.
    public var isReadingBody: Bool {
        if case .body = state { return true }
        return false
    }

    /// Adds received bytes. Ignored after a failure.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = state { return }
        input.append(bytes)
    }

    /// Adds received bytes. Ignored after a failure.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next event, or nil when more bytes are needed (or after a failure).
    public mutating func next() -> HTTPParserEvent? {
        while true {
            switch state {
            case .requestLine(let skippedEmptyLines):
                switch input.nextLine(maxBytes: limits.maxRequestLineBytes + 2) {
                case .incomplete:
                    return nil
                case .tooLong:
                    return fail(.uriTooLong)
                case .bareLineFeed:
                    return fail(.malformed("bare LF in request line"))
                case .line(let line) where line.isEmpty:
                    guard skippedEmptyLines < Self.maxLeadingEmptyLines else {
                        return fail(.malformed("too many empty lines before the request line"))
                    }
                    state = .requestLine(skippedEmptyLines: skippedEmptyLines + 1)
                case .line(let line):
                    do throws(HTTPParseError) {
                        requestLine = try RequestLine(parsing: input.storage[line])
                        state = .headerSection(HeaderSectionReader(limits: limits))
                        fields.reserveCapacity(Self.expectedFieldCount)
                    } catch {
                        return fail(error)
                    }
                }
            case .headerSection(var reader):
                let step = reader.nextField(from: &input)
                state = .headerSection(reader)
                switch step {
                case .field(let name, let value, let valueIsASCII):
                    fields.add(name: name, value: value, valueIsASCII: valueIsASCII, of: input)
                case .end:
                    if let event = endHeaderSection() { return event }
                case .needMore:
                    return nil
                case .failure(let error):
                    return fail(error)
                }
            case .body(var decoder):
                let step = decoder.decode(from: &input, into: &body)
                state = .body(decoder)
                switch step {
                case .needMore:
                    return nil
                case .complete:
                    return complete()
                case .failure(.bodyTooLarge):
                    return refuseBody()
                case .failure(let error):
                    return fail(error)
                }
            case .failed:
                return nil
            }
        }
    }

    /// Checks the complete head and starts its body. Returns the event to report now, if any:
    /// the request itself when it has no body, `continueExpected`, or a failure.
    private mutating func endHeaderSection() -> HTTPParserEvent? {
        let hostCount = fields.count(of: .host)
        if hostCount > 1 { return fail(.malformed("multiple Host headers")) }
        if hostCount == 0, requestLine.version.persistsByDefault { return fail(.malformed("missing Host header")) }
        let framing: BodyFraming
        do throws(HTTPParseError) {
            framing = try BodyFraming.ofRequest(headers: fields, version: requestLine.version, limits: limits)
        } catch .bodyTooLarge {
            return refuseBody()
        } catch {
            return fail(error)
        }
        switch framing {
        case .noBody, .untilClose:  // a request is never read until close: without a length it has no body
            return complete()
        case .length(let length):
            body.reserveCapacity(min(length, 65_536))
        case .chunked:
            break
        }
        state = .body(BodyDecoder(framing: framing, limits: limits))
        let expectsContinue = fields.value(of: .expect).map { ASCII.equalsIgnoringCase($0, "100-continue") } ?? false
        if expectsContinue, requestLine.version.persistsByDefault, input.readableCount == 0 {
            return .continueExpected
        }
        return nil
    }

    /// Reports the request whose body (possibly empty) is complete, and waits for the next one.
    private mutating func complete() -> HTTPParserEvent {
        state = .requestLine(skippedEmptyLines: 0)
        return .request(takeRequest())
    }

    /// Reports the head of the request whose body is too large, and enters the terminal state.
    private mutating func refuseBody() -> HTTPParserEvent {
        body = []
        let head = takeRequest()
        _ = fail(.bodyTooLarge)
        return .bodyTooLarge(head)
    }

    /// The request read so far, leaving the fields and body empty for the next one.
    private mutating func takeRequest() -> HTTPRequest {
        let headers = fields
        fields = HTTPHeaders()
        let requestBody = body
        body = []
        return HTTPRequest(
            method: requestLine.method,
            target: requestLine.target,
            version: requestLine.version,
            headers: headers,
            body: requestBody
        )
    }

    /// Enters the terminal state and releases the buffers.
    private mutating func fail(_ error: HTTPParseError) -> HTTPParserEvent {
        state = .failed
        input = ByteInput()
        fields = HTTPHeaders()
        body = []
        return .failure(error)
    }
}
