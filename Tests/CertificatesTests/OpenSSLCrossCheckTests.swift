import Certificates
import Foundation
import TestSupport
import Testing

@Suite struct OpenSSLCrossCheckTests {
    private func makePKI(_ options: CertificateOptions = CertificateOptions()) throws -> PKIFolder {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: options)
        return pki
    }

    private func subject(_ path: String) async throws -> String {
        try await OpenSSLCommandLine.run(["x509", "-in", path, "-noout", "-subject", "-nameopt", "RFC2253"]).output
    }

    @Test(arguments: [KeyType.ecdsaP256, .rsa2048])
    func serverAndClientVerifyForTheirPurposeOnly(keyType: KeyType) async throws {
        let pki = try makePKI(CertificateOptions(keyType: keyType))
        let ca = pki.paths.caCertificate
        let server = try await OpenSSLCommandLine.run(["verify", "-CAfile", ca, "-purpose", "sslserver", pki.paths.serverCertificate])
        #expect(server.status == 0, "\(server.errorOutput)")
        let client = try await OpenSSLCommandLine.run(["verify", "-CAfile", ca, "-purpose", "sslclient", pki.paths.clientCertificate])
        #expect(client.status == 0, "\(client.errorOutput)")
        let clientAsServer = try await OpenSSLCommandLine.run(["verify", "-CAfile", ca, "-purpose", "sslserver", pki.paths.clientCertificate])
        #expect(clientAsServer.status != 0)
    }

    @Test func caIsACriticalCAWithItsSubject() async throws {
        let pki = try makePKI()
        #expect(try await subject(pki.paths.caCertificate) == "subject=CN=Countersign Development CA,O=Countersign\n")
        let text = try await OpenSSLCommandLine.text(ofCertificateAt: pki.paths.caCertificate)
        #expect(text.contains("X509v3 Basic Constraints: critical\n                CA:TRUE"))
        #expect(text.contains("X509v3 Key Usage: critical\n                Certificate Sign, CRL Sign"))
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"))
        #expect(text.contains("ASN1 OID: prime256v1"))
    }

    @Test func serverCertificateFollowsApplesRules() async throws {
        let pki = try makePKI()
        #expect(try await subject(pki.paths.serverCertificate) == "subject=CN=localhost,O=Countersign\n")
        let text = try await OpenSSLCommandLine.text(ofCertificateAt: pki.paths.serverCertificate)
        #expect(text.contains("DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1\n"))
        #expect(text.contains("X509v3 Extended Key Usage: \n                TLS Web Server Authentication"))
        #expect(text.contains("X509v3 Key Usage: critical\n                Digital Signature\n"))
        #expect(text.contains("CA:FALSE"))
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"))
        let dates = try await validity(of: pki.paths.serverCertificate)
        #expect(dates.notAfter.timeIntervalSince(dates.notBefore) <= 825 * 86_400)
        #expect(dates.notBefore < Date() && dates.notAfter > Date().addingTimeInterval(800 * 86_400))
    }

    @Test func rsaServerCertificateAllowsKeyEncipherment() async throws {
        let pki = try makePKI(CertificateOptions(keyType: .rsa2048))
        let text = try await OpenSSLCommandLine.text(ofCertificateAt: pki.paths.serverCertificate)
        #expect(text.contains("Public-Key: (2048 bit)"))
        #expect(text.contains("Digital Signature, Key Encipherment"))
        #expect(text.contains("Signature Algorithm: sha256WithRSAEncryption"))
    }

    @Test func clientCertificateIsForClientAuthentication() async throws {
        let pki = try makePKI()
        #expect(try await subject(pki.paths.clientCertificate) == "subject=CN=countersign-client,O=Countersign\n")
        let text = try await OpenSSLCommandLine.text(ofCertificateAt: pki.paths.clientCertificate)
        #expect(text.contains("TLS Web Client Authentication"))
    }

    @Test func serialNumbersAreRandomAndAtMost128Bits() async throws {
        let pki = try makePKI()
        var serials: [String] = []
        for path in [pki.paths.caCertificate, pki.paths.serverCertificate, pki.paths.clientCertificate] {
            serials.append(try await OpenSSLCommandLine.run(["x509", "-in", path, "-noout", "-serial"]).output)
        }
        #expect(Set(serials).count == 3)
        for serial in serials {
            let hex = serial.dropFirst("serial=".count).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect((16...32).contains(hex.count), "\(serial)")
        }
    }

    @Test func clientP12OpensWithoutTheLegacyProvider() async throws {
        let pki = try makePKI()
        let info = try await OpenSSLCommandLine.run(["pkcs12", "-info", "-in", pki.paths.clientP12, "-passin", "pass:countersign", "-noout"])
        #expect(info.status == 0, "\(info.errorOutput)")
        // The profile iOS's SecPKCS12Import and older Android keystores accept, readable without -legacy.
        #expect(info.errorOutput.contains("MAC: sha1"))
        #expect(info.errorOutput.contains("pbeWithSHA1And3-KeyTripleDES-CBC"))
        #expect(!info.errorOutput.contains("RC2"))
        let wrong = try await OpenSSLCommandLine.run(["pkcs12", "-info", "-in", pki.paths.clientP12, "-passin", "pass:wrong", "-noout"])
        #expect(wrong.status != 0)
    }

    @Test func serverCerIsTheDEROfServerPem() async throws {
        let pki = try makePKI()
        let der = try await OpenSSLCommandLine.run(["x509", "-in", pki.paths.serverCertificate, "-outform", "der"]).standardOutput
        #expect(!der.isEmpty)
        #expect(try pki.contents("server.cer") == der)
    }

    @Test func spkiPinMatchesCurlsRecipe() async throws {
        let pki = try makePKI()
        let publicKey = try await OpenSSLCommandLine.run(["x509", "-in", pki.paths.serverCertificate, "-pubkey", "-noout"]).standardOutput
        let der = try await OpenSSLCommandLine.run(["pkey", "-pubin", "-outform", "der"], input: publicKey).standardOutput
        let digest = try await OpenSSLCommandLine.run(["dgst", "-sha256", "-binary"], input: der).standardOutput
        #expect(digest.count == 32)
        #expect(try DevelopmentPKI.spkiPin(ofCertificateAt: pki.paths.serverCertificate) == digest.base64EncodedString())
        #expect(try pki.contents("server.spki-sha256.txt") == Data((digest.base64EncodedString() + "\n").utf8))
    }

    @Test func spkiPinOfAMissingFileNamesThePath() throws {
        #expect {
            try DevelopmentPKI.spkiPin(ofCertificateAt: "/nonexistent/server.pem")
        } throws: { ($0 as? CertificateError)?.path == "/nonexistent/server.pem" }
    }

    private func validity(of path: String) async throws -> (notBefore: Date, notAfter: Date) {
        let lines = try await OpenSSLCommandLine.run(["x509", "-in", path, "-noout", "-dates", "-dateopt", "iso_8601"]).output
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss'Z'"
        var dates: [String: Date] = [:]
        for line in lines.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { dates[parts[0]] = formatter.date(from: parts[1]) }
        }
        guard let notBefore = dates["notBefore"], let notAfter = dates["notAfter"] else {
            throw CocoaError(.formatting)
        }
        return (notBefore, notAfter)
    }
}
