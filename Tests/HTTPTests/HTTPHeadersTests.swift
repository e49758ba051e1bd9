import HTTP
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test func addKeepsOrderAndDuplicates() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "a")
        headers.add(name: "X-Other", value: "o")
        headers.add(name: "accept", value: "b")
        #expect(headers.count == 3)
        #expect(fieldPairs(headers) == [["Accept", "a"], ["X-Other", "o"], ["accept", "b"]])
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "Accept") == ["a", "b"])
        #expect(headers.contains("x-other"))
        #expect(!headers.contains("X-Othe"))
        #expect(headers["Missing"] == nil)
        #expect(headers.values(for: "Missing").isEmpty)
    }

    @Test func replaceOrAddReplacesTheFirstInPlaceAndDropsTheRest() {
        var headers = HTTPHeaders([(name: "A", value: "1"), (name: "b", value: "2"), (name: "B", value: "3"), (name: "C", value: "4")])
        headers.replaceOrAdd(name: "B", value: "new")
        #expect(fieldPairs(headers) == [["A", "1"], ["B", "new"], ["C", "4"]])
        headers.replaceOrAdd(name: "D", value: "5")
        #expect(fieldPairs(headers) == [["A", "1"], ["B", "new"], ["C", "4"], ["D", "5"]])
    }

    @Test func removeDropsEveryCase() {
        var headers: HTTPHeaders = ["Cookie": "a", "X": "y", "cookie": "b"]
        headers.remove(name: "COOKIE")
        #expect(fieldPairs(headers) == [["X", "y"]])
    }

    @Test func caseInsensitivityIsASCIIOnly() {
        let headers: HTTPHeaders = ["X-\u{C9}": "v"]
        #expect(headers["x-\u{C9}"] == "v")
        #expect(headers["x-\u{E9}"] == nil)
    }

    @Test func longNamesAreComparedInFull() {
        // The same length and the same first sixteen bytes: only the end tells them apart.
        let headers: HTTPHeaders = ["X-Countersign-Trace-A": "a", "X-Countersign-Trace-B": "b"]
        #expect(headers["x-countersign-trace-b"] == "b")
        #expect(headers["X-COUNTERSIGN-TRACE-A"] == "a")
        #expect(headers["X-Countersign-Trace-C"] == nil)
        #expect(headers["X-Countersign-Trace"] == nil)
    }

    @Test func namesOfEqualLengthDoNotMatch() {
        let headers: HTTPHeaders = ["Authorization": "Bearer t", "X-SIGNATURE": "s"]
        #expect(headers["X-API-VERSION"] == nil)  // as long as Authorization
        #expect(headers["x-signaturE"] == "s")
        #expect(!headers.contains("X-SIGNATUR"))
    }

    @Test func everyLetterAndOnlyLettersIgnoreCase() {
        // Eight bytes, sixteen, and a partial word, with the bytes just outside A...Z and a...z.
        let headers: HTTPHeaders = ["ABCDEFGH": "1", "IJKLMNOPQRSTUVWX": "2", "YZ@[`{": "3", "X-\u{C1}": "4"]
        #expect(headers["abcdefgh"] == "1")
        #expect(headers["ijklmnopqrstuvwx"] == "2")
        #expect(headers["yz@[`{"] == "3")
        #expect(headers["YZ`[`{"] == nil)
        #expect(headers["YZ@{`{"] == nil)
        #expect(headers["YZ@[@{"] == nil)
        #expect(headers["YZ@[`["] == nil)
        #expect(headers["x-\u{E1}"] == nil)
    }

    @Test func equalityIsOrderSensitive() {
        let first: HTTPHeaders = ["A": "1", "B": "2"]
        #expect(first == ["A": "1", "B": "2"])
        #expect(first != ["B": "2", "A": "1"])
    }
}
