/// The path a stub answers: literal segments, `{name}` parameters (one segment, captured), `*`
/// (any one segment) and a final `**` (the rest of the path: one segment or more):
/// `/api/v1/orders/{id}`, `/api/v1/files/**`.
public struct PathTemplate: Sendable, Equatable, CustomStringConvertible {
    /// One segment of the template.
    public enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case anySegment
        case anyRest
    }

    /// The template as written.
    public let text: String
    /// Its segments, after the leading `/`.
    public let segments: [Segment]

    /// The template `text`; throws the rule it breaks.
    public init(_ text: String) throws(DefinitionError) {
        guard text.hasPrefix("/") else { throw DefinitionError(field: "", rule: "must start with '/'") }
        guard !text.contains("?") else { throw DefinitionError(field: "", rule: "must not contain a query ('?'); match query parameters with 'params'") }
        var segments: [Segment] = []
        var names = Set<String>()
        let pieces = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case "*": segments.append(.anySegment)
            case "**":
                guard index == pieces.count - 1 else { throw DefinitionError(field: "", rule: "may use '**' only as its last segment") }
                segments.append(.anyRest)
            default:
                if piece.hasPrefix("{") && piece.hasSuffix("}") && piece.count > 2 {
                    let name = String(piece.dropFirst().dropLast())
                    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                        throw DefinitionError(field: "", rule: "has a parameter name '\(name)' that is not letters, digits, '_' or '-'")
                    }
                    guard names.insert(name).inserted else { throw DefinitionError(field: "", rule: "names the parameter '\(name)' twice") }
                    segments.append(.parameter(name))
                } else if piece.contains("{") || piece.contains("}") || piece.contains("*") {
                    throw DefinitionError(field: "", rule: "has a segment '\(piece)'; a parameter is a whole segment '{name}', a glob is '*' or a final '**'")
                } else {
                    segments.append(.literal(String(piece)))
                }
            }
        }
        self.text = text
        self.segments = segments
    }

    /// The path parameters when `path` matches (empty for a template without any), nil otherwise.
    public func match(_ path: String) -> [String: String]? {
        guard let segments = Self.segments(of: path) else { return nil }
        return match(segments: segments)
    }

    /// The segments of `path` after its leading `/` (nil when it has none), split once per request.
    static func segments(of path: String) -> [Substring]? {
        guard path.hasPrefix("/") else { return nil }
        return Array(path.dropFirst().split(separator: "/", omittingEmptySubsequences: false))
    }

    /// The path parameters when the path split into `segments` matches, nil otherwise.
    func match(segments pieces: [Substring]) -> [String: String]? {
        var parameters: [String: String] = [:]
        var position = 0
        for segment in segments {
            guard position < pieces.count else { return nil }
            if segment == .anyRest { return parameters }
            let piece = pieces[position]
            position += 1
            switch segment {
            case .literal(let literal): guard piece == literal else { return nil }
            case .parameter(let name):
                guard !piece.isEmpty else { return nil }
                parameters[name] = String(piece)
            case .anySegment: guard !piece.isEmpty else { return nil }
            case .anyRest: return parameters
            }
        }
        return position == pieces.count ? parameters : nil
    }

    /// Whether every segment is literal (the template is one exact path).
    public var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// The literal segments it starts with, at most `limit` of them.
    func literalPrefix(_ limit: Int) -> [String] {
        var prefix: [String] = []
        for segment in segments.prefix(limit) {
            guard case .literal(let literal) = segment else { break }
            prefix.append(literal)
        }
        return prefix
    }

    /// How many literal segments it has, how many parameters, how many globs.
    var counts: (literals: Int, parameters: Int, globs: Int) {
        segments.reduce(into: (0, 0, 0)) { counts, segment in
            switch segment {
            case .literal: counts.0 += 1
            case .parameter: counts.1 += 1
            case .anySegment, .anyRest: counts.2 += 1
            }
        }
    }

    /// How many of the leading `segments` of a path the template matches (for ranking near misses).
    func sharedSegments(with pieces: [Substring]) -> Int {
        var shared = 0
        for (segment, piece) in zip(segments, pieces) {
            switch segment {
            case .literal(let literal): guard piece == literal else { return shared }
            case .anyRest: return shared + 1
            case .parameter, .anySegment: break
            }
            shared += 1
        }
        return shared
    }

    public var description: String { text }
}
