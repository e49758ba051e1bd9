import Certificates
import CountersignClient
import CountersignServer
import HTTP
import TLS

/// `countersign health`: exits 0 when the server on this machine answers `/healthz` over TLS with
/// the certificate from the certificate folder (a container `HEALTHCHECK` that needs no curl).
enum HealthCommand {
    static let usage = """
    Usage: countersign health [--port P] [--certs DIR] [serve settings]
    Exits 0 when https://127.0.0.1:P/healthz answers 200 with a certificate from DIR's CA, 1 otherwise.
    Reads the same settings and COUNTERSIGN_* variables as serve (default port 8443, certs server-certs).
    """

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        do {
            let configuration = try ConfigurationParser.parse(arguments: arguments, environment: environment)
            let paths = CertificatePaths(directory: configuration.certificatesDirectory)
            var tls = TLSClientConfiguration()
            tls.trustRootsPEMPath = paths.caCertificate
            tls.serverName = "localhost"
            // Presented only when the server asks (`--client-auth optional|require`).
            tls.clientCertificatePEMPath = paths.clientCertificate
            tls.clientPrivateKeyPEMPath = paths.clientKey
            let port = configuration.port == 0 ? 8443 : configuration.port
            let client = try TLSClient(host: "127.0.0.1", port: port, tls: tls, timeoutSeconds: 3)
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: "localhost")
            headers.add(name: "Connection", value: "close")
            let response = try client.send(HTTPRequest(method: "GET", target: "/healthz", version: .http1_1, headers: headers, body: []))
            guard response.status.code == 200 else {
                Console.error("unhealthy: /healthz answered \(response.status.code)")
                return 1
            }
            print("healthy")
            return 0
        } catch {
            Console.error("unhealthy: \(error)")
            return 1
        }
    }
}
