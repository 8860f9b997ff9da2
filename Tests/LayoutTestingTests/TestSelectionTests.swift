#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TestExpectations
import Testing
@testable import LayoutTesting

/// `--filter` and `--shard K/N`: which files a run takes.
@Suite("test selection")
struct TestSelectionTests {
    static let files = (0..<23).map { "suite/\($0 % 3)/t\($0).test.lua" }.sorted()

    /// For every N up to 7, the N parts are disjoint, together every file exactly once, each in
    /// path order, and balanced: part k holds floor(k·23/N) − floor((k−1)·23/N) files (for
    /// N = 4: 5, 6, 6, 6).
    @Test func shardsPartitionTheFiles() throws {
        for count in 1...7 {
            var seen: [String] = []
            for index in 1...count {
                let shard = try require(TestSelection.Shard("\(index)/\(count)"))
                let part = TestSelection.part(shard, of: Self.files)
                expectEqual(part.count, index * 23 / count - (index - 1) * 23 / count)
                expectEqual(part, part.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                seen += part
            }
            expectEqual(seen.sorted(), Self.files, "N = \(count)")
        }
        let four = (1...4).map { TestSelection.part(TestSelection.Shard("\($0)/4")!, of: Self.files).count }
        expectEqual(four, [5, 6, 6, 6])
    }

    /// The same part on every machine: a function of the paths alone, not of their order.
    @Test func shardsAreStable() {
        let shard = TestSelection.Shard("2/3")!
        expectEqual(TestSelection.part(shard, of: Self.files), TestSelection.part(shard, of: Self.files.reversed()))
        // FNV-1a 64 of the empty string is its offset basis; of "a": (basis ^ 0x61) · prime.
        let basis: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x0000_0100_0000_01B3
        expectEqual(TestSelection.hash(""), basis)
        expectEqual(TestSelection.hash("a"), (basis ^ 0x61) &* prime)
    }

    @Test func shardSyntax() {
        expectEqual(TestSelection.Shard("1/1"), TestSelection.Shard("1/1"))
        expectEqual(TestSelection.Shard("3/4")?.description, "3/4")
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", "", "/", "-1/2"] {
            expect(TestSelection.Shard(bad) == nil, "\(bad)")
        }
    }

    @Test func filterKeepsPathsContainingAnyText() {
        let files = ["a/grid.test.lua", "a/list.test.lua", "b/grid-rtl.test.lua"]
        expectEqual(TestSelection.filter(files, by: []), files)
        expectEqual(TestSelection.filter(files, by: ["grid"]), ["a/grid.test.lua", "b/grid-rtl.test.lua"])
        expectEqual(TestSelection.filter(files, by: ["list", "b/"]), ["a/list.test.lua", "b/grid-rtl.test.lua"])
        expectEqual(TestSelection.filter(files, by: ["nothing"]), [])
    }
}

/// Two workers writing different contents under one snapshot file: the later test in path
/// order fails at its call and writes nothing, as it would have in one process; the same
/// contents twice are written once. The parent writes, so the file holds the first test's.
@Suite("written snapshots across workers")
struct SnapshotLedgerTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/lualayout-ledger-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aDifferentLayoutUnderTheSameFileFailsTheLaterTest() throws {
        let dir = try Self.folder()
        let path = dir + "/__snapshots__/rows.json"
        var ledger = SnapshotLedger()
        var first = TestCaseReport(path: "a.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        var second = TestCaseReport(path: "b.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        var third = TestCaseReport(path: "c.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        second.result.notes = ["snapshot written: \(path)"]
        ledger.record([WrittenSnapshot(path: path, text: "one", line: 3)], of: &first)
        ledger.record([WrittenSnapshot(path: path, text: "two", line: 4)], of: &second)
        ledger.record([WrittenSnapshot(path: path, text: "one", line: 5)], of: &third)
        expectEqual(first.status, .passed)
        expectEqual(third.status, .passed)
        expect(
            second.result.failures == [
                .init(
                    line: 4,
                    message:
                        "snapshot 'rows' was written earlier in this run (by a.test.lua) with a different layout: give each expectSnapshot its own name"
                )
            ])
        // What the failing test would have written is not, and it no longer says it was.
        expectEqual(second.result.notes, [])
        expectEqual(try String(contentsOfFile: path, encoding: .utf8), "one")
    }

    /// `--update-snapshots`: the first test matched the stored file, the second would rewrite
    /// it with another layout. The second fails and the file stays as the first test saw it.
    @Test func aRewriteOfAFileAnEarlierTestMatchedFails() throws {
        let dir = try Self.folder()
        let path = dir + "/__snapshots__/rows.json"
        var ledger = SnapshotLedger()
        var first = TestCaseReport(path: "a.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        var second = TestCaseReport(path: "b.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        let matched = WrittenSnapshot.digest(Array("one".utf8))
        ledger.record([WrittenSnapshot(.layout, path: path, matched: matched, line: 3)], of: &first)
        ledger.record([WrittenSnapshot(path: path, text: "two", line: 4)], of: &second)
        expectEqual(first.status, .passed)
        expect(
            second.result.failures == [
                .init(
                    line: 4,
                    message:
                        "snapshot 'rows' was matched earlier in this run (by a.test.lua) with a different layout: give each expectSnapshot its own name"
                )
            ])
        expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Two tests writing one image name: the same flow, the same refusal (issue 32: image
    /// snapshots used to skip it). The stored PNG is the first test's picture: 1×1 black.
    @Test func twoTestsWritingOneImageName() throws {
        let dir = try Self.folder()
        let path = dir + "/__snapshots__/p.png"
        let black = RasterBytes.encode(LayoutRaster(width: 1, height: 1, pixels: [0, 0, 0, 255]))
        let white = RasterBytes.encode(LayoutRaster(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        var ledger = SnapshotLedger()
        var first = TestCaseReport(path: "a.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        var second = TestCaseReport(path: "b.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        ledger.record([WrittenSnapshot(.image, path: path, bytes: black, line: 2)], of: &first)
        ledger.record([WrittenSnapshot(.image, path: path, bytes: white, line: 7)], of: &second)
        expectEqual(first.status, .passed)
        expect(
            second.result.failures == [
                .init(
                    line: 7,
                    message:
                        "image snapshot 'p' was written earlier in this run (by a.test.lua) with a different image: give each expectImageSnapshot its own name"
                )
            ])
        expectEqual(try PNGFile.read(path), LayoutRaster(width: 1, height: 1, pixels: [0, 0, 0, 255]))
    }

    /// A report crosses the worker's pipe bit for bit.
    @Test func repliesRoundTrip() throws {
        let report = TestCaseReport(
            path: "dir/ü.test.lua",
            result: ScenarioTestResult(
                checks: 3, failures: [.init(line: 7, message: "got 295.99999999999994\nexpected 296")],
                error: "dir/ü.test.lua:9: boom", notes: ["snapshot written: x"]),
            seconds: 0.125)
        let replies: [TestWorkerReply] = [
            .started(timeout: 2.5),
            .finished(
                report,
                written: [
                    WrittenSnapshot(path: "p.json", text: "{}", line: 4),
                    WrittenSnapshot(.image, path: "p.png", bytes: [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 255], line: 5),
                    WrittenSnapshot(.layout, path: "q.json", matched: 0xFFFF_0000_1234_5678, line: 6),
                ]),
            .finished(TestCaseReport(path: "a", result: ScenarioTestResult(), seconds: 0), written: []),
        ]
        for reply in replies { expectEqual(try TestWorkerReply(decoding: reply.encoded()), reply) }
        expect(
            try TestWorkerRequest(decoding: TestWorkerRequest(path: "a/b.test.lua").encoded()).path == "a/b.test.lua")
        #expect(throws: (any Error).self) { try TestWorkerReply(decoding: [9]) }
    }
}
