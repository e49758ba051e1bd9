extension HTTPHeaders {
    /// The fields that describe one connection rather than the message (RFC 9110 §7.6.1), which a
    /// proxy does not forward: `Connection`, `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`,
    /// `Transfer-Encoding`, `Upgrade`.
    static let hopByHopNames: Set<String> = ["connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade"]

    /// These headers without the hop-by-hop fields and without the fields the `Connection` header
    /// names; `Content-Length` is dropped too, since the encoder writes the framing of the body it sends.
    public func removingHopByHop() -> HTTPHeaders {
        var named = Self.hopByHopNames
        named.insert("content-length")
        for value in values(for: "Connection") {
            for option in value.utf8.split(separator: ASCII.comma) {
                named.insert(String(decoding: ASCII.trimmingWhitespace(option), as: UTF8.self).lowercased())
            }
        }
        var kept = HTTPHeaders()
        kept.reserveCapacity(count)
        for (name, value) in self {
            let lowered = name.lowercased()
            if named.contains(lowered) || lowered.hasPrefix("proxy-") { continue }
            kept.add(name: name, value: value)
        }
        return kept
    }
}
