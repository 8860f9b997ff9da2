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
                let shard = try #require(TestSelection.Shard("\(index)/\(count)"))
                let part = TestSelection.part(shard, of: Self.files)
                #expect(part.count == index * 23 / count - (index - 1) * 23 / count)
                #expect(part == part.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                seen += part
            }
            #expect(seen.sorted() == Self.files, "N = \(count)")
        }
        let four = (1...4).map { TestSelection.part(TestSelection.Shard("\($0)/4")!, of: Self.files).count }
        #expect(four == [5, 6, 6, 6])
    }

    /// The same part on every machine: a function of the paths alone, not of their order.
    @Test func shardsAreStable() {
        let shard = TestSelection.Shard("2/3")!
        #expect(TestSelection.part(shard, of: Self.files) == TestSelection.part(shard, of: Self.files.reversed()))
        // FNV-1a 64 of the empty string is its offset basis; of "a": (basis ^ 0x61) · prime.
        let basis: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x0000_0100_0000_01B3
        #expect(TestSelection.hash("") == basis)
        #expect(TestSelection.hash("a") == (basis ^ 0x61) &* prime)
    }

    @Test func shardSyntax() {
        #expect(TestSelection.Shard("1/1") == TestSelection.Shard("1/1"))
        #expect(TestSelection.Shard("3/4")?.description == "3/4")
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", "", "/", "-1/2"] {
            #expect(TestSelection.Shard(bad) == nil, "\(bad)")
        }
    }

    @Test func filterKeepsPathsContainingAnyText() {
        let files = ["a/grid.test.lua", "a/list.test.lua", "b/grid-rtl.test.lua"]
        #expect(TestSelection.filter(files, by: []) == files)
        #expect(TestSelection.filter(files, by: ["grid"]) == ["a/grid.test.lua", "b/grid-rtl.test.lua"])
        #expect(TestSelection.filter(files, by: ["list", "b/"]) == ["a/list.test.lua", "b/grid-rtl.test.lua"])
        #expect(TestSelection.filter(files, by: ["nothing"]) == [])
    }
}

/// Two workers writing different layouts under one snapshot file: the later test in path order
/// fails at its call, as it would have in one process; the same layout twice is fine.
@Suite("written snapshots across workers")
struct WrittenSnapshotLedgerTests {
    @Test func aDifferentLayoutUnderTheSameFileFailsTheLaterTest() {
        var ledger = WrittenSnapshotLedger()
        var first = TestCaseReport(path: "a.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        var second = TestCaseReport(path: "b.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        var third = TestCaseReport(path: "c.test.lua", result: ScenarioTestResult(checks: 1), seconds: 0)
        ledger.record([WrittenSnapshot(path: "__snapshots__/rows.json", text: "one", line: 3)], of: &first)
        ledger.record([WrittenSnapshot(path: "__snapshots__/rows.json", text: "two", line: 4)], of: &second)
        ledger.record([WrittenSnapshot(path: "__snapshots__/rows.json", text: "one", line: 5)], of: &third)
        #expect(first.status == .passed)
        #expect(third.status == .passed)
        #expect(
            second.result.failures == [
                .init(
                    line: 4,
                    message:
                        "snapshot 'rows' was written earlier in this run (by a.test.lua) with a different layout: give each expectSnapshot its own name"
                )
            ])
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
            .finished(report, written: [WrittenSnapshot(path: "p.json", text: "{}", line: 4)]),
            .finished(TestCaseReport(path: "a", result: ScenarioTestResult(), seconds: 0), written: []),
        ]
        for reply in replies { #expect(try TestWorkerReply(decoding: reply.encoded()) == reply) }
        #expect(
            try TestWorkerRequest(decoding: TestWorkerRequest(path: "a/b.test.lua").encoded()).path == "a/b.test.lua")
        #expect(throws: (any Error).self) { try TestWorkerReply(decoding: [9]) }
    }
}
