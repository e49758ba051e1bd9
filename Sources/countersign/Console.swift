import CountersignServer
import Glibc

/// Output helpers for commands.
enum Console {
    /// Writes `message` and a newline to standard error.
    static func error(_ message: String) {
        let bytes = Array("countersign: \(message)\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Runs a command body and turns what it throws into a message and an exit status: 2 for a usage
    /// mistake (`CommandError`, `ConfigurationError`), `failureStatus` for anything else.
    static func exitStatus(failureStatus: Int32 = 1, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let error as CommandError {
            Console.error(error.description)
            return 2
        } catch let error as ConfigurationError {
            Console.error(error.description)
            return 2
        } catch {
            Console.error("\(error)")
            return failureStatus
        }
    }
}
