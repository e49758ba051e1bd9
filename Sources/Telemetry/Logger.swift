import Dispatch
import Glibc
import JSON

/// Writes one line per event to standard output, as text or JSON (`--log-format`). Never given a
/// secret, a token or a password: callers pass only what is safe to print.
///
/// Request lines are buffered and written at most every 100 ms (or when 64 KiB are waiting), so that
/// logging costs the request path no system call; any other level is written at once, with what was
/// buffered before it.
public final class Logger: Sendable {
    /// The line format.
    public enum Format: String, Sendable, CaseIterable { case text, json }

    /// How long a buffered line may wait.
    static let flushIntervalMilliseconds = 100
    /// How many buffered bytes trigger an immediate write.
    static let flushThresholdBytes = 64 * 1024

    private let format: Format
    private let clock = LogClock()
    private let buffer: LogBuffer
    /// Only created and cancelled here; Dispatch sources are thread-safe.
    nonisolated(unsafe) private let timer: DispatchSourceTimer

    /// A logger writing `format` lines to standard output, or to `sink` (called with whole lines, serialized).
    public init(format: Format, sink: (@Sendable (String) -> Void)? = nil) {
        self.format = format
        if let sink {
            buffer = LogBuffer { bytes in
                for line in bytes.split(separator: UInt8(ascii: "\n")) { sink(String(decoding: line, as: UTF8.self)) }
            }
        } else {
            buffer = LogBuffer { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(STDOUT_FILENO, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                    if written <= 0 && errno != EINTR { return }
                    offset += max(0, written)
                }
            }
        }
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "countersign.logger"))
        let interval = DispatchTimeInterval.milliseconds(Self.flushIntervalMilliseconds)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [buffer] in buffer.flush() }
        timer.resume()
    }

    deinit {
        timer.cancel()
        flush()
    }

    /// Logs `message` with `fields` (kept in order). `info` lines are buffered; other levels are written at once.
    /// The message and the field names are literals of the caller's code (printable ASCII, no
    /// quote or backslash) and are written as they are.
    public func log(_ level: LogLevel, _ message: StaticString, _ fields: [(StaticString, LogValue)] = []) {
        log(level, message) { line in
            for (name, value) in fields { line.add(name, value) }
        }
    }

    /// Logs `message` with the fields `addFields` adds, written straight into the line (the
    /// request path's way: no array of fields is made).
    public func log(_ level: LogLevel, _ message: StaticString, fields addFields: (inout LogFields) -> Void) {
        let size = buffer.append { line in
            var fields = LogFields(format: format, continuing: line)
            start(level, message, into: &fields.bytes)
            addFields(&fields)
            line = fields.finished()
        }
        if level != .info || size >= Self.flushThresholdBytes { flush() }
    }

    /// Writes every buffered line now.
    public func flush() { buffer.flush() }

    /// Appends the line's time, level and message to `line`: in JSON, the object's first members,
    /// left open for the fields.
    private func start(_ level: LogLevel, _ message: StaticString, into line: inout ByteWriter) {
        let format = format, clock = clock
        // One copy: the longest literal after the time is 30 bytes, the JSON line's start 9.
        line.write(atMost: LogClock.timestampCapacity + 40 + message.utf8CodeUnitCount) { writer in
            switch format {
            case .json:
                writer.write("{\"time\":\"")
                clock.writeTimestamp(into: &writer)
                writer.write(level.jsonMembersAfterTime)
                writer.write(message)
                writer.write(UInt8(ascii: "\""))
            case .text:
                clock.writeTimestamp(into: &writer)
                writer.write(level.textAfterTime)
                writer.write(message)
            }
        }
    }
}

extension LogLevel {
    /// What follows the time in a JSON line, up to the message's text: one literal, so that a line's
    /// start costs one copy rather than two escaped strings (about 400 instructions per request).
    fileprivate var jsonMembersAfterTime: StaticString {
        switch self {
        case .info: "\",\"level\":\"info\",\"msg\":\""
        case .warning: "\",\"level\":\"warning\",\"msg\":\""
        case .error: "\",\"level\":\"error\",\"msg\":\""
        }
    }

    /// What follows the time in a text line, up to the message.
    fileprivate var textAfterTime: StaticString {
        switch self {
        case .info: " info "
        case .warning: " warning "
        case .error: " error "
        }
    }
}
