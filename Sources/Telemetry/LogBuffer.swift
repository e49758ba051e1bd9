import System

/// Log lines waiting to be written, and where they go.
final class LogBuffer: Sendable {
    private let pending = LockedValue<[UInt8]>([])
    /// The bytes being handed to the sink. Its lock serializes flushes, and lines go on being
    /// appended to `pending` while a slow sink (a terminal, a pipe) writes.
    private let writing = LockedValue<[UInt8]>([])
    private let sink: @Sendable ([UInt8]) -> Void

    /// A buffer that hands whole lines to `sink`, one call per flush, serialized.
    init(sink: @escaping @Sendable ([UInt8]) -> Void) { self.sink = sink }

    /// Adds the line that `render` appends to the buffer it is given, and a newline; returns how
    /// many bytes now wait.
    func append(_ render: (inout [UInt8]) -> Void) -> Int {
        pending.withLock { buffer in
            render(&buffer)
            buffer.append(UInt8(ascii: "\n"))
            return buffer.count
        }
    }

    /// Hands everything waiting to the sink.
    func flush() {
        writing.withLock { outgoing in
            pending.withLock { swap(&$0, &outgoing) }
            guard !outgoing.isEmpty else { return }
            sink(outgoing)
            outgoing.removeAll(keepingCapacity: true)
        }
    }
}
