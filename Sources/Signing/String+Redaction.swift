extension String {
    /// The text with every occurrence of each non-empty secret replaced by `<secret>`.
    func redacting(_ secrets: [String]) -> String {
        var bytes = Array(utf8)
        for secret in secrets where !secret.isEmpty {
            bytes = bytes.replacing(Array(secret.utf8), with: Array("<secret>".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
