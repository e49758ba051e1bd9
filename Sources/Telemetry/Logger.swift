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
                    let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress?.advanced(by: offset), bytes.count - offset) }
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
    /// Field names are literals of the caller's code (printable ASCII, no quote or backslash) and
    /// are written as they are.
    public func log(_ level: LogLevel, _ message: String, _ fields: [(StaticString, LogValue)] = []) {
        let size = buffer.append { line in render(level, message, fields, into: &line) }
        if level != .info || size >= Self.flushThresholdBytes { flush() }
    }

    /// Writes every buffered line now.
    public func flush() { buffer.flush() }

    /// Appends the line, without its newline, to `line`.
    private func render(_ level: LogLevel, _ message: String, _ fields: [(StaticString, LogValue)], into line: inout [UInt8]) {
        switch format {
        case .json:
            JSONObjectWriter.write(into: &line) { object in
                object.add("time", verbatimString: clock.writeTimestamp)
                object.add("level", string: level.rawValue)
                object.add("msg", string: message)
                for (key, value) in fields { Self.add(key, value, to: &object) }
            }
        case .text:
            clock.writeTimestamp(into: &line)
            line.append(UInt8(ascii: " "))
            line.append(utf8Of: level.rawValue)
            line.append(UInt8(ascii: " "))
            line.append(utf8Of: message)
            for (key, value) in fields {
                line.append(UInt8(ascii: " "))
                line.append(literal: key)
                line.append(UInt8(ascii: "="))
                if case .text(let text) = value, Self.isBare(text) {
                    line.append(utf8Of: text)
                } else {
                    Self.writeValue(value, into: &line)
                }
            }
        }
    }

    /// Adds the member `key` with `value`, written as `writeValue` writes it.
    private static func add(_ key: StaticString, _ value: LogValue, to object: inout JSONObjectWriter) {
        switch value {
        case .text(let text): object.add(key, string: text)
        case .integer(let integer): object.add(key, integer: integer)
        case .thousandths(let measure): object.add(key, thousandths: measure)
        case .json(let json): object.add(key, json)
        }
    }

    /// Writes `value` as JSON: text quoted, numbers in decimal.
    private static func writeValue(_ value: LogValue, into line: inout [UInt8]) {
        switch value {
        case .text(let text): JSONWriter.writeString(text, into: &line)
        case .integer(let integer): JSONWriter.writeInteger(integer, into: &line)
        case .thousandths(let measure): JSONWriter.writeThousandths(measure, into: &line)
        case .json(let json): JSONWriter.write(json, into: &line)
        }
    }

    /// Whether a text-format value can be printed without quotes (logfmt): non-empty, with no
    /// space, quote, `=` or control character. Other values are written as JSON strings.
    private static func isBare(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
    }
}
