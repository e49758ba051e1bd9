import Certificates
import Foundation
import TestSupport
import Testing

/// A re-issued server certificate breaks every app build that pins the old one: `ensureReportingPinChange`
/// reports the old and the new pin so that the server and `countersign certs` can warn.
@Suite struct PinChangeTests {
    private func pin(_ pki: PKIFolder) throws -> String {
        try DevelopmentPKI.spkiPin(ofCertificateAt: pki.paths.serverCertificate)
    }

    @Test func aFirstCreationAndAReuseReportNoChange() throws {
        let pki = try PKIFolder()
        #expect(try DevelopmentPKI.ensureReportingPinChange(at: pki.paths, options: CertificateOptions()).pinChange == nil)
        let reused = try DevelopmentPKI.ensureReportingPinChange(at: pki.paths, options: CertificateOptions())
        #expect(reused.files.isEmpty)
        #expect(reused.pinChange == nil)
    }

    @Test func aDeletedServerKeyReportsTheOldAndTheNewPin() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let old = try pin(pki)
        try pki.remove("server.key")
        let result = try DevelopmentPKI.ensureReportingPinChange(at: pki.paths, options: CertificateOptions())
        #expect(result.files.contains("server.key"))
        #expect(result.pinChange == ServerPinChange(old: old, new: try pin(pki)))
        #expect(old != (try pin(pki)))
    }

    @Test func anotherExtraHostReportsTheChange() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let old = try pin(pki)
        var options = CertificateOptions()
        options.extraHosts = ["192.168.1.20"]
        let change = try DevelopmentPKI.ensureReportingPinChange(at: pki.paths, options: options).pinChange
        #expect(change?.old == old)
        #expect(change?.new == (try pin(pki)))
    }

    @Test func aDeletedServerCertificateIsComparedWithTheRecordedPin() throws {
        let pki = try PKIFolder()
        _ = try DevelopmentPKI.ensure(at: pki.paths, options: CertificateOptions())
        let old = try pin(pki)
        try pki.remove("server.pem")
        let change = try DevelopmentPKI.ensureReportingPinChange(at: pki.paths, options: CertificateOptions()).pinChange
        #expect(change?.old == old)
        #expect(change?.new == (try pin(pki)))
    }
}
