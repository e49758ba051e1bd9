#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX extended regular expression (`regcomp` with `REG_EXTENDED`), bounded so that a stub
/// cannot make matching expensive: the pattern is at most `maxPatternBytes`, has no
/// back-reference (`\1`, the one feature that makes POSIX matching exponential) and no repeat
/// count above `maxRepeatCount`; a subject over `maxSubjectBytes` never matches.
///
/// It is unanchored, as `grep -E` is: `^` and `$` anchor it. glibc's `regexec` may be called from
/// several threads on one compiled expression.
public final class BoundedRegex: @unchecked Sendable {
    /// The longest pattern accepted, in bytes.
    public static let maxPatternBytes = 256
    /// The longest text matched, in bytes; a longer one does not match.
    public static let maxSubjectBytes = 8 * 1024
    /// The largest `{n}` or `{n,m}` count accepted.
    public static let maxRepeatCount = 255

    /// The pattern as given.
    public let pattern: String
    private let compiled: UnsafeMutablePointer<regex_t>

    /// Compiles `pattern`; throws the rule it breaks (the caller adds the field).
    public init(_ pattern: String) throws(DefinitionError) {
        try Self.checkBounds(pattern)
        // Compiled into a local first: a class whose init throws after every property is set
        // runs its deinit, which must only ever free a compiled expression.
        let expression = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
        let status = regcomp(expression, pattern, REG_EXTENDED | REG_NOSUB)
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 128)
            regerror(status, expression, &message, message.count)
            expression.deallocate()
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DefinitionError(field: "", rule: "is not a valid POSIX extended regular expression: \(text)")
        }
        self.pattern = pattern
        compiled = expression
    }

    deinit {
        regfree(compiled)
        compiled.deallocate()
    }

    /// Whether `text` contains a match (false for text over `maxSubjectBytes` or with a NUL byte).
    public func matches(_ text: String) -> Bool {
        guard text.utf8.count <= Self.maxSubjectBytes, !text.utf8.contains(0) else { return false }
        return regexec(compiled, text, 0, nil, 0) == 0
    }

    private static func checkBounds(_ pattern: String) throws(DefinitionError) {
        let bytes = Array(pattern.utf8)
        guard bytes.count <= maxPatternBytes else {
            throw DefinitionError(field: "", rule: "is longer than \(maxPatternBytes) bytes (a regular expression's bound)")
        }
        guard !bytes.contains(0) else { throw DefinitionError(field: "", rule: "must not contain a NUL byte") }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, (0x31...0x39).contains(bytes[index + 1]) {
                throw DefinitionError(field: "", rule: "must not use a back-reference such as \\1 (matching it can take exponential time)")
            }
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if byte == UInt8(ascii: "{") {
                var count = 0
                var cursor = index + 1
                while cursor < bytes.count, (bytes[cursor] >= 0x30 && bytes[cursor] <= 0x39) || bytes[cursor] == UInt8(ascii: ",") {
                    if bytes[cursor] == UInt8(ascii: ",") { count = 0 } else { count = min(count * 10 + Int(bytes[cursor] - 0x30), 100_000) }
                    guard count <= maxRepeatCount else {
                        throw DefinitionError(field: "", rule: "must not repeat more than \(maxRepeatCount) times in one {n,m}")
                    }
                    cursor += 1
                }
            }
            index += 1
        }
    }
}
