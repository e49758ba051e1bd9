import HTTP
import HTTP2
import System

/// Fuzzes the HTTP/2 framing glue: `HTTP2ServerSession` fed the client preface, then the fuzzer's
/// frames, whole and in two pieces split at a point the fuzzer chooses, under the server's limits or
/// tight ones. Once every piece is in, every request is answered and the output drained: answering
/// (or draining acknowledgements) between the pieces would change what the later frames meet, a
/// closed stream instead of a half-closed one, so the events would rightly differ.
///
/// Checks: the events do not depend on the split; every request and refusal respects the limits;
/// the request bodies held stay within `maxBufferedBodyBytes`; the output drains.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP2ServerSession(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let settings = input.choice([HTTP2Settings(), tightSettings])
    let splitPoint = input.uint16()
    let bytes = preface + input.rest()
    let split = min(splitPoint + preface.count, bytes.count)
    let whole = events(of: [bytes[...]], settings: settings)
    let pieces = events(of: [bytes[..<split], bytes[split...]], settings: settings)
    invariant(whole == pieces, "the events depend on where the input is split (at \(split)): \(whole) whole, \(pieces) in two")
    return 0
}

/// The client connection preface and an empty SETTINGS frame (RFC 9113 §3.4).
private let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]

/// Small limits, so that short inputs reach every limit.
private let tightSettings: HTTP2Settings = {
    var settings = HTTP2Settings()
    settings.maxConcurrentStreams = 3
    settings.maxHeaderListBytes = 200
    settings.maxBodyBytes = 64
    settings.maxBufferedBodyBytes = 100
    settings.resetBurst = 2
    settings.maxContinuations = 2
    settings.maxQueuedAcknowledgements = 4
    settings.controlFrameBurst = 3
    return settings
}()

/// What the session made of the input, in order: each request's method, path, field count and
/// body length, each refusal's error, and whether the session ended on an error.
private func events(of pieces: [ArraySlice<UInt8>], settings: HTTP2Settings) -> [String] {
    guard let session = try? HTTP2ServerSession(settings: settings) else {
        invariant(false, "a session with valid settings could not be created")
        return []
    }
    var seen: [String] = []
    var answers: [(stream: Int32, response: HTTPResponse)] = []
    for piece in pieces {
        // The events of the frames before a failure are taken too: the failure may come in this
        // piece or the next, depending on the split.
        let failed = (try? session.receive(Array(piece), now: Instant(nanoseconds: 0))) == nil
        for event in session.takeEvents() {
            switch event {
            case .request(let stream, let request):
                invariant(request.body.count <= settings.maxBodyBytes, "a body of \(request.body.count) bytes passed the limit")
                invariant(request.version == .http2, "a request not marked HTTP/2")
                seen.append("\(stream) \(request.method) \(request.target) \(request.headers.count) \(request.body.count)")
                answers.append((stream, HTTPResponse(status: .ok, body: Array(request.path.utf8))))
            case .refused(let stream, let head, let error):
                invariant(head.body.isEmpty, "a refusal kept a body")
                seen.append("\(stream) refused \(error)")
                answers.append((stream, HTTPResponse(status: error.status)))
            }
        }
        invariant(session.bufferedBodyBytes <= settings.maxBufferedBodyBytes, "the request bodies held passed their budget")
        if failed {
            seen.append("failed")
            return seen
        }
    }
    for answer in answers { session.respond(on: answer.stream, with: answer.response, date: "d") }
    var output: [UInt8] = []
    if (try? session.drainOutput(into: &output, limit: 1 << 20)) == nil { seen.append("output failed") }
    return seen
}
