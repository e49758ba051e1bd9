import Certificates
import Foundation
@testable import TLS
import TestSupport

/// A development PKI in its own temporary folder, and the TLS contexts the tests make from it.
struct TestPKI {
    let folder: TemporaryDirectory
    let paths: CertificatePaths

    init(options: CertificateOptions = CertificateOptions()) throws {
        folder = TemporaryDirectory("tls")
        paths = CertificatePaths(directory: folder.path)
        _ = try DevelopmentPKI.ensure(at: paths, options: options)
    }

    func serverConfiguration(clientAuthentication: ClientAuthentication = .off) -> TLSServerConfiguration {
        TLSServerConfiguration(
            certificateChainPEMPath: paths.serverCertificate, privateKeyPEMPath: paths.serverKey,
            issuerChainPEMPath: paths.caCertificate, clientCAPEMPath: paths.caCertificate, clientAuthentication: clientAuthentication)
    }

    func serverContext(clientAuthentication: ClientAuthentication = .off) throws -> TLSContext {
        try TLSContext.server(serverConfiguration(clientAuthentication: clientAuthentication))
    }

    /// A client that trusts this PKI's CA and expects `serverName`.
    func trustingClient(serverName: String? = "localhost") -> TLSClientConfiguration {
        TLSClientConfiguration(trustRootsPEMPath: paths.caCertificate, serverName: serverName)
    }

    /// `trustingClient()` presenting this PKI's client identity from its PEM files.
    func clientWithIdentity() -> TLSClientConfiguration {
        var configuration = trustingClient()
        configuration.clientCertificatePEMPath = paths.clientCertificate
        configuration.clientPrivateKeyPEMPath = paths.clientKey
        return configuration
    }

    func serverDER() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: paths.serverDER)))
    }
}
