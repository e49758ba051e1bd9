import Glibc

/// A failed system call: which call, and the `errno` it left.
public struct SystemCallError: Error, Sendable, CustomStringConvertible {
    /// The name of the call, such as `"bind"`.
    public let call: String
    /// The `errno` value.
    public let errorNumber: Int32

    /// A failure of `call` with `errorNumber`.
    public init(call: String, errorNumber: Int32) {
        self.call = call
        self.errorNumber = errorNumber
    }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(errorNumber))) (errno \(errorNumber))"
    }
}
