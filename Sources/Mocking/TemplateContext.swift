import JSON

/// What a template reads when a stub answers: the request, its path parameters, the
/// authenticated user, the time, the stub's answer number and its random stream.
public struct TemplateContext: Sendable {
    /// The request being answered.
    public var request: MockRequest
    /// The path template's parameters.
    public var pathParameters: [String: String]
    /// The authenticated user's fields (`id`, `phone`, `nickname`, …), or nil without a login.
    public var user: [String: JSONValue]?
    /// The time of day, in Unix milliseconds.
    public var nowMilliseconds: Int64
    /// The stub's answer number, from 1.
    public var sequence: Int
    /// The random stream of this answer.
    var random: SeededRandom
    /// The element number inside a `$repeat` (from 0), nil outside one.
    var index: Int?
    /// What is left of the output bound.
    var remainingBytes = TemplateLimits.maxOutputBytes

    /// The context of answer number `sequence` of a stub seeded with `seed`.
    public init(request: MockRequest, pathParameters: [String: String] = [:], user: [String: JSONValue]? = nil,
                nowMilliseconds: Int64, sequence: Int, seed: UInt64) {
        self.request = request
        self.pathParameters = pathParameters
        self.user = user
        self.nowMilliseconds = nowMilliseconds
        self.sequence = sequence
        random = SeededRandom(seed: seed, sequence: sequence)
    }
}

/// The bounds of the template language.
public enum TemplateLimits {
    /// The longest template string, in bytes.
    public static let maxTemplateBytes = 16 * 1024
    /// The most bytes one answer's templates may produce (a `$repeat` counts every element).
    public static let maxOutputBytes = 1024 * 1024
    /// The most elements a `$repeat` makes.
    public static let maxRepeat = 1000
    /// The most digits `random.hex` draws.
    public static let maxHexDigits = 64
    /// The user fields a template may name.
    public static let userFields = ["id", "phone", "nickname", "avatar_url", "created_at"]
}

/// A template that could not be rendered within its bounds: the field and why.
public struct TemplateRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field (`data.items`, `code`).
    public let field: String
    /// Why, in words.
    public let reason: String

    public var description: String { "'\(field)' \(reason)" }
}
