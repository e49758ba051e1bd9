import Certificates
import Foundation
import TestSupport
import Testing

@Suite struct RenewTests {
    @Test func renewServerReplacesTheServerAndKeepsTheCA() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let before = try pki.snapshot()
        try DevelopmentPKI.renewServer(at: pki.paths, options: CertificateOptions())
        let after = try pki.snapshot()
        for name in ["server.key", "server.pem", "server.cer", "server.spki-sha256.txt"] {
            #expect(after[name] != before[name], "\(name) was kept")
        }
        for name in ["ca.key", "ca.pem", "client.key", "client.pem", "client.p12"] {
            #expect(after[name] == before[name], "\(name) changed")
        }
        let verify = try await OpenSSLCommandLine.run(["verify", "-CAfile", pki.paths.caCertificate, pki.paths.serverCertificate])
        #expect(verify.status == 0, "\(verify.errorOutput)")
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions()).isEmpty)
    }

    @Test func renewServerWithoutCAFails() throws {
        let pki = try PKIFolder()
        try FileManager.default.createDirectory(atPath: pki.paths.directory, withIntermediateDirectories: true)
        #expect {
            try DevelopmentPKI.renewServer(at: pki.paths, options: CertificateOptions())
        } throws: { ($0 as? CertificateError)?.kind == .authorityUnavailable }
    }
}
