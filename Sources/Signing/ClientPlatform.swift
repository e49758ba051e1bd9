import JSON

/// A language a signer is written in, and how it prints values into the string it signs: Swift's
/// `"\(value)"` (the contract), Java/Kotlin `toString` (Android ports) or Objective-C `%@`
/// (AFNetworking ports). The diagnosis re-signs a request as each would have.
enum ClientPlatform {
    case swift, jvm, objc

    /// The value as this platform prints it.
    func render(_ value: ParameterValue) -> String {
        switch (self, value) {
        case (.swift, _): value.rendered
        case (_, .text(let text)), (_, .json(.string(let text))): text
        case (.jvm, .list(let elements)): "[" + elements.map(render).joined(separator: ", ") + "]"
        case (.objc, .list(let elements)): Self.objcCollection("(", elements.map { objcElement($0) + "," }, ")")
        case (.objc, .json(.bool(let bool))): bool ? "1" : "0"
        case (.jvm, .json(.number(let number))) where !number.isInteger: number.doubleValue.map(Self.javaDescription) ?? number.text
        case (_, .json): value.rendered
        }
    }

    /// A dictionary of `members` in this order, as this platform prints it: `["genre": "RPG"]`,
    /// `{genre=RPG}` or `{\n    genre = RPG;\n}`.
    func dictionary(_ members: [(key: String, value: ParameterValue)]) -> String {
        switch self {
        case .swift:
            guard !members.isEmpty else { return "[:]" }
            return "[" + members.map { $0.key.debugDescription + ": " + $0.value.elementDescription }.joined(separator: ", ") + "]"
        case .jvm:
            return "{" + members.map { $0.key + "=" + render($0.value) }.joined(separator: ", ") + "}"
        case .objc:
            return Self.objcCollection("{", members.map { Self.objcQuoted($0.key) + " = " + objcElement($0.value) + ";" }, "}")
        }
    }

    /// An element inside an Objective-C collection description: strings quoted when needed.
    private func objcElement(_ value: ParameterValue) -> String {
        switch value {
        case .text(let text), .json(.string(let text)): Self.objcQuoted(text)
        default: render(value)
        }
    }

    /// `open`, each line indented by four spaces, `close`, on lines of their own (the last line's
    /// trailing comma dropped, as `-[NSArray description]` does).
    private static func objcCollection(_ open: String, _ lines: [String], _ close: String) -> String {
        var lines = lines
        if open == "(", let last = lines.popLast() { lines.append(String(last.dropLast())) }
        return ([open] + lines.map { "    " + $0 } + [close]).joined(separator: "\n")
    }

    /// A string as `-[NSArray description]` prints an element: bare when it has only letters,
    /// digits and `_$+/:.-`, otherwise quoted with `"` and `\` escaped.
    private static func objcQuoted(_ text: String) -> String {
        let isBare = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$+/:.-".unicodeScalars.contains(scalar))
        }
        guard !isBare else { return text }
        return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// Java's `Double.toString`: shortest digits, plain with at least one decimal from 10⁻³ up to
    /// 10⁷ (`1.0`, `0.001`), otherwise scientific with an `E` exponent (`1.0E16`, `1.5E-4`).
    static func javaDescription(_ double: Double) -> String {
        guard double.isFinite else { return double.isNaN ? "NaN" : double < 0 ? "-Infinity" : "Infinity" }
        guard double != 0 else { return double.sign == .minus ? "-0.0" : "0.0" }
        let (digits, exponent) = shortestDigits(of: double.magnitude)
        let sign = double < 0 ? "-" : ""
        let magnitude = double.magnitude
        guard magnitude >= 1e-3, magnitude < 1e7 else {
            let fraction = digits.dropFirst()
            return sign + String(digits.prefix(1)) + "." + (fraction.isEmpty ? "0" : String(fraction)) + "E" + String(exponent - 1)
        }
        if exponent <= 0 { return sign + "0." + String(repeating: "0", count: -exponent) + digits }
        let whole = digits.count >= exponent ? String(digits.prefix(exponent)) : digits + String(repeating: "0", count: exponent - digits.count)
        let fraction = digits.dropFirst(exponent)
        return sign + whole + "." + (fraction.isEmpty ? "0" : String(fraction))
    }

    /// The shortest round-trip decimal digits of a positive finite `double` (from Swift's
    /// description) and the exponent `e` such that it equals `0.digits × 10^e`.
    private static func shortestDigits(of double: Double) -> (digits: String, exponent: Int) {
        let description = double.description
        let parts = description.split(separator: "e", maxSplits: 1)
        let mantissa = parts.first ?? ""
        let power = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let integerPart = mantissa.prefix { $0 != "." }
        let fractionPart = mantissa.drop { $0 != "." }.dropFirst()
        var digits = Substring(integerPart + fractionPart)
        var exponent = integerPart.count + power
        while digits.first == "0" {
            digits = digits.dropFirst()
            exponent -= 1
        }
        while digits.last == "0" { digits = digits.dropLast() }
        return (digits.isEmpty ? "0" : String(digits), exponent)
    }
}
