import HTTP
import JSON

/// The `{code, message, data}` envelope of a response, read in tests.
public struct ReceivedEnvelope: Sendable {
    public let status: Int
    public let code: Int64
    public let message: String
    public let data: JSONValue
    public let headers: HTTPHeaders

    /// Parses `response`'s body; throws when it is not an envelope.
    public init(_ response: HTTPResponse) throws {
        let value = try JSONParser.parse(response.body)
        guard case .object(let object) = value, case .number(let code)? = object["code"], let codeValue = code.int64Value,
              case .string(let message)? = object["message"], let data = object["data"] else {
            throw EnvelopeError(body: String(decoding: response.body, as: UTF8.self))
        }
        status = response.status.code
        self.code = codeValue
        self.message = message
        self.data = data
        headers = response.headers
    }
}
