import COpenSSL
import Crypto
import Glibc

/// A name a server certificate is valid for: a DNS name or an IP address.
enum SubjectAlternativeName: Sendable, Equatable {
    /// A DNS name, such as `localhost` or `laptop.local`.
    case dns(String)
    /// An IPv4 or IPv6 address in text form.
    case ipAddress(String)

    /// The names every development server certificate covers.
    static let loopback: [SubjectAlternativeName] = [.dns("localhost"), .ipAddress("127.0.0.1"), .ipAddress("::1")]

    /// Classifies `host` as an IP address or a DNS name; rejects anything else.
    init(host: String) throws(CertificateError) {
        let isIP = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { address in
            inet_pton(AF_INET, host, address.baseAddress) == 1 || inet_pton(AF_INET6, host, address.baseAddress) == 1
        }
        if isIP {
            self = .ipAddress(host)
            return
        }
        let allowed = host.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "*")
        }
        guard allowed, (1...253).contains(host.utf8.count), !host.hasPrefix("."), !host.hasSuffix(".") else {
            throw CertificateError(.invalidOptions, reason: "extra host '\(host)' is neither a DNS name nor an IP address")
        }
        self = .dns(host)
    }

    /// A new OpenSSL `GENERAL_NAME` for this name (the caller owns it).
    func generalName() throws(CertificateError) -> UnsafeMutablePointer<GENERAL_NAME> {
        guard let name = GENERAL_NAME_new() else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot allocate a subject alternative name")
        }
        switch self {
        case .dns(let host):
            guard let text = ASN1_IA5STRING_new() else { break }
            guard ASN1_STRING_set(text, host, Int32(host.utf8.count)) == 1 else {
                ASN1_IA5STRING_free(text)
                break
            }
            GENERAL_NAME_set0_value(name, GEN_DNS, UnsafeMutableRawPointer(text))
            return name
        case .ipAddress(let address):
            guard let octets = a2i_IPADDRESS(address) else { break }
            GENERAL_NAME_set0_value(name, GEN_IPADD, UnsafeMutableRawPointer(octets))
            return name
        }
        GENERAL_NAME_free(name)
        throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode the subject alternative name \(self)")
    }
}
