import COpenSSL
import Crypto
import Glibc

/// The name a client expects the server certificate to be valid for: a DNS name, or an IP address
/// (which is matched against IP SANs and never sent as SNI).
enum ServerName: Sendable, Equatable {
    /// A DNS host name such as `localhost`.
    case host(String)
    /// An IPv4 or IPv6 address in text form.
    case ipAddress(String)

    /// Classifies `name` as an IP address or a host name.
    init(_ name: String) {
        self = Self.isIPAddress(name) ? .ipAddress(name) : .host(name)
    }

    /// The name to send in the SNI extension; `nil` for an IP address (RFC 6066 forbids sending those).
    var sniHostName: String? {
        switch self {
        case .host(let name): name
        case .ipAddress: nil
        }
    }

    /// Makes OpenSSL's chain verification also require this name in the certificate.
    func require(in parameters: OpaquePointer) throws(TLSError) {
        let accepted: Int32
        switch self {
        case .host(let name):
            X509_VERIFY_PARAM_set_hostflags(parameters, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
            accepted = X509_VERIFY_PARAM_set1_host(parameters, name, name.utf8.count)
        case .ipAddress(let address):
            accepted = X509_VERIFY_PARAM_set1_ip_asc(parameters, address)
        }
        guard accepted == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("server name is not a valid host name or IP address"))
        }
    }

    /// Whether `certificate` (an `X509`) is valid for this name.
    func matches(_ certificate: OpaquePointer) -> Bool {
        switch self {
        case .host(let name):
            X509_check_host(certificate, name, name.utf8.count, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS), nil) == 1
        case .ipAddress(let address):
            X509_check_ip_asc(certificate, address, 0) == 1
        }
    }

    /// OpenSSL's verification error when a certificate is not valid for this name.
    var mismatchReason: String {
        let code = switch self {
        case .host: X509_V_ERR_HOSTNAME_MISMATCH
        case .ipAddress: X509_V_ERR_IP_ADDRESS_MISMATCH
        }
        return String(cString: X509_verify_cert_error_string(Int(code)))
    }

    private static func isIPAddress(_ name: String) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { address in
            inet_pton(AF_INET, name, address.baseAddress) == 1 || inet_pton(AF_INET6, name, address.baseAddress) == 1
        }
    }
}
