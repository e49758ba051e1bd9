/// Text in the Prometheus exposition format, version 0.0.4: each family's `# HELP` and `# TYPE`
/// lines, then its samples, one per line.
struct MetricsExposition {
    /// The `Content-Type` of the format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// A family's kind, as its `# TYPE` line names it.
    enum Kind: String {
        /// Only ever goes up (until the server restarts).
        case counter
        /// Goes up and down.
        case gauge
        /// Counts per bucket, with `_bucket`, `_sum` and `_count` samples.
        case histogram
    }

    /// The text so far.
    private(set) var text = ""

    /// Starts the family `name`.
    mutating func family(_ name: String, _ kind: Kind, help: String) {
        text += "# HELP \(name) \(Self.escapedHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// One sample of `name` with `labels` (names are constants; values are escaped) and `value`.
    mutating func sample(_ name: String, _ labels: [(name: String, value: String)] = [], _ value: String) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.name)=\"\(Self.escapedLabelValue($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " \(value)\n"
    }

    /// A sample whose value is a count.
    mutating func sample(_ name: String, _ labels: [(name: String, value: String)] = [], _ value: UInt64) {
        sample(name, labels, String(value))
    }

    /// A sample whose value is a real number.
    mutating func sample(_ name: String, _ labels: [(name: String, value: String)] = [], _ value: Double) {
        sample(name, labels, Self.number(value))
    }

    /// A label value with `\`, `"` and line feeds escaped, as the format requires.
    static func escapedLabelValue(_ value: String) -> String { escaped(value, quotes: true) }

    /// Help text with `\` and line feeds escaped (quotes stay as they are there).
    static func escapedHelp(_ help: String) -> String { escaped(help, quotes: false) }

    private static func escaped(_ value: String, quotes: Bool) -> String {
        let needsEscaping = { (scalar: Unicode.Scalar) in scalar == "\\" || scalar == "\n" || (quotes && scalar == "\"") }
        guard value.unicodeScalars.contains(where: needsEscaping) else { return value }
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if needsEscaping(scalar) { escaped.append("\\") }
            escaped.append(scalar == "\n" ? "n" : scalar)
        }
        return String(escaped)
    }

    /// A number as the format writes it: whole numbers without a fraction, `+Inf`, `-Inf`, `NaN`.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
