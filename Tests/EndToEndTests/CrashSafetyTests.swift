import CountersignClient
import Foundation
import System
import TLS
import TestSupport
import Testing

/// Acknowledged writes survive `kill -9`, and concurrent check-ins cannot double up.
@Suite struct CrashSafetyTests {
    private func arguments(_ directory: TemporaryDirectory) -> [String] {
        ["--certs", directory.file("certs"), "--db", directory.file("data/db.sqlite"), "--seed", RepositoryFiles.seed,
         "--password-iterations", "1000"]
    }

    /// How many check-ins are acknowledged before the server is killed.
    private static let acknowledgedBeforeKill = 20

    private func makeClient(_ directory: TemporaryDirectory, port: Int) throws -> TLSClient {
        try TLSClient(host: "127.0.0.1", port: port,
                      tls: TLSClientConfiguration(trustRootsPEMPath: directory.file("certs/ca.pem"), serverName: "localhost"), timeoutSeconds: 5)
    }

    @Test func acknowledgedCheckinsSurviveKill9() async throws {
        let directory = TemporaryDirectory("crash")
        defer { directory.remove() }
        let server = try await ServerProcess.start(arguments: arguments(directory))
        let acknowledged = LockedValue<[String]>([])
        let streamEnded = LockedValue(false)
        // Killed mid-stream once some check-ins are acknowledged, rather than after a fixed time that
        // a loaded machine may fill with fewer of them.
        let killer = Thread {
            while acknowledged.withLock({ $0.count }) < Self.acknowledgedBeforeKill && !streamEnded.withLock({ $0 }) { usleep(1_000) }
            server.send(SIGKILL)
        }
        killer.start()
        let client = try makeClient(directory, port: server.port)
        for index in 0..<10_000 {
            let phone = "1370000\(String(format: "%04d", index))"
            var signer = MobileRequestSigner(secret: TestServer.defaultSecret)
            do {
                _ = try client.send(signer.request("POST", "/api/v1/users/register", parameters: [("phone", phone), ("password", "password-\(index)")]))
                let login = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/login",
                    parameters: [("phone", phone), ("password", "password-\(index)")])))
                signer.token = login.data["token"]?.stringValue
                let checkin = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/checkin")))
                if checkin.code == 0 { acknowledged.withLock { $0.append(phone) } }
            } catch {
                break
            }
        }
        streamEnded.withLock { $0 = true }
        await server.exitStatus()
        let phones = acknowledged.withLock { $0 }
        #expect(phones.count >= Self.acknowledgedBeforeKill, "the stream must have been running when the server was killed")

        let restarted = try await ServerProcess.start(arguments: arguments(directory))
        let verifier = try makeClient(directory, port: restarted.port)
        for (index, phone) in phones.enumerated() {
            var signer = MobileRequestSigner(secret: TestServer.defaultSecret)
            let original = Int(phone.suffix(4)) ?? index
            let login = try ReceivedEnvelope(verifier.send(signer.request("POST", "/api/v1/users/login",
                parameters: [("phone", phone), ("password", "password-\(original)")])))
            #expect(login.code == 0, "user \(phone) lost")
            signer.token = login.data["token"]?.stringValue
            let status = try ReceivedEnvelope(verifier.send(signer.request("GET", "/api/v1/checkin")))
            #expect(status.data["can_checkin"] == false, "check-in of \(phone) lost")
        }
        #expect(await restarted.stop(signal: SIGTERM) == 0)
    }

    @Test func sigtermExitsZero() async throws {
        let directory = TemporaryDirectory("term")
        defer { directory.remove() }
        let server = try await ServerProcess.start(arguments: arguments(directory))
        #expect(await server.stop(signal: SIGTERM) == 0)
    }

    @Test func simultaneousCheckinsGiveExactlyOneSuccess() throws {
        let server = try TestServer()
        let login = try ReceivedEnvelope(server.client().send(server.signer().request("POST", "/api/v1/users/login",
            parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])))
        var signer = server.signer()
        signer.token = try #require(login.data["token"]?.stringValue)
        let port = server.port
        let tls = server.clientTLS()
        let request = signer.request("POST", "/api/v1/checkin")
        let contenders = 8
        let ready = LockedValue(0)
        let codes = LockedValue<[Int64]>([])
        for _ in 0..<contenders {
            Thread {
                guard let client = try? TLSClient(host: "127.0.0.1", port: port, tls: tls), (try? client.connect()) != nil else {
                    codes.withLock { $0.append(-1) }
                    return
                }
                ready.withLock { $0 += 1 }
                while ready.withLock({ $0 }) < contenders { usleep(100) }
                let code = (try? ReceivedEnvelope(client.send(request)).code) ?? -1
                codes.withLock { $0.append(code) }
            }.start()
        }
        while codes.withLock({ $0.count }) < contenders { Thread.sleep(forTimeInterval: 0.01) }
        let results = codes.withLock { $0 }.sorted()
        #expect(results == [0] + Array(repeating: 20105, count: contenders - 1))
    }
}
