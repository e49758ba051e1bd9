import Foundation
import Testing
import TestSupport

/// `ExternalCommand` against children that would block a careless parent: more output than a pipe
/// holds (64 KiB) on either stream, and more of them waiting than Swift's concurrency pool has threads.
@Suite struct ExternalCommandTests {
    /// 1 MiB: sixteen times what a pipe holds.
    static let mebibyte = 1 << 20

    @Test(.timeLimit(.minutes(1)))
    func aChildThatFillsStandardErrorBeforeStandardOutputFinishes() async throws {
        // Reading standard output to its end first would wait for ever: the child is stuck writing
        // standard error, which nobody reads, and never closes standard output.
        let script = "head -c $1 /dev/zero | tr '\\0' e >&2; head -c $1 /dev/zero | tr '\\0' o; exit 3"
        let result = try await ExternalCommand.run("bash", ["-c", script, "bash", String(Self.mebibyte)])
        #expect(result.status == 3)
        #expect(result.errorOutput == String(repeating: "e", count: Self.mebibyte))
        #expect(result.output == String(repeating: "o", count: Self.mebibyte))
    }

    @Test(.timeLimit(.minutes(1)))
    func aChildThatEchoesALargeInputAsItReadsItFinishes() async throws {
        // Writing all of the input before reading would wait for ever: `cat` is stuck writing the
        // first 64 KiB back, and stops reading.
        let input = Data((0..<Self.mebibyte).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let result = try await ExternalCommand.run("cat", [], input: input)
        #expect(result.status == 0)
        #expect(result.standardOutput == input)
    }

    @Test(.timeLimit(.minutes(3)))
    func childrenBeingWaitedForLeaveTheConcurrencyPoolFree() async throws {
        // More children than the pool has threads, each waiting for a file that this task creates
        // once all have started: were each waited for on a pool thread, this task could not run
        // again, and each child gives up after 120 s with status 1. (Starting them took over 25 s
        // with the whole suite running under ASan and both cores busy.)
        let folder = TemporaryDirectory("external-command")
        defer { folder.remove() }
        let children = 2 * ProcessInfo.processInfo.activeProcessorCount + 1
        let release = folder.file("release")
        let script = #"touch "$1"; for _ in $(seq 12000); do [ -e "$2" ] && exit 0; sleep 0.01; done; exit 1"#
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<children {
                group.addTask { try await ExternalCommand.run("bash", ["-c", script, "bash", folder.file("started-\(index)"), release]).status }
            }
            let started = { (0..<children).allSatisfy { FileManager.default.fileExists(atPath: folder.file("started-\($0)")) } }
            #expect(await eventually(withinMilliseconds: 100_000, started), "not every child started")
            #expect(FileManager.default.createFile(atPath: release, contents: nil))
            for try await status in group {
                #expect(status == 0, "a child waited in vain for this task to run")
            }
        }
    }
}
