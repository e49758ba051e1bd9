extension JSONWriter {
    /// Appends `value` in decimal, as `JSONNumber(value)` writes it (`String(value)`).
    public static func writeInteger(_ value: Int64, into bytes: inout [UInt8]) {
        bytes.append(atMost: FixedBufferWriter.integerCapacity) { $0.writeInteger(value) }
    }

    /// Appends `value` rounded to thousandths, as `JSONNumber((value * 1000).rounded() / 1000)`
    /// writes it (see `FixedBufferWriter.writeThousandths`).
    public static func writeThousandths(_ value: Double, into bytes: inout [UInt8]) {
        bytes.append(atMost: FixedBufferWriter.thousandthsCapacity) { $0.writeThousandths(value) }
    }
}
