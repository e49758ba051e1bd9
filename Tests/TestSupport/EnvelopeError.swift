/// A body that is not an envelope.
public struct EnvelopeError: Error, CustomStringConvertible {
    public let body: String
    public var description: String { "not an envelope: \(body)" }
}
