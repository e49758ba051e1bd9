/// An HTTP protocol version, as in `HTTP/1.1`.
public struct HTTPVersion: Sendable, Hashable {
    /// The major version number.
    public var major: Int
    /// The minor version number.
    public var minor: Int

    /// Creates a version from its two numbers.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    /// HTTP/2 (RFC 9113): the same semantics in binary frames, names always lowercase.
    public static let http2 = HTTPVersion(major: 2, minor: 0)

    /// The protocol's ALPN name (RFC 7301): `h2`, `http/1.1` or `http/1.0`; the journal and the metrics
    /// record it.
    public var protocolName: String {
        switch (major, minor) {
        case (2, _): "h2"
        case (1, 0): "http/1.0"
        default: "http/1.1"
        }
    }

    /// Whether connections are persistent by default in this version (HTTP/1.1 and later).
    var persistsByDefault: Bool {
        major > 1 || (major == 1 && minor >= 1)
    }
}

extension HTTPVersion {
    /// Parses `HTTP-version` (RFC 9112 §2.3): exactly `HTTP/` DIGIT `.` DIGIT, case-sensitive.
    /// A well-formed version other than 1.0 and 1.1 is `versionNotSupported`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        guard bytes.count == 8,
              bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"), bytes[2] == UInt8(ascii: "T"),
              bytes[3] == UInt8(ascii: "P"), bytes[4] == ASCII.slash, bytes[6] == UInt8(ascii: "."),
              let major = ASCII.decimalValue(bytes[5]),
              let minor = ASCII.decimalValue(bytes[7])
        else {
            throw .malformed("invalid HTTP version")
        }
        guard major == 1, minor <= 1 else { throw .versionNotSupported }
        return HTTPVersion(major: major, minor: minor)
    }
}
