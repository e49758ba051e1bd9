import JSON
import System
import Telemetry
import Testing

@Suite struct LoggerTests {
    /// The lines a logger of `format` writes for one `info` event with `fields`.
    private func lines(_ format: Logger.Format, _ fields: [(StaticString, LogValue)]) -> [String] {
        let written = LockedValue<[String]>([])
        let logger = Logger(format: format) { line in written.withLock { $0.append(line) } }
        logger.log(.info, "request", fields)
        logger.flush()
        return written.withLock { $0 }
    }

    @Test func textValuesWithSpacesQuotesOrEqualsAreQuoted() throws {
        let line = try #require(lines(.text, [
            ("path", .text("/api/v1/ping")), ("subject", .text("CN=Countersign Dev Client")),
            ("empty", .text("")), ("quote", .text("say \"hi\"")), ("code", .integer(0)),
        ]).first)
        #expect(line.hasSuffix(#" info request path=/api/v1/ping subject="CN=Countersign Dev Client" empty="" quote="say \"hi\"" code=0"#),
                "\(line)")
    }

    @Test func jsonLinesKeepTheFieldsInOrder() throws {
        let line = try #require(lines(.json, [("path", .text("/a b")), ("status", .integer(200))]).first)
        #expect(line.hasSuffix(#""level":"info","msg":"request","path":"/a b","status":200}"#), "\(line)")
    }
}
