import CountersignClient
import CountersignServer
import HTTP
import TLS

/// `countersign health`: exits 0 when the server on this machine answers `/healthz` over TLS with
/// the certificate from the certificate folder (a container `HEALTHCHECK` that needs no curl).
struct HealthCommand: Command {
    static let name = "health"
    static let usage = """
    Usage: countersign health [--port P] [--certs DIR] [serve settings]
    Exits 0 when https://127.0.0.1:P/healthz answers 200 with a certificate from DIR's CA, 1 otherwise.
    Reads the same settings and COUNTERSIGN_* variables as serve (default port 8443, certs server-certs).
    """

    /// The local server's port and certificate folder, as `serve` reads them.
    let options: ServerOptions

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> HealthCommand {
        HealthCommand(options: ServerOptions(serving: try ConfigurationParser.parse(arguments: Array(arguments), environment: environment)))
    }

    func run() throws -> Int32 {
        var tls = TLSClientConfiguration()
        tls.trustRootsPEMPath = options.certificates.caCertificate
        tls.serverName = "localhost"
        // Presented only when the server asks (`--client-auth optional|require`).
        tls.clientCertificatePEMPath = options.certificates.clientCertificate
        tls.clientPrivateKeyPEMPath = options.certificates.clientKey
        let client = try TLSClient(host: options.host, port: options.port, tls: tls, timeoutSeconds: 3)
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
    }

    /// Any failure, a usage mistake included, is "unhealthy" with status 1.
    static func report(_ error: any Error) -> Int32 {
        Console.error("unhealthy: \(error)")
        return 1
    }
}
