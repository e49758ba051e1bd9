/// A slow answer's bytes cut into at most `maxPieces` pieces spread evenly over a duration, the first
/// at once and the last at its end: the `slow_body` fault, in HTTP/1.1 writes or HTTP/2 DATA frames.
struct DribbleSchedule {
    /// The most pieces an answer is cut into.
    static let maxPieces = 20

    /// The pieces, in order; none for no bytes.
    let pieces: [[UInt8]]
    private let intervalMilliseconds: Int64

    /// `bytes` spread over `total` milliseconds.
    init(_ bytes: [UInt8], overMilliseconds total: Int64) {
        let count = min(bytes.count, Self.maxPieces)
        let pieceSize = max(1, (bytes.count + count - 1) / max(1, count))
        pieces = stride(from: 0, to: bytes.count, by: pieceSize).map { Array(bytes[$0..<min($0 + pieceSize, bytes.count)]) }
        intervalMilliseconds = pieces.count > 1 ? total / Int64(pieces.count - 1) : 0
    }

    /// When piece `number` leaves, in milliseconds after the first.
    func delay(ofPiece number: Int) -> Int64 {
        intervalMilliseconds * Int64(number)
    }
}
