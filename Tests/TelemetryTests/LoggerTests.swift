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

    /// A JSON line is one compact object: the time first, then the level, the message and each
    /// field written as its kind is (text escaped, numbers in decimal, latencies in thousandths).
    @Test func jsonLinesAreOneCompactObject() throws {
        let line = try #require(lines(.json, [
            ("quote", .text("say \"hi\"")), ("code", .integer(-3)), ("latency_ms", .thousandths(1.23456)),
            ("detail", .json(["k": [true]])),
        ]).first)
        let time = try #require(line.wholeMatch(of: /\{"time":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)",(.*)/))
        #expect(time.2 == #""level":"info","msg":"request","quote":"say \"hi\"","code":-3,"latency_ms":1.235,"detail":{"k":[true]}}"#,
                "\(line)")
    }

    /// Lines past the buffer's first memory, many times over, all arrive whole and in order.
    @Test func manyLinesBetweenTwoFlushesArriveWholeAndInOrder() {
        let written = LockedValue<[String]>([])
        let logger = Logger(format: .json) { line in written.withLock { $0.append(line) } }
        for index in 0..<500 {
            logger.log(.info, "request") { line in
                line.add("index", integer: Int64(index))
                line.add("path", text: "/api/v1/\(String(repeating: "p", count: index % 50))")
            }
        }
        logger.flush()
        let lines = written.withLock { $0 }
        #expect(lines.count == 500)
        for (index, line) in lines.enumerated() {
            #expect(line.hasSuffix(#""index":\#(index),"path":"/api/v1/\#(String(repeating: "p", count: index % 50))"}"#), "\(line)")
        }
    }
}
