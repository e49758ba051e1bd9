/// Percent-encoding as Alamofire's `URLEncoding` escapes query and form components.
public enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `text` with every byte escaped except letters, digits, `-._~` and `/?`
    /// (RFC 3986's query characters minus the general and sub-delimiters, as Alamofire does).
    public static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                escaped.append(byte)
            default:
                escaped.append(UInt8(ascii: "%"))
                escaped.append(hexDigits[Int(byte >> 4)])
                escaped.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
