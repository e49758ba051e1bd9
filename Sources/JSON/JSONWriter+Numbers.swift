extension JSONWriter {
    /// Appends `value` in decimal, as `JSONNumber(value)` writes it (`String(value)`).
    public static func writeInteger(_ value: Int64, into bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Digits come least significant first: written from the end of a buffer on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends `value` rounded to thousandths, as `JSONNumber((value * 1000).rounded() / 1000)`
    /// writes it: Swift's shortest round-trip description (`0.042`, `2.0`, `12345.679`).
    ///
    /// Below 10^12 thousandths the rounded value has at most 15 significant digits, and no other
    /// decimal of that length or shorter reads as the same `Double`: its shortest description is
    /// the thousandths themselves, without trailing zeros. Other values (negative, huge, NaN)
    /// take `JSONNumber`'s own path.
    public static func writeThousandths(_ value: Double, into bytes: inout [UInt8]) {
        let scaled = (value * 1000).rounded()
        guard scaled.sign == .plus, scaled < 1e12 else {
            write(.number(JSONNumber(scaled / 1000)), into: &bytes)
            return
        }
        let thousandths = Int64(scaled)
        writeInteger(thousandths / 1000, into: &bytes)
        bytes.append(UInt8(ascii: "."))
        var fraction = thousandths % 1000
        guard fraction > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var place: Int64 = 100
        while fraction > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / place))
            fraction %= place
            place /= 10
        }
    }
}
