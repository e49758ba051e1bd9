import Backend
import CountersignServer
import HTTP2
import Testing

/// The server's settings as `ConfigurationParser` reads them from flags and `COUNTERSIGN_*`
/// variables, in memory: values, defaults, the flag winning over the variable, and refusals.
@Suite struct ConfigurationParsingTests {
    @Test func http2IsOnByDefaultAndItsLimitsAreSettings() throws {
        let defaults = try ConfigurationParser.parse(arguments: [], environment: [:])
        #expect(defaults.http2)
        #expect(defaults.http2Limits == HTTP2Settings())
        #expect(defaults.http2Limits.maxConcurrentStreams == 100 && defaults.http2Limits.maxHeaderListBytes == 16_384)
        #expect(try ConfigurationParser.parse(arguments: ["--http2", "off"], environment: [:]).http2 == false)
        #expect(try ConfigurationParser.parse(arguments: [], environment: ["COUNTERSIGN_HTTP2": "off"]).http2 == false)
        let tuned = try ConfigurationParser.parse(arguments: [
            "--http2-max-streams", "10", "--http2-max-header-list", "8192", "--http2-stream-window", "1048576",
            "--http2-buffered-bodies", "1m", "--http2-reset-burst", "50", "--http2-resets-per-second", "5",
        ], environment: [:]).http2Limits
        #expect(tuned.maxConcurrentStreams == 10 && tuned.maxHeaderListBytes == 8192 && tuned.initialWindowBytes == 1_048_576)
        #expect(tuned.maxBufferedBodyBytes == 1 << 20 && tuned.resetBurst == 50 && tuned.resetsPerSecond == 5)
        #expect(defaults.http2Limits.controlFrameBurst == 100 && defaults.http2Limits.controlFramesPerSecond == 10)
        #expect(defaults.timeouts.pingIntervalMilliseconds == 30_000 && defaults.timeouts.pingTimeoutMilliseconds == 10_000)
        let keepAlive = try ConfigurationParser.parse(arguments: [
            "--http2-control-frame-burst", "20", "--http2-control-frames-per-second", "2", "--http2-ping-interval", "5s",
        ], environment: ["COUNTERSIGN_HTTP2_PING_TIMEOUT": "2s"])
        #expect(keepAlive.http2Limits.controlFrameBurst == 20 && keepAlive.http2Limits.controlFramesPerSecond == 2)
        #expect(keepAlive.timeouts.pingIntervalMilliseconds == 5_000 && keepAlive.timeouts.pingTimeoutMilliseconds == 2_000)
        for bad in [["--http2", "maybe"], ["--http2-max-streams", "0"], ["--http2-max-header-list", "100"], ["--http2-stream-window", "x"],
                    ["--http2-control-frame-burst", "0"], ["--http2-ping-interval", "0s"], ["--http2-ping-timeout", "500"]] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ConfigurationParser.parse(arguments: bad, environment: [:]) }
        }
    }

    @Test func windowIsADurationOrOff() throws {
        #expect(try ConfigurationParser.parse(arguments: [], environment: [:]).replayWindowSeconds == nil)
        #expect(try ConfigurationParser.parse(arguments: ["--replay-window", "5m"], environment: [:]).replayWindowSeconds == 300)
        #expect(try ConfigurationParser.parse(arguments: [], environment: ["COUNTERSIGN_REPLAY_WINDOW": "90s"]).replayWindowSeconds == 90)
        let flagWins = try ConfigurationParser.parse(arguments: ["--replay-window=off"], environment: ["COUNTERSIGN_REPLAY_WINDOW": "1h"])
        #expect(flagWins.replayWindowSeconds == nil)
        #expect(throws: ConfigurationError.self) { try ConfigurationParser.parse(arguments: ["--replay-window", "300"], environment: [:]) }
    }

    @Test func journalBytesIsASizeWithADefault() throws {
        #expect(try ConfigurationParser.parse(arguments: [], environment: [:]).journalBytes == 64 << 20)
        #expect(try ConfigurationParser.parse(arguments: ["--journal-bytes", "8m"], environment: [:]).journalBytes == 8 << 20)
        #expect(try ConfigurationParser.parse(arguments: [], environment: ["COUNTERSIGN_JOURNAL_BYTES": "1G"]).journalBytes == 1 << 30)
        #expect(try ConfigurationParser.parse(arguments: ["--journal-bytes=70000"], environment: [:]).journalBytes == 70_000)
        for bad in ["1k", "65g", "-5m", "m", "10 MB", "9223372036854775807g"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ConfigurationParser.parse(arguments: ["--journal-bytes", bad], environment: [:]) }
        }
    }

    @Test func theSettingParsesAndRejects() throws {
        let parsed = try ConfigurationParser.parse(arguments: ["--login-throttle", "7/10m"], environment: [:])
        #expect(parsed.loginThrottle == LoginThrottlePolicy(maxFailures: 7, windowSeconds: 600))
        #expect(try ConfigurationParser.parse(arguments: [], environment: ["COUNTERSIGN_LOGIN_THROTTLE": "off"]).loginThrottle == nil)
        #expect(throws: ConfigurationError.self) { try ConfigurationParser.parse(arguments: ["--login-throttle", "many"], environment: [:]) }
    }

    @Test func timeoutsAreDurationsWithDefaults() throws {
        let parsed = try ConfigurationParser.parse(
            arguments: ["--idle-timeout", "2s", "--header-timeout=5s", "--body-timeout", "45s"],
            environment: ["COUNTERSIGN_HANDSHAKE_TIMEOUT": "3s", "COUNTERSIGN_WRITE_STALL_TIMEOUT": "2m"])
        #expect(parsed.timeouts.idleMilliseconds == 2_000)
        #expect(parsed.timeouts.requestHeadersMilliseconds == 5_000)
        #expect(parsed.timeouts.requestBodyMilliseconds == 45_000)
        #expect(parsed.timeouts.handshakeMilliseconds == 3_000)
        #expect(parsed.timeouts.writeStallMilliseconds == 120_000)
        let defaults = try ConfigurationParser.parse(arguments: [], environment: [:]).timeouts
        #expect([defaults.handshakeMilliseconds, defaults.requestHeadersMilliseconds, defaults.requestBodyMilliseconds,
                 defaults.idleMilliseconds, defaults.writeStallMilliseconds] == [10_000, 10_000, 30_000, 60_000, 60_000])
        for bad in ["0s", "10", "2d", "soon"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ConfigurationParser.parse(arguments: ["--idle-timeout", bad], environment: [:]) }
        }
    }

    @Test func aBadValueNamesTheFlagAndTheRule() throws {
        do {
            _ = try ConfigurationParser.parse(arguments: ["--port", "abc"], environment: [:])
            Issue.record("--port abc was accepted")
        } catch {
            #expect(error.description == "--port: 'abc' is not a whole number from 0 to 65535")
        }
        do {
            _ = try ConfigurationParser.parse(arguments: [], environment: ["COUNTERSIGN_PORT": "70000"])
            Issue.record("COUNTERSIGN_PORT=70000 was accepted")
        } catch {
            #expect(error.description.hasPrefix("COUNTERSIGN_PORT: '70000'"))
        }
    }

    @Test func theFlagWinsOverTheVariable() throws {
        let parsed = try ConfigurationParser.parse(arguments: ["--port", "9443"], environment: ["COUNTERSIGN_PORT": "8000"])
        #expect(parsed.port == 9443)
        #expect(try ConfigurationParser.parse(arguments: [], environment: ["COUNTERSIGN_PORT": "8000"]).port == 8000)
    }
}
