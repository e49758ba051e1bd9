import HTTP
import Testing

/// Every byte value, in header names and at every position of a header value, against the grammar
/// of RFC 9110 §5.5 and §5.6.2 (the parser checks values eight bytes at a time, so a byte's position
/// within a word matters).
@Suite("HTTPRequestParser: bytes allowed in header fields")
struct FieldByteTests {
    /// `tchar`, the bytes of a field name.
    static let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// Parses a GET with one extra field line; the field's value when the request is accepted, else nil.
    static func extraFieldValue(name: [UInt8], value: [UInt8]) -> String? {
        let bytes = Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8) + name + Array(": ".utf8) + value + Array("\r\n\r\n".utf8)
        switch requestEvents(bytes, feeding: .whole).first {
        case .request(let request)?: return request.headers[String(decoding: name, as: UTF8.self)]
        default: return nil
        }
    }

    @Test func nameBytesAreTokenBytes() {
        for byte in UInt8.min...UInt8.max where byte != UInt8(ascii: ":") {  // a colon ends the name
            let accepted = Self.extraFieldValue(name: Array("X-".utf8) + [byte, UInt8(ascii: "n")], value: Array("v".utf8)) != nil
            #expect(accepted == Self.tokenBytes.contains(byte), "byte \(byte)")
        }
    }

    @Test func valueBytesAreFieldContentAtEveryPosition() {
        let length = 19  // two whole words and a tail
        for byte in UInt8.min...UInt8.max {
            let allowed = byte == UInt8(ascii: "\t") || (byte >= UInt8(ascii: " ") && byte != 0x7F)
            for position in 0..<length {
                var value = [UInt8](repeating: UInt8(ascii: "v"), count: length)
                value[position] = byte
                let parsed = Self.extraFieldValue(name: Array("X-V".utf8), value: value)
                #expect((parsed != nil) == allowed, "byte \(byte) at \(position)")
                if allowed, let parsed {
                    let isWhitespace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                    let trimmed = isWhitespace && (position == 0 || position == length - 1) ? value.filter { $0 != byte } : value
                    #expect(parsed == String(decoding: trimmed, as: UTF8.self), "byte \(byte) at \(position)")
                }
            }
        }
    }
}
