import Certificates
import Foundation
import TestSupport
import Testing

/// A server certificate re-issued at start (a deleted `server.key`, another `--extra-hosts`) breaks every
/// app build that pins the old one: the server warns with both pins instead of a bare "created" line.
@Suite struct PinChangeWarningTests {
    private func warnings(_ server: TestServer) -> [String] { server.logs.lines.filter { $0.contains("new key") } }

    @Test func aDeletedServerKeyIsWarnedAboutWithBothPins() throws {
        let folder = TemporaryDirectory("pin-change")
        defer { folder.remove() }
        let serverKey: String
        let old: String
        do {
            let first = try TestServer(directory: folder)
            serverKey = first.certificates.serverKey
            old = try DevelopmentPKI.spkiPin(ofCertificateAt: first.certificates.serverCertificate)
            #expect(warnings(first).isEmpty)
        }

        try FileManager.default.removeItem(atPath: serverKey)
        let second = try TestServer(directory: folder)
        let new = try DevelopmentPKI.spkiPin(ofCertificateAt: second.certificates.serverCertificate)
        let warning = try #require(warnings(second).first, "\(second.logs.lines)")
        #expect(warning.contains("warning"))
        #expect(warning.contains(old))
        #expect(warning.contains(new))
        #expect(warning.contains("docs/pinning.md"))
    }

    @Test func anotherExtraHostIsWarnedAbout() throws {
        let folder = TemporaryDirectory("pin-change-hosts")
        defer { folder.remove() }
        do { _ = try TestServer(directory: folder) }
        let second = try TestServer(directory: folder) { $0.extraHosts = ["192.168.1.20"] }
        #expect(warnings(second).count == 1, "\(second.logs.lines)")
    }
}
