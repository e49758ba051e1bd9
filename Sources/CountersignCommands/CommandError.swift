/// A usage mistake, reported with exit status 2, with the argument it is about when there is one.
public struct CommandError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, worded for the user.
    public let description: String
    /// The index in argv of the argument the mistake is about.
    public let argumentIndex: Int?

    public init(_ description: String, argumentIndex: Int? = nil) {
        self.description = description
        self.argumentIndex = argumentIndex
    }
}
