import Glibc

/// How many SQL statements a connection ran and how long they took (binding, stepping, reading
/// rows and resetting), measured on the monotonic clock. Totals since the connection opened.
public struct StatementTiming: Sendable, Equatable {
    /// Statements run (each `BEGIN`, `COMMIT`, query or change counts once).
    public var statements: UInt64 = 0
    /// Their total time in nanoseconds.
    public var nanoseconds: UInt64 = 0

    /// No statements yet.
    public init() {}

    /// Adds `other`'s statements and time to these.
    public mutating func add(_ other: StatementTiming) {
        statements &+= other.statements
        nanoseconds &+= other.nanoseconds
    }

    /// The statements and time since `earlier`, a reading of the same connection.
    public func since(_ earlier: StatementTiming) -> StatementTiming {
        var difference = StatementTiming()
        difference.statements = statements &- earlier.statements
        difference.nanoseconds = nanoseconds &- earlier.nanoseconds
        return difference
    }

    /// Counts one statement that started at `start` (a `clock()` reading) and ends now.
    mutating func recordStatement(startedAt start: UInt64) {
        statements &+= 1
        nanoseconds &+= Self.clock() &- start
    }

    /// The monotonic clock, in nanoseconds.
    static func clock() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
