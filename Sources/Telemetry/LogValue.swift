import JSON

/// The value of one field of a log line.
public enum LogValue: Sendable {
    /// Text: a JSON string, or in text lines written bare when it needs no quotes.
    case text(String)
    /// An integer, in decimal.
    case integer(Int64)
    /// A measure rounded to thousandths, such as a latency in milliseconds (`0.042`, `2.0`).
    case thousandths(Double)
    /// Any JSON value, such as a list.
    case json(JSONValue)
}
