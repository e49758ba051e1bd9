import Store
import System
import Transport

/// Why the journal could not start or answer.
public enum JournalError: Error, Sendable, CustomStringConvertible {
    /// The journal's database failed.
    case store(StoreError)
    /// The writer thread could not be started.
    case thread(SystemCallError)
    /// The server is shutting down and the writer has stopped.
    case stopped

    public var description: String {
        switch self {
        case .store(let error): "journal database: \(error)"
        case .thread(let error): "journal writer: \(error)"
        case .stopped: "the journal has stopped (the server is shutting down)"
        }
    }
}
