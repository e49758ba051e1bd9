import Certificates
import Foundation
import TestSupport
import Testing

@Suite struct PinningTestFilesTests {
    @Test func identitiesAreCreatedOnceAndEachIsWrongInItsOwnWay() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let identities = try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions())
        #expect(identities.map(\.portOffset) == [1, 2, 3, 4])
        #expect(identities.allSatisfy { $0.certificatePEMPath.hasPrefix(pki.paths.pinningTests + "/") })
        let contents = try identities.map { try Data(contentsOf: URL(fileURLWithPath: $0.certificatePEMPath)) }
        #expect(try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions()) == identities)
        #expect(try identities.map { try Data(contentsOf: URL(fileURLWithPath: $0.certificatePEMPath)) } == contents)

        let ca = pki.paths.caCertificate
        let serverPin = try DevelopmentPKI.spkiPin(ofCertificateAt: pki.paths.serverCertificate)
        for identity in identities {
            #expect(try DevelopmentPKI.spkiPin(ofCertificateAt: identity.certificatePEMPath) != serverPin)
            let key = try FileManager.default.attributesOfItem(atPath: identity.privateKeyPEMPath)[.posixPermissions] as? NSNumber
            #expect(key?.intValue == 0o600)
        }
        var verify: [ExternalCommand] = []
        for identity in identities {
            verify.append(try await OpenSSLCommandLine.run(["verify", "-CAfile", ca, identity.certificatePEMPath]))
        }
        #expect(verify[0].errorOutput.contains("self-signed certificate"))
        #expect(verify[1].errorOutput.contains("certificate has expired"))
        #expect(verify[2].status == 0)
        #expect(try await OpenSSLCommandLine.run(["verify", "-CAfile", ca, "-verify_hostname", "localhost", identities[2].certificatePEMPath]).status != 0)
        #expect(verify[3].errorOutput.contains("unable to get local issuer certificate"))
        let expiredCheck = try await OpenSSLCommandLine.run(["x509", "-in", identities[1].certificatePEMPath, "-noout", "-checkend", "0"])
        #expect(expiredCheck.status != 0)
    }

    @Test func newCAReissuesTheIdentitiesItSigned() async throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let identities = try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions())
        let before = try identities.map { try Data(contentsOf: URL(fileURLWithPath: $0.certificatePEMPath)) }
        try pki.remove("ca.key")
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        _ = try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions())
        let after = try identities.map { try Data(contentsOf: URL(fileURLWithPath: $0.certificatePEMPath)) }
        #expect(after[0] == before[0] && after[3] == before[3])
        #expect(after[1] != before[1] && after[2] != before[2])
        let verify = try await OpenSSLCommandLine.run(["verify", "-CAfile", pki.paths.caCertificate, identities[2].certificatePEMPath])
        #expect(verify.status == 0)
    }

    @Test func needsTheDevelopmentCA() throws {
        let pki = try PKIFolder()
        #expect {
            try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions())
        } throws: { ($0 as? CertificateError)?.kind == .authorityUnavailable }
    }
}
