extension String {
    /// The text with every occurrence of each non-empty secret replaced by `<secret>`.
    func redacting(_ secrets: [String]) -> String {
        secrets.lazy.filter { !$0.isEmpty }.reduce(self) { TextReplacement($1, with: "<secret>").apply(to: $0) }
    }
}
