/// A request path pattern, as faults, recorded stubs and journal filters take it: exact, or with
/// `*` standing for any run of characters, slashes included (`/api/v1/users/*` matches
/// `/api/v1/users/me` and `/api/v1/users/token/refresh`; `*` alone matches every path). Nothing
/// else is special, and case counts.
public struct PathPattern: Sendable, Equatable {
    /// The pattern as given.
    public let text: String
    /// The literal pieces between the stars.
    private let pieces: [[UInt8]]

    /// The pattern `text`.
    public init(_ text: String) {
        self.text = text
        pieces = text.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
    }

    /// The literal part before the first `*` (all of it when there is none).
    public var literalPrefix: String { String(decoding: pieces.first ?? [], as: UTF8.self) }

    /// Whether `path` matches.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the path whose UTF-8 bytes are `path` matches.
    public func matches(utf8 path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard pieces.count > 1 else { return pieces.first?.elementsEqual(path) ?? path.isEmpty }
        guard let first = pieces.first, let last = pieces.last, path.count >= first.count + last.count,
              path.starts(with: first), path.reversed().starts(with: last.reversed()) else { return false }
        // The middle pieces, in order, each at its earliest place between the two ends.
        var position = first.count
        let end = path.count - last.count
        for piece in pieces.dropFirst().dropLast() {
            guard let found = Self.firstIndex(of: piece, in: path, from: position, before: end) else { return false }
            position = found + piece.count
        }
        return true
    }

    private static func firstIndex(of piece: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        guard !piece.isEmpty else { return start }
        guard end - start >= piece.count else { return nil }
        return (start...(end - piece.count)).first { bytes[$0..<($0 + piece.count)].elementsEqual(piece) }
    }
}
