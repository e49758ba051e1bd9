/// Comparisons whose duration does not depend on where inputs differ.
public enum ConstantTime {
    /// Whether `a` and `b` are equal, taking time that depends only on their lengths.
    /// Inlinable, so that callers in other modules get a specialized loop (it is on every request's path).
    @inlinable
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
