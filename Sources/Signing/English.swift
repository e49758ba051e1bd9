/// Small helpers for the diagnosis sentences.
enum English {
    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'` (without quotes when `quoted` is false).
    static func list(_ items: [String], quoted: Bool = true) -> String {
        let shown = quoted ? items.map { "'\($0)'" } : items
        guard let last = shown.last else { return "" }
        guard shown.count > 1 else { return last }
        return shown.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A header name with each dash-separated word capitalized: `X-API-VERSION` → `X-Api-Version`.
    static func titleCased(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
            .joined(separator: "-")
    }
}
