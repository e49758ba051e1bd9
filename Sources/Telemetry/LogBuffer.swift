import JSON
import System

/// Log lines waiting to be written, and where they go.
final class LogBuffer: Sendable {
    private let pending = LockedValue(ByteWriter(capacity: initialCapacity))
    /// The bytes being handed to the sink. Its lock serializes flushes, and lines go on being
    /// appended to `pending` while a slow sink (a terminal, a pipe) writes.
    private let writing = LockedValue(ByteWriter(capacity: initialCapacity))
    private let sink: @Sendable (UnsafeBufferPointer<UInt8>) -> Void

    /// The room each buffer starts with; it doubles as lines wait (up to `Logger.flushThresholdBytes`
    /// and a line between two flushes).
    private static let initialCapacity = 4 << 10

    /// A buffer that hands whole lines to `sink`, one call per flush, serialized.
    init(sink: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void) { self.sink = sink }

    /// Adds the line that `render` writes after what waits, and a newline; returns how many bytes
    /// now wait.
    func append(_ render: (inout ByteWriter) -> Void) -> Int {
        pending.withLock { buffer in
            render(&buffer)
            buffer.write(UInt8(ascii: "\n"))
            return buffer.count
        }
    }

    /// Hands everything waiting to the sink.
    func flush() {
        writing.withLock { outgoing in
            pending.withLock { swap(&$0, &outgoing) }
            guard outgoing.count > 0 else { return }
            outgoing.withBytes { sink($0) }
            outgoing.removeAll()
        }
    }
}
