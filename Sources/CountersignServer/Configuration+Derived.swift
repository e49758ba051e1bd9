import Certificates
import TLS

extension Configuration {
    /// What certificate generation needs.
    public var certificateOptions: CertificateOptions {
        var options = CertificateOptions()
        options.keyType = keyType
        options.extraHosts = extraHosts
        options.clientP12Password = clientP12Password
        return options
    }

    /// The request journal's file, next to the database (`data/countersign.sqlite` →
    /// `data/countersign.journal.sqlite`).
    public var journalPath: String {
        let database = databasePath
        return (database.hasSuffix(".sqlite") ? String(database.dropLast(".sqlite".count)) : database) + ".journal.sqlite"
    }

    /// The main listener's TLS settings.
    func serverTLS(_ certificates: CertificatePaths) -> TLSServerConfiguration {
        var tls = TLSServerConfiguration(certificateChainPEMPath: certificates.serverCertificate, privateKeyPEMPath: certificates.serverKey)
        tls.issuerChainPEMPath = certificates.caCertificate
        tls.clientCAPEMPath = certificates.caCertificate
        tls.clientAuthentication = clientAuth
        tls.sessionResumption = sessionResumption
        tls.alpnProtocols = http2 ? ["h2", "http/1.1"] : ["http/1.1"]
        return tls
    }
}
