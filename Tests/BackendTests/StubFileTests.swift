import Testing
@testable import Backend

/// Stub files (docs/contract-testing.md "Stub files"): what a definition may say.
@Suite struct StubFileTests {
    @Test func anInterimStatusIsRefusedWithTheFileAndTheRange() {
        let file = #"[{"method": "GET", "path": "/api/v1/a"}, {"method": "GET", "path": "/api/v1/b", "http_status": 100}]"#
        #expect {
            _ = try StubFile.stubs(in: Array(file.utf8), path: "stubs/b.json", firstID: 1)
        } throws: { error in
            let message = (error as? AdminError)?.message ?? ""
            return message.hasPrefix("stub #2: ") && message.contains("from 200 to 599")
        }
        #expect(throws: Never.self) {
            _ = try StubFile.stubs(in: Array(#"{"method": "GET", "path": "/api/v1/b", "http_status": 599}"#.utf8), path: "b.json", firstID: 1)
        }
    }
}
