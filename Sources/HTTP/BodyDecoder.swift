/// Reads one message body from the input as its framing delimits it, appending the content to a buffer.
struct BodyDecoder: Sendable {
    /// Where the decoder is within the body.
    enum State: Sendable {
        /// Reading a Content-Length body; `remaining` bytes still to come.
        case fixed(remaining: Int)
        /// Expecting a `chunk-size [ chunk-ext ] CRLF` line.
        case chunkSizeLine
        /// Reading the data of a chunk; `remaining` bytes of it still to come.
        case chunkData(remaining: Int)
        /// Expecting the CRLF that ends a chunk's data.
        case chunkDataEnd
        /// After the last chunk: reading, and discarding, the trailer section.
        case trailers(HeaderSectionReader)
        /// Reading everything until the peer closes (a response without a length).
        case untilClose
        /// The body is complete.
        case complete
    }

    /// What `decode(from:into:)` reached.
    enum Step {
        /// The body is not complete; more bytes are needed.
        case needMore
        /// The body is complete; the input holds whatever follows it.
        case complete
        /// The body is malformed or too large.
        case failure(HTTPParseError)
    }

    /// The longest chunk-size line accepted, extensions and CRLF included; chunk extensions carry
    /// nothing this server uses, so a few hundred bytes is generous.
    static let maxChunkSizeLineBytes = 1024

    private(set) var state: State
    private let limits: HTTPLimits

    /// Creates a decoder for a body framed by `framing`.
    init(framing: BodyFraming, limits: HTTPLimits) {
        switch framing {
        case .noBody: state = .complete
        case .length(let length): state = .fixed(remaining: length)
        case .chunked: state = .chunkSizeLine
        case .untilClose: state = .untilClose
        }
        self.limits = limits
    }

    /// Consumes body bytes from `input`, appending the content to `body`, until the body is complete
    /// or the input runs out.
    mutating func decode(from input: inout ByteInput, into body: inout [UInt8]) -> Step {
        while true {
            switch state {
            case .fixed(let remaining):
                let moved = input.move(upTo: remaining, into: &body)
                guard moved == remaining else {
                    state = .fixed(remaining: remaining - moved)
                    return .needMore
                }
                state = .complete
            case .chunkSizeLine:
                switch input.nextLine(maxBytes: Self.maxChunkSizeLineBytes) {
                case .incomplete:
                    return .needMore
                case .tooLong:
                    return .failure(.malformed("chunk size line too long"))
                case .bareLineFeed:
                    return .failure(.malformed("bare LF in chunked body"))
                case .line(let line):
                    switch ChunkSize.parse(input.storage[line]) {
                    case .malformed:
                        return .failure(.malformed("invalid chunk size"))
                    case .size(let size) where size > limits.maxBodyBytes - body.count:
                        return .failure(.bodyTooLarge)
                    case .size(let size):
                        state = size == 0 ? .trailers(HeaderSectionReader(limits: limits)) : .chunkData(remaining: size)
                    }
                }
            case .chunkData(let remaining):
                let moved = input.move(upTo: remaining, into: &body)
                guard moved == remaining else {
                    state = .chunkData(remaining: remaining - moved)
                    return .needMore
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard let isLineEnd = input.startsWithLineEnd else { return .needMore }
                guard isLineEnd else { return .failure(.malformed("missing CRLF after chunk data")) }
                input.consume(2)
                state = .chunkSizeLine
            case .trailers(var reader):
                let step = reader.nextField(from: &input)
                state = .trailers(reader)
                switch step {
                case .field: continue
                case .end: state = .complete
                case .needMore: return .needMore
                case .failure(let error): return .failure(error)
                }
            case .untilClose:
                guard input.readableCount <= limits.maxBodyBytes - body.count else { return .failure(.bodyTooLarge) }
                _ = input.move(upTo: input.readableCount, into: &body)
                return .needMore
            case .complete:
                return .complete
            }
        }
    }

    /// The peer closed the connection: completes a body read until close (taking what is still buffered),
    /// and fails any other unfinished body.
    mutating func finishAtClose(from input: inout ByteInput, into body: inout [UInt8]) -> Step {
        switch decode(from: &input, into: &body) {
        case .needMore:
            guard case .untilClose = state else {
                return .failure(.malformed("connection closed before the body was complete"))
            }
            state = .complete
            return .complete
        case let step:
            return step
        }
    }
}
