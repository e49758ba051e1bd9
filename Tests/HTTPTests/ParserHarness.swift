import HTTP
import Testing

/// How a fixture's bytes reach a parser.
enum Feeding: CaseIterable {
    /// All bytes in one append.
    case whole
    /// One byte per append, each copied into the middle of a larger buffer, so that a parser reading
    /// outside the slice it was given sees the filler instead of the next byte.
    case byteByByte

    /// Calls `append` with the bytes as this feeding delivers them, and `drain` after each append.
    func deliver(_ bytes: [UInt8], append: (UnsafeRawBufferPointer) -> Void, drain: () -> Void) {
        switch self {
        case .whole:
            bytes.withUnsafeBytes(append)
            drain()
        case .byteByByte:
            var carrier = [UInt8](repeating: 0xA5, count: 5)
            for byte in bytes {
                carrier[2] = byte
                carrier.withUnsafeBytes { append(UnsafeRawBufferPointer(rebasing: $0[2..<3])) }
                drain()
            }
        }
    }
}

/// Feeds request bytes and collects the events.
func requestEvents(_ bytes: [UInt8], feeding: Feeding, limits: HTTPLimits = .default) -> [HTTPParserEvent] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [HTTPParserEvent] = []
    feeding.deliver(bytes, append: { parser.append($0) }, drain: {
        while let event = parser.next() { events.append(event) }
    })
    return events
}

/// Feeds response bytes, answering requests made with `method`, then closes; collects the events.
func responseEvents(_ bytes: [UInt8], method: String = "GET", feeding: Feeding, limits: HTTPLimits = .default) -> [HTTPResponseParserEvent] {
    var parser = HTTPResponseParser(limits: limits)
    var events: [HTTPResponseParserEvent] = []
    feeding.deliver(bytes, append: { parser.append($0) }, drain: {
        while let event = parser.next(requestMethod: method) { events.append(event) }
    })
    if let event = parser.finish() { events.append(event) }
    return events
}

/// The events without `continueExpected`, which depends on whether the body arrived with the head.
func withoutContinue(_ events: [HTTPParserEvent]) -> [HTTPParserEvent] {
    events.filter { $0 != .continueExpected }
}

/// A request that precedes each fixture when pipelining.
let pipelineLeader = "GET /leader HTTP/1.1\r\nHost: example\r\n\r\n"

/// Parses `fixture` whole and byte by byte, alone and pipelined after another request and before itself,
/// checks that every way gives the same requests and failure, and returns the events of the lone whole parse.
func parseEveryWay(
    _ fixture: String,
    limits: HTTPLimits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [HTTPParserEvent] {
    let bytes = Array(fixture.utf8)
    let lone = requestEvents(bytes, feeding: .whole, limits: limits)
    let leader = requestEvents(Array(pipelineLeader.utf8), feeding: .whole, limits: limits)
    let endsInFailure = lone.contains(where: \.isTerminal)
    let pipelinedExpectation = withoutContinue(leader + lone + (endsInFailure ? [] : lone))
    let pipelined = Array((pipelineLeader + fixture + fixture).utf8)
    for feeding in Feeding.allCases {
        #expect(withoutContinue(requestEvents(bytes, feeding: feeding, limits: limits)) == withoutContinue(lone),
                "alone, \(feeding)", sourceLocation: sourceLocation)
        #expect(withoutContinue(requestEvents(pipelined, feeding: feeding, limits: limits)) == pipelinedExpectation,
                "pipelined, \(feeding)", sourceLocation: sourceLocation)
    }
    return lone
}

/// The single request `fixture` parses to in every feeding, or nil (with a recorded issue).
func parseRequest(_ fixture: String, limits: HTTPLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> HTTPRequest? {
    let events = withoutContinue(parseEveryWay(fixture, limits: limits, sourceLocation: sourceLocation))
    guard events.count == 1, case .request(let request) = events[0] else {
        Issue.record("expected one request, got \(events)", sourceLocation: sourceLocation)
        return nil
    }
    return request
}

/// The failure `fixture` parses to in every feeding, or nil (with a recorded issue).
func parseFailure(_ fixture: String, limits: HTTPLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> HTTPParseError? {
    let events = parseEveryWay(fixture, limits: limits, sourceLocation: sourceLocation)
    guard events.count == 1, case .failure(let error) = events[0] else {
        Issue.record("expected one failure, got \(events)", sourceLocation: sourceLocation)
        return nil
    }
    return error
}

/// The head of the request whose body `fixture` declares or grows too large, in every feeding, or nil
/// (with a recorded issue).
func parseOversized(_ fixture: String, limits: HTTPLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> HTTPRequest? {
    let events = parseEveryWay(fixture, limits: limits, sourceLocation: sourceLocation)
    guard events.count == 1, case .bodyTooLarge(let head) = events[0] else {
        Issue.record("expected one oversized body, got \(events)", sourceLocation: sourceLocation)
        return nil
    }
    return head
}

extension HTTPParserEvent {
    /// Whether the parser reports nothing after this event.
    var isTerminal: Bool {
        switch self {
        case .failure, .bodyTooLarge: true
        case .request, .continueExpected: false
        }
    }
}

/// The header fields as (name, value) pairs, in order, with their spelling.
func fieldPairs(_ headers: HTTPHeaders) -> [[String]] {
    headers.map { [$0.name, $0.value] }
}

extension HTTPParseError {
    /// Whether this is a `.malformed` error, whatever its reason.
    var isMalformed: Bool {
        if case .malformed = self { return true }
        return false
    }
}
