/// Decodes `application/x-www-form-urlencoded` text, as query strings and form bodies carry it:
/// `&`-separated `name=value` pairs, `+` meaning a space, UTF-8 percent-encoding, and
/// `name[]=a&name[]=b` as the array parameter `name`.
enum FormDecoder {
    /// The parameters in `bytes`, tagged with `source`; `location` names the part of the request
    /// in error messages ("query string", "form body").
    static func decode(_ bytes: [UInt8], source: RequestParameters.Source,
                       location: String) throws(RequestParsingError) -> [RequestParameters.Entry] {
        var fields: [(name: String, value: Field)] = []
        var listPositions: [String: Int] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            var name = try decodeComponent(pair[..<(equals ?? pair.endIndex)], location: location)
            let value = try decodeComponent(equals.map { pair[pair.index(after: $0)...] } ?? [], location: location)
            let isListElement = name.hasSuffix("[]")
            if isListElement { name.removeLast(2) }
            guard !name.isEmpty else { throw .malformedBody("a parameter without a name in the \(location)") }
            if !isListElement {
                fields.append((name, .text(value)))
            } else if let position = listPositions[name] {
                fields[position].value.append(value)
            } else {
                listPositions[name] = fields.count
                fields.append((name, .list([value])))
            }
        }
        return fields.map { .init(name: $0.name, value: $0.value.parameterValue, source: source) }
    }

    /// A field being collected: one value, or the elements of `name[]` so far.
    private enum Field {
        case text(String)
        case list([String])

        mutating func append(_ element: String) {
            guard case .list(var elements) = self else { return }
            self = .list([]) // let go of the array so that appending does not copy it
            elements.append(element)
            self = .list(elements)
        }

        var parameterValue: ParameterValue {
            switch self {
            case .text(let text): .text(text)
            case .list(let elements): .list(elements.map(ParameterValue.text))
            }
        }
    }

    /// One name or value: `+` becomes a space, `%XX` its byte, and the result must be UTF-8.
    private static func decodeComponent(_ component: ArraySlice<UInt8>,
                                        location: String) throws(RequestParsingError) -> String {
        let decoded: String?
        if component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(component.count)
            var index = component.startIndex
            while index < component.endIndex {
                switch component[index] {
                case UInt8(ascii: "+"):
                    bytes.append(UInt8(ascii: " "))
                case UInt8(ascii: "%"):
                    guard component.endIndex - index > 2,
                          let high = hexValue(component[index + 1]), let low = hexValue(component[index + 2]) else {
                        throw .malformedBody("invalid percent-encoding in the \(location)")
                    }
                    bytes.append(high << 4 | low)
                    index += 2
                case let byte:
                    bytes.append(byte)
                }
                index += 1
            }
            decoded = String(validatingUTF8Bytes: bytes)
        } else {
            decoded = String(validatingUTF8Bytes: component)
        }
        guard let decoded else { throw .malformedBody("invalid UTF-8 in the \(location)") }
        return decoded
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
