/// A strict RFC 8259 parser: one value surrounded only by whitespace, UTF-8 validated,
/// no trailing commas, no leading zeros, no NaN or comments.
public enum JSONParser {
    /// The default limit on nested arrays and objects.
    public static let defaultMaxDepth = 64

    /// Parses `bytes` as one JSON document.
    ///
    /// - Parameter maxDepth: how deeply arrays and objects may nest before the document is rejected.
    /// - Throws: `JSONError` with the byte offset of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError>
        if let contiguous = bytes.withContiguousStorageIfAvailable({ parse(UnsafeRawBufferPointer($0), maxDepth: maxDepth) }) {
            result = contiguous
        } else {
            result = Array(bytes).withUnsafeBytes { parse($0, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    private static func parse(_ buffer: UnsafeRawBufferPointer, maxDepth: Int) -> Result<JSONValue, JSONError> {
        var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
        do throws(JSONError) {
            return .success(try reader.readDocument())
        } catch {
            return .failure(error)
        }
    }
}
