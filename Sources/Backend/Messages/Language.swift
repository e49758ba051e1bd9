/// A language of `message`, negotiated from `Accept-Language`.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    case traditionalChinese = "zh-Hant"
    case korean = "ko"

    /// The catalog that renders messages in this language.
    public var catalog: any MessageCatalog {
        switch self {
        case .english: EnglishMessages()
        case .simplifiedChinese: SimplifiedChineseMessages()
        case .traditionalChinese: TraditionalChineseMessages()
        case .korean: KoreanMessages()
        }
    }

    /// The best language for an `Accept-Language` value: the supported range with the highest
    /// q-value (the earliest on ties); English when none is supported.
    public static func negotiate(_ acceptLanguage: String?) -> Language {
        guard let acceptLanguage else { return .english }
        var best: (language: Language, quality: Double)?
        for range in acceptLanguage.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let tag = parts.first?.trimmingWhitespace(), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingWhitespace()
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { quality = value }
            }
            guard quality > 0, let language = supported(tag) else { continue }
            if best == nil || quality > best?.quality ?? 0 { best = (language, quality) }
        }
        return best?.language ?? .english
    }

    /// The language a single tag asks for, if it is one of ours.
    static func supported(_ tag: Substring) -> Language? {
        let lowered = tag.lowercased()
        if lowered == "zh" || lowered.hasPrefix("zh-hans") || lowered == "zh-cn" || lowered == "zh-sg" { return .simplifiedChinese }
        if lowered.hasPrefix("zh-hant") || lowered == "zh-tw" || lowered == "zh-hk" || lowered == "zh-mo" { return .traditionalChinese }
        if lowered == "ko" || lowered.hasPrefix("ko-") { return .korean }
        if lowered == "en" || lowered.hasPrefix("en-") { return .english }
        return nil
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start..<utf8.index(after: last)]
    }
}
