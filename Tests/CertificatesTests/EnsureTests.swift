import Certificates
import Foundation
import TestSupport
import Testing

@Suite struct EnsureTests {
    @Test func createsEveryFileWithKeysReadableOnlyByTheOwner() throws {
        let pki = try PKIFolder()
        let created = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        #expect(created == PKIFolder.allFiles)
        for name in PKIFolder.allFiles {
            #expect(FileManager.default.fileExists(atPath: pki.path(name)), "\(name)")
        }
        for name in ["ca.key", "server.key", "client.key", "client.p12"] {
            #expect(try pki.permissions(name) == 0o600, "\(name)")
        }
        let pin = String(decoding: try pki.contents("server.spki-sha256.txt"), as: UTF8.self)
        #expect(pin == (try DevelopmentPKI.spkiPin(ofCertificateAt: pki.paths.serverCertificate)) + "\n")
    }

    @Test func secondCallReusesEveryFileUnchanged() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let before = try pki.snapshot()
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions()).isEmpty)
        #expect(try pki.snapshot() == before)
    }

    @Test func missingCARegeneratesEverything() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let before = try pki.snapshot()
        try pki.remove("ca.pem")
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions()) == PKIFolder.allFiles)
        let after = try pki.snapshot()
        for name in PKIFolder.allFiles {
            #expect(after[name] != before[name], "\(name) was kept")
        }
        let verify = try await OpenSSLCommandLine.run(["verify", "-CAfile", pki.paths.caCertificate, pki.paths.serverCertificate, pki.paths.clientCertificate])
        #expect(verify.status == 0, "\(verify.errorOutput)")
    }

    @Test func missingServerKeyReissuesOnlyTheServer() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let before = try pki.snapshot()
        try pki.remove("server.key")
        let created = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        #expect(created == ["server.key", "server.pem", "server.cer", "server.spki-sha256.txt"])
        let after = try pki.snapshot()
        for name in ["ca.key", "ca.pem", "client.key", "client.pem", "client.p12"] {
            #expect(after[name] == before[name], "\(name) changed")
        }
        #expect(after["server.cer"] != before["server.cer"])
    }

    @Test func derivedFilesAreRewrittenFromServerPem() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let before = try pki.snapshot()
        try pki.remove("server.cer")
        try Data("stale\n".utf8).write(to: URL(fileURLWithPath: pki.paths.serverSPKIPin))
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions()) == ["server.cer", "server.spki-sha256.txt"])
        #expect(try pki.snapshot() == before)
    }

    @Test func keyLeftFromAnInterruptedWriteReissuesThePair() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        // As if killed between renaming a new server.key and the matching server.pem into place.
        try pki.contents("client.key").write(to: URL(fileURLWithPath: pki.paths.serverKey))
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions()).prefix(2) == ["server.key", "server.pem"])
        let check = try await OpenSSLCommandLine.run(["x509", "-in", pki.paths.serverCertificate, "-noout", "-pubkey"])
        let keyPublic = try await OpenSSLCommandLine.run(["pkey", "-in", pki.paths.serverKey, "-pubout"])
        #expect(check.standardOutput == keyPublic.standardOutput)
    }

    @Test func temporaryFilesOfAKilledProcessAreRemoved() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let leftover = pki.path(".server.key.partial-4242")
        try Data("half a key".utf8).write(to: URL(fileURLWithPath: leftover))
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }

    @Test func newP12PasswordRewritesOnlyTheBundle() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let options = CertificateOptions(clientP12Password: "another secret")
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: options) == ["client.p12"])
        let info = try await OpenSSLCommandLine.run(["pkcs12", "-info", "-in", pki.paths.clientP12, "-passin", "pass:another secret", "-noout"])
        #expect(info.status == 0, "\(info.errorOutput)")
    }

    @Test func extraHostsReissueTheServerCertificateWithThoseNames() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let options = CertificateOptions(extraHosts: ["192.168.1.20", "laptop.local", "fe80::1"])
        let created = try DevelopmentPKI.ensure(at: pki.paths, options: options)
        #expect(created == ["server.key", "server.pem", "server.cer", "server.spki-sha256.txt"])
        let text = try await OpenSSLCommandLine.text(ofCertificateAt: pki.paths.serverCertificate)
        #expect(text.contains("DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:192.168.1.20, DNS:laptop.local, IP Address:FE80:0:0:0:0:0:0:1"))
        #expect(try DevelopmentPKI.ensure(at: pki.paths, options: options).isEmpty)
    }

    @Test(arguments: [
        CertificateOptions(serverValidityDays: 826), CertificateOptions(serverValidityDays: 0),
        CertificateOptions(extraHosts: ["evil.example,DNS:bank.example"]), CertificateOptions(extraHosts: [""]),
    ])
    func invalidOptionsAreRefusedBeforeWritingAnything(options: CertificateOptions) throws {
        let pki = try PKIFolder()
        #expect {
            try DevelopmentPKI.ensure(at: pki.paths, options: options)
        } throws: { ($0 as? CertificateError)?.kind == .invalidOptions }
        #expect(!FileManager.default.fileExists(atPath: pki.paths.directory))
    }
}
