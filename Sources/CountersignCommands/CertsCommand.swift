import Certificates
import CountersignServer

/// `countersign certs`: create missing certificate files, or renew the server certificate.
struct CertsCommand: Command {
    static let name = "certs"
    static let usage = """
    Usage: countersign certs [--certs DIR] [--extra-hosts a,b] [--key-type ecdsa-p256|rsa-2048]
                             [--client-p12-password P] [--renew-server]
    Creates what is missing in the certificate folder (default server-certs). --renew-server makes a new
    server key and certificate from the same CA; a running server picks it up on SIGHUP.
    """

    /// `--renew-server`.
    let renew: Bool
    /// The folder and how certificates are made, read as `serve` reads them.
    let configuration: Configuration

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> CertsCommand {
        CertsCommand(renew: arguments.contains("--renew-server"),
                     configuration: try ConfigurationParser.parse(arguments: arguments.filter { $0 != "--renew-server" }, environment: environment))
    }

    func run() throws -> Int32 {
        let paths = CertificatePaths(directory: configuration.certificatesDirectory)
        let created = try DevelopmentPKI.ensureReportingPinChange(at: paths, options: configuration.certificateOptions)
        for file in created.files { print("created \(paths.directory)/\(file)") }
        if let change = created.pinChange { Self.warnAbout(change) }
        if renew && created.files.isEmpty {
            let old = try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate)
            try DevelopmentPKI.renewServer(at: paths, options: configuration.certificateOptions)
            print("renewed \(paths.serverCertificate), \(paths.serverKey), \(paths.serverDER), \(paths.serverSPKIPin)")
            Self.warnAbout(ServerPinChange(old: old, new: try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate)))
        }
        print("server SPKI pin (sha256, base64): \(try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate))")
        return 0
    }

    /// Pinned app builds stop connecting when the server key changes: say so, with both pins.
    private static func warnAbout(_ change: ServerPinChange) {
        Console.error("warning: the server certificate has a new key; apps that pin the old server.cer or SPKI pin "
            + "fail until they pin the new one (docs/pinning.md)\n  old spki_sha256: \(change.old)\n  new spki_sha256: \(change.new)")
    }
}
