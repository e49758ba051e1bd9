import HTTP

/// Fuzzes `HTTPRequestParser`: the input is parsed whole and in two pieces split at a point the
/// fuzzer chooses, under the server's limits or tight ones.
///
/// Checks: the events do not depend on the split; a failure is the last event; every request
/// respects the limits; and a parsed request, written again by `HTTPRequestEncoder`, parses to
/// the same request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let limits = input.choice([HTTPLimits.default, tightLimits])
    let splitPoint = input.uint16()
    let bytes = input.rest()

    let whole = events(of: [bytes[...]], limits: limits)
    let split = min(splitPoint, bytes.count)
    let pieces = events(of: [bytes[..<split], bytes[split...]], limits: limits)
    invariant(withoutContinue(whole) == withoutContinue(pieces), "the events depend on where the input is split (at \(split))")

    for (index, event) in whole.enumerated() {
        switch event {
        case .failure, .bodyTooLarge:
            invariant(index == whole.count - 1, "an event follows a failure")
        case .request(let request):
            checkLimits(request, limits)
            checkRoundTrip(request)
        case .continueExpected:
            break
        }
    }
    return 0
}

/// Small limits, so that short inputs reach every limit.
private let tightLimits = HTTPLimits(maxRequestLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 6, maxBodyBytes: 128)

/// Limits no re-encoded request reaches: the encoder may add a `Content-Length` field.
private let roomyLimits = HTTPLimits(maxRequestLineBytes: 1 << 20, maxHeaderBytes: 1 << 20, maxHeaderCount: 1 << 16,
                                     maxBodyBytes: 1 << 20)

/// Feeds each piece, draining the events after each one; after a failure the parser stays silent.
private func events(of pieces: [ArraySlice<UInt8>], limits: HTTPLimits) -> [HTTPParserEvent] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [HTTPParserEvent] = []
    for piece in pieces {
        piece.withUnsafeBytes { parser.append($0) }
        while let event = parser.next() { events.append(event) }
    }
    switch events.last {
    case .failure?, .bodyTooLarge?:
        invariant(!parser.hasPartialRequest && parser.next() == nil, "the parser goes on after a failure")
    default:
        break
    }
    return events
}

/// `continueExpected` depends on whether the body had arrived by the end of the head, so on the split.
private func withoutContinue(_ events: [HTTPParserEvent]) -> [HTTPParserEvent] {
    events.filter { $0 != .continueExpected }
}

private func checkLimits(_ request: HTTPRequest, _ limits: HTTPLimits) {
    invariant(request.body.count <= limits.maxBodyBytes, "a body of \(request.body.count) bytes passed the limit")
    invariant(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) header fields passed the limit")
    invariant(request.target.utf8.count <= limits.maxRequestLineBytes, "a target longer than the request line limit")
}

/// Writes `request` with the client encoder and parses it again: everything but the framing fields
/// (which the encoder writes itself) must survive.
private func checkRoundTrip(_ request: HTTPRequest) {
    var encoded: [UInt8] = []
    HTTPRequestEncoder.encode(request, into: &encoded)
    let reparsed = events(of: [encoded[...]], limits: roomyLimits).compactMap { event -> HTTPRequest? in
        if case .request(let request) = event { request } else { nil }
    }
    invariant(reparsed.count == 1, "the re-encoded request parses as \(reparsed.count) requests")
    guard let again = reparsed.first else { return }
    invariant(again.method == request.method && again.target == request.target && again.version == request.version,
              "the request line changed in the round trip")
    invariant(again.body == request.body, "the body changed in the round trip")
    invariant(again.keepAlive == request.keepAlive, "keep-alive changed in the round trip")
    invariant(nonFraming(again.headers) == nonFraming(request.headers), "the header fields changed in the round trip")
}

private func nonFraming(_ headers: HTTPHeaders) -> [String] {
    headers.filter { !["content-length", "transfer-encoding"].contains($0.name.lowercased()) }.map { "\($0.name): \($0.value)" }
}
