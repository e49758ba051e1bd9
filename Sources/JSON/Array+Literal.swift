extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal in one copy, which costs less than appending a
    /// `String`'s UTF-8 view.
    public mutating func append(literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
