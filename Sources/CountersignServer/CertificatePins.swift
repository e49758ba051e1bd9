import Certificates
import Crypto
import JSON
import System

/// What `GET /__admin/pins` shows: the files an app pins or trusts, read from the certificate
/// folder at each call, so that a renewal or a reload shows at once.
enum CertificatePins {
    /// The largest certificate file read (a development certificate is about 1 KiB).
    static let largestFileBytes = 64 << 10

    /// `{spki_sha256, server_cer_base64, ca_pem}`, or nil when a file cannot be read.
    static func json(at paths: CertificatePaths) -> JSONValue? {
        guard let pin = try? DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate),
              let der = FileSystem.read(paths.serverDER, maxBytes: largestFileBytes),
              let authority = FileSystem.read(paths.caCertificate, maxBytes: largestFileBytes) else { return nil }
        return [
            "spki_sha256": .string(pin),
            "server_cer_base64": .string(Base64.encode(der)),
            "ca_pem": .string(String(decoding: authority, as: UTF8.self)),
        ]
    }
}
