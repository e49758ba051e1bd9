import CountersignServer

/// A subcommand of `countersign`, shaped like swift-argument-parser's `ParsableCommand`: parsed and
/// validated apart from being run, so what a command line means can be checked without running it.
public protocol Command {
    /// The name typed after `countersign`, such as `call`.
    static var name: String { get }
    /// What `countersign <name> --help` prints.
    static var usage: String { get }
    /// The exit status of a failure that is not a usage mistake.
    static var failureStatus: Int32 { get }
    /// The command for `arguments` (those after its name, indexed as in argv) and `environment`;
    /// throws a `CommandError` (or the server's `ConfigurationError`) for a usage mistake.
    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> Self
    /// Checks what reading the arguments alone cannot; throws a `CommandError`.
    func validate() throws
    /// Does the work; returns the exit status.
    func run() throws -> Int32
    /// Reports `error` on standard error; returns the exit status.
    static func report(_ error: any Error) -> Int32
}

extension Command {
    public static var failureStatus: Int32 { 1 }

    public func validate() throws {}

    /// Writes `error` and returns 2 for a usage mistake (`CommandError`, `ConfigurationError`),
    /// `failureStatus` for anything else.
    public static func report(_ error: any Error) -> Int32 {
        Console.error("\(error)")
        return error is CommandError || error is ConfigurationError ? 2 : failureStatus
    }

    /// Parses, validates and runs; returns the exit status.
    public static func execute(_ arguments: ArraySlice<String>, environment: [String: String]) -> Int32 {
        do {
            let command = try parse(arguments, environment: environment)
            try command.validate()
            return try command.run()
        } catch {
            return report(error)
        }
    }
}
