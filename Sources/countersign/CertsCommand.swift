import Certificates
import CountersignServer

/// `countersign certs`: create missing certificate files, or renew the server certificate.
enum CertsCommand {
    static let usage = """
    Usage: countersign certs [--certs DIR] [--extra-hosts a,b] [--key-type ecdsa-p256|rsa-2048]
                             [--client-p12-password P] [--renew-server]
    Creates what is missing in the certificate folder (default server-certs). --renew-server makes a new
    server key and certificate from the same CA; a running server picks it up on SIGHUP.
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        return Console.exitStatus {
            let renew = arguments.contains("--renew-server")
            let configuration = try ConfigurationParser.parse(arguments: arguments.filter { $0 != "--renew-server" }, environment: environment)
            let paths = CertificatePaths(directory: configuration.certificatesDirectory)
            let created = try DevelopmentPKI.ensureReportingPinChange(at: paths, options: configuration.certificateOptions)
            for file in created.files { print("created \(paths.directory)/\(file)") }
            if let change = created.pinChange { warnAbout(change) }
            if renew && created.files.isEmpty {
                let old = try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate)
                try DevelopmentPKI.renewServer(at: paths, options: configuration.certificateOptions)
                print("renewed \(paths.serverCertificate), \(paths.serverKey), \(paths.serverDER), \(paths.serverSPKIPin)")
                warnAbout(ServerPinChange(old: old, new: try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate)))
            }
            print("server SPKI pin (sha256, base64): \(try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate))")
            return 0
        }
    }

    /// Pinned app builds stop connecting when the server key changes: say so, with both pins.
    private static func warnAbout(_ change: ServerPinChange) {
        Console.error("warning: the server certificate has a new key; apps that pin the old server.cer or SPKI pin "
            + "fail until they pin the new one (docs/pinning.md)\n  old spki_sha256: \(change.old)\n  new spki_sha256: \(change.new)")
    }
}
