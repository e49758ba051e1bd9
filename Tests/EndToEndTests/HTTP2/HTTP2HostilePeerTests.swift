import Foundation
import JSON
import Testing
import TestSupport

/// Hostile HTTP/2 peers (Tests/Peers/hostile_h2_peer.py, Python's hyperframe and hpack, installed by
/// scripts/install-python-peers.sh): each limit of `HTTP2Settings` and the keep-alive hit, the server
/// still serving others on new connections and its memory bounded. The peer waits for no silence: it
/// reads until the server closes, or until two PING round trips show the server has answered all.
@Suite struct HTTP2HostilePeerTests {
    /// What the peer saw before the server closed the connection or had answered everything.
    struct Outcome {
        let goAwayCode: Int64?
        let statuses: [Int64]
        let resetCodes: [Int64]
        let closed: Bool
        /// The server's own (keep-alive) PINGs.
        let pings: Int64
        /// Acknowledgements of the peer's PING and SETTINGS frames.
        let acknowledgements: Int64
    }

    private static let enhanceYourCalm: Int64 = 11

    private static let python = RepositoryFiles.root + "/.build/venv-peers/bin/python"
    private static let peer = RepositoryFiles.root + "/Tests/Peers/hostile_h2_peer.py"

    private func attack(_ name: String, on server: HostileServer) async throws -> Outcome {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python), "run scripts/install-python-peers.sh first")
        let run = try await ExternalCommand.runInBackground(Self.python, [Self.peer, String(server.server.port), server.server.caCertificatePath, name])
        #expect(run.status == 0, "\(run.errorOutput)")
        let json = try JSONParser.parse(Array(run.output.utf8))
        let statuses = json["statuses"]?.objectValue?.map { $0.value.intValue ?? 0 } ?? []
        let resets = json["resets"]?.objectValue?.map { $0.value.intValue ?? 0 } ?? []
        return Outcome(goAwayCode: json["goaway"]?.intValue, statuses: statuses, resetCodes: resets, closed: json["closed"] == true,
                       pings: json["pings"]?.intValue ?? -1, acknowledgements: json["acks"]?.intValue ?? -1)
    }

    @Test func theHundredAndFirstStreamIsRefused() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("too-many-streams", on: server)
        #expect(outcome.statuses.count == 100 && outcome.statuses.allSatisfy { $0 == 200 })
        #expect(outcome.resetCodes.count == 50 && outcome.resetCodes.allSatisfy { $0 == 7 }, "REFUSED_STREAM: \(outcome.resetCodes)")
        try await server.expectRecovered(from: "too many streams")
    }

    @Test func rapidResetIsAnsweredWithGoAwayAndAClose() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("rapid-reset", on: server)
        #expect(outcome.goAwayCode == Self.enhanceYourCalm)
        #expect(outcome.closed)
        try await server.expectRecovered(from: "rapid reset")
    }

    @Test func resetsWithinTheBurstAreNotAnAttack() async throws {
        let server = try await HostileServer.start(["--http2-reset-burst", "5000"])
        let outcome = try await attack("rapid-reset", on: server)
        #expect(outcome.goAwayCode == nil)
        #expect(!outcome.closed)
    }

    @Test func nothingBehindThePeersGoAwayIsReadWhenNoStreamIsOpen() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("request-behind-goaway", on: server)
        #expect(outcome.statuses.isEmpty && outcome.resetCodes.isEmpty, "\(outcome)")
        #expect(outcome.goAwayCode == 0)
        #expect(outcome.closed)
        try await server.expectRecovered(from: "a request behind a GOAWAY")
    }

    @Test func afterThePeersGoAwayTheStreamInFlightIsAnsweredAndANewOneRefused() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("goaway-with-a-stream-in-flight", on: server)
        #expect(outcome.statuses == [200], "\(outcome)")
        #expect(outcome.resetCodes == [7], "REFUSED_STREAM: \(outcome)")
        #expect(outcome.closed)
        try await server.expectRecovered(from: "a request after a GOAWAY")
    }

    @Test func aContinuationFloodEndsTheConnection() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("continuation-flood", on: server)
        #expect(outcome.closed)
        #expect(outcome.statuses.isEmpty)
        try await server.expectRecovered(from: "continuation flood")
    }

    @Test func unreadPingAndSettingsAcknowledgementsPastTheirQueueEndTheConnection() async throws {
        // A rate out of reach, so that the queue of unread acknowledgements is the limit hit.
        let server = try await HostileServer.start(["--http2-control-frame-burst", "1000000"])
        #expect(try await attack("ping-flood", on: server).closed)
        #expect(try await attack("settings-flood", on: server).closed)
        try await server.expectRecovered(from: "ping and settings floods")
    }

    /// PINGs, or empty SETTINGS frames, each batch's acknowledgements read before the next leaves.
    @Test(arguments: ["reading-ping-flood", "reading-settings-flood"])
    func aFloodFromAPeerThatReadsEveryAcknowledgementIsCalmed(flood: String) async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack(flood, on: server)
        #expect(outcome.goAwayCode == Self.enhanceYourCalm)
        #expect(outcome.closed)
        // The burst of 100 and 10 a second, not the 20,000 the peer would send.
        #expect(outcome.acknowledgements < 1_000, "\(outcome.acknowledgements) acknowledged")
        try await server.expectRecovered(from: flood)
    }

    @Test func aPeerThatNeverAcknowledgesTheKeepAlivePingGetsGoAwayAndAClose() async throws {
        let server = try await HostileServer.start(["--http2-ping-interval", "1s", "--http2-ping-timeout", "2s"])
        let outcome = try await attack("never-acks-ping", on: server)
        #expect(outcome.pings == 1, "one PING, then the GOAWAY")
        #expect(outcome.goAwayCode == 0)
        #expect(outcome.closed)
        try await server.expectRecovered(from: "an unacknowledged PING")
    }

    @Test func aPeerThatAcknowledgesTheKeepAlivePingsKeepsItsConnection() async throws {
        let server = try await HostileServer.start(["--http2-ping-interval", "1s"])
        let outcome = try await attack("acks-pings", on: server)
        #expect(outcome.pings >= 2)
        #expect(outcome.goAwayCode == nil)
        #expect(!outcome.closed)
    }

    @Test func anIdleHTTP2ConnectionEndsWithGoAway() async throws {
        let server = try await HostileServer.start(["--idle-timeout", "1s"])
        let outcome = try await attack("stays-idle", on: server)
        #expect(outcome.goAwayCode == 0)
        #expect(outcome.closed)
        try await server.expectRecovered(from: "an idle connection")
    }

    @Test func anHPACKBombIsRefusedWith431() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("hpack-bomb", on: server)
        #expect(outcome.statuses.sorted() == [200, 431], "the bomb's stream alone is refused: \(outcome.statuses)")
        #expect(!outcome.closed)
        try await server.expectRecovered(from: "HPACK bomb")
    }

    @Test func aHeaderListPastSixteenKibibytesIs431() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("large-header-list", on: server)
        #expect(outcome.statuses == [431])
        try await server.expectRecovered(from: "large header list")
    }

    @Test func aPeerThatNeverReadsHoldsOnlyItsHundredAnswers() async throws {
        let server = try await HostileServer.start()
        let outcome = try await attack("never-reads", on: server)
        // The heads leave (flow control holds only DATA); the bodies wait in a window of zero.
        #expect(outcome.statuses.count == 100)
        try await server.expectRecovered(from: "never reads")
    }
}
