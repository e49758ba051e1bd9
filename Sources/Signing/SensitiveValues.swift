/// What is secret-like in one request besides the apps' secrets: the one rule that every display of
/// a request (the diagnosis, the journal) masks by (SECURITY.md, "What is masked").
///
/// - By name: a parameter whose name, lowercased and without `_`, `-` and `.`, contains `password`,
///   `passwd`, `passcode`, `secret`, `token`, `apikey` or `credential`, or has one of the words
///   `pwd`, `pass`, `pin`, `pincode`, `otp`, `cvv`, `cvc` (words split at other characters and at
///   a change from lower to upper case: `user_pin`, `userPin`).
/// - By value: a value equal to the value of a parameter sensitive by name (`pwd=x&t=x`), equal to
///   the bearer token, or containing it when the token has at least `shortestContainedToken` bytes.
public struct SensitiveValues: Sendable {
    /// What a masked value is shown as.
    public static let marker = "***"
    /// A shorter token is masked where it is a whole value only: looking for it inside values
    /// would mask unrelated text.
    public static let shortestContainedToken = 8
    private static let nameFragments = ["password", "passwd", "passcode", "secret", "token", "apikey", "credential"]
    private static let nameWords: Set<String> = ["pwd", "pass", "pin", "pincode", "otp", "cvv", "cvc"]

    /// The credentials of the `Authorization` header (after `Bearer `), when not empty.
    private let token: String?
    /// The non-empty values of the parameters sensitive by name.
    private let values: Set<String>

    /// The sensitive values of a request with `parameters` and the `Authorization` field value
    /// `authorization`; with neither, only the name rule applies.
    public init(parameters: RequestParameters = RequestParameters(), authorization: String? = nil) {
        let credentials = authorization.map { value in
            String(value.trimmingOptionalWhitespace.drop { $0 != " " }).trimmingOptionalWhitespace
        }
        let fallback = authorization?.trimmingOptionalWhitespace
        token = [credentials, fallback].lazy.compactMap { $0 }.first { !$0.isEmpty }
        values = Set(parameters.entries.lazy.filter { Self.isSensitive(name: $0.name) }
            .map(\.value.displayedText).filter { !$0.isEmpty })
    }

    /// Whether a parameter named `name` is hidden whatever its value.
    public static func isSensitive(name: String) -> Bool {
        let lowered = name.lowercased().filter { !"_-.".contains($0) }
        if nameFragments.contains(where: lowered.contains) { return true }
        return words(of: name).contains { nameWords.contains($0) }
    }

    /// Whether the value `value` of the parameter or header `name` is shown as `marker`.
    public func hides(name: String, value: String) -> Bool {
        guard !Self.isSensitive(name: name), !values.contains(value) else { return true }
        guard let token else { return false }
        return value == token || (token.utf8.count >= Self.shortestContainedToken && value.contains(token))
    }

    /// The texts to replace wherever they occur in a stored display (the journal): the sensitive
    /// values and a token long enough to be looked for inside other text.
    public var texts: [String] {
        Array(values) + [token].compactMap { $0 }.filter { $0.utf8.count >= Self.shortestContainedToken }
    }

    /// The lowercased words of a name: split at characters other than letters and digits, and
    /// where a lowercase letter or digit is followed by an uppercase letter.
    private static func words(of name: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previousIsLowerOrDigit = false
        for character in name {
            let isWordCharacter = character.isLetter || character.isNumber
            if !isWordCharacter || (character.isUppercase && previousIsLowerOrDigit), !word.isEmpty {
                words.append(word.lowercased())
                word = ""
            }
            if isWordCharacter { word.append(character) }
            previousIsLowerOrDigit = character.isLowercase || character.isNumber
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }
}

extension ParameterValue {
    /// The value as a display shows it: its text when it has one, otherwise its rendering.
    var displayedText: String { stringValue ?? rendered }
}
