import Backend
import Certificates
import CountersignServer
import Foundation
import Telemetry
import TestSupport
import Testing

/// A server certificate re-issued at start (a deleted `server.key`, another `--extra-hosts`) breaks every
/// app build that pins the old one: the server warns with both pins instead of a bare "created" line.
@Suite struct PinChangeWarningTests {
    private func start(in folder: TemporaryDirectory, extraHosts: [String] = []) throws -> (RunningServer, LogCapture) {
        var configuration = Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.certificatesDirectory = folder.file("certs")
        configuration.databasePath = folder.file("countersign.sqlite")
        configuration.seedPath = RepositoryFiles.seed
        configuration.openAPIPath = RepositoryFiles.openAPI
        configuration.eventLoops = 1
        configuration.extraHosts = extraHosts
        let logs = LogCapture()
        let logger = Logger(format: .text, sink: { logs.append($0) })
        logs.attach(flush: logger.flush)
        let server = try RunningServer.start(configuration, logger: logger)
        return (server, logs)
    }

    private func stop(_ server: RunningServer) {
        server.shutdown()
        server.wait()
    }

    private func warnings(_ logs: LogCapture) -> [String] { logs.lines.filter { $0.contains("new key") } }

    @Test func aDeletedServerKeyIsWarnedAboutWithBothPins() throws {
        let folder = TemporaryDirectory("pin-change")
        let (first, firstLogs) = try start(in: folder)
        let old = try DevelopmentPKI.spkiPin(ofCertificateAt: first.certificates.serverCertificate)
        stop(first)
        #expect(warnings(firstLogs).isEmpty)

        try FileManager.default.removeItem(atPath: first.certificates.serverKey)
        let (second, secondLogs) = try start(in: folder)
        defer { stop(second) }
        let new = try DevelopmentPKI.spkiPin(ofCertificateAt: second.certificates.serverCertificate)
        let warning = try #require(warnings(secondLogs).first, "\(secondLogs.lines)")
        #expect(warning.contains("warning"))
        #expect(warning.contains(old))
        #expect(warning.contains(new))
        #expect(warning.contains("docs/pinning.md"))
    }

    @Test func anotherExtraHostIsWarnedAbout() throws {
        let folder = TemporaryDirectory("pin-change-hosts")
        let (first, _) = try start(in: folder)
        stop(first)
        let (second, logs) = try start(in: folder, extraHosts: ["192.168.1.20"])
        defer { stop(second) }
        #expect(warnings(logs).count == 1, "\(logs.lines)")
    }
}
