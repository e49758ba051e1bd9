/// How much a log line matters. `info` lines are buffered; the others are written at once.
public enum LogLevel: String, Sendable {
    /// An ordinary event: a request, a listener, a created file.
    case info
    /// Something a developer should look at: a failed handshake, a changed pin.
    case warning
    /// A failure: an internal error, a journal that cannot be written.
    case error
}
