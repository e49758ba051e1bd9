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
        if arguments.contains("--help") {
            print(usage)
            return 0
        }
        return Console.exitStatus {
            let renew = arguments.contains("--renew-server")
            let configuration = try ConfigurationParser.parse(arguments: arguments.filter { $0 != "--renew-server" }, environment: environment)
            let paths = CertificatePaths(directory: configuration.certificatesDirectory)
            let created = try DevelopmentPKI.ensure(at: paths, options: configuration.certificateOptions)
            for file in created { print("created \(paths.directory)/\(file)") }
            if renew && created.isEmpty {
                try DevelopmentPKI.renewServer(at: paths, options: configuration.certificateOptions)
                print("renewed \(paths.serverCertificate), \(paths.serverKey), \(paths.serverDER), \(paths.serverSPKIPin)")
            }
            print("server SPKI pin (sha256, base64): \(try DevelopmentPKI.spkiPin(ofCertificateAt: paths.serverCertificate))")
            return 0
        }
    }
}
