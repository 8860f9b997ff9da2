import Foundation
import TestExpectations
import Testing
import LayoutTesting
@testable import LualayoutCLI

/// `lualayout test --shard K/N`, `--filter`, `--list`, `--bail`.
@Suite("lualayout test (selection)")
struct TestSelectionCommandTests {
    static let passing = "-- layout: ../rows.lua\nexpect(true, \"ok\")\n"

    /// Eleven tests in three parts: each part's JUnit holds its part, and the three together
    /// hold every test exactly once (what a CI matrix of three machines reports).
    @Test func shardJUnitFilesTogetherHoldEveryTestOnce() throws {
        var files = ["rows.lua": TestCommandTests.rows]
        for index in 0..<11 { files["s/t\(index).test.lua"] = Self.passing }
        let dir = try TestCommandTests.folder(files)
        var names: [String] = []
        for index in 1...3 {
            let junit = dir + "/part\(index).xml"
            let result = TestCommandTests.run(dir + "/s", "--shard", "\(index)/3", "--junit", junit)
            expectEqual(result.status, 0)
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            let part = xml.components(separatedBy: "<testcase name=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            // floor(k·11/3) − floor((k−1)·11/3): 3, 4, 4.
            expectEqual(part.count, [3, 4, 4][index - 1])
            expectContains(xml, "tests=\"\(part.count)\"")
            expect(result.out.hasSuffix("\n\(part.count) passed, 0 failed\n"))
            names += part
        }
        expectEqual(names.sorted(), (0..<11).map { "\(dir)/s/t\($0).test.lua" }.sorted())
    }

    /// A part with no files (more machines than tests) passes with an empty report.
    @Test func anEmptyShardPasses() throws {
        let dir = try TestCommandTests.folder(["rows.lua": TestCommandTests.rows, "s/a.test.lua": Self.passing])
        let outputs = (1...2).map { TestCommandTests.run(dir + "/s", "--shard", "\($0)/2").out }
        expect(
            outputs.sorted() == [
                "0 passed, 0 failed\n", "PASS  \(dir)/s/a.test.lua  (1 check, T ms)\n1 passed, 0 failed\n",
            ])
        let bad = TestCommandTests.run(dir, "--shard", "3/2")
        expectEqual(bad.status, 2)
        expectEqual(bad.err, "lualayout: test: --shard takes K/N with 1 ≤ K ≤ N (as 2/4), got '3/2'\n")
        // Megabytes up to 1 TiB: a byte count of any of them fits an Int.
        for megabytes in ["-1", "1048577", "9223372036854775807"] {
            let memory = TestCommandTests.run(dir, "--worker-memory=\(megabytes)")
            expectEqual(memory.status, 2)
            expect(
                memory.err
                    == "lualayout: test: --worker-memory takes megabytes from 0 (no limit) to 1048576, got \(megabytes)\n"
            )
        }
    }

    /// K and N as large as an Int holds: the part's bounds are computed without overflow
    /// (K·count passed 2^63 and trapped).
    @Test func hugeShardsSplitWithoutOverflow() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "s/a.test.lua": Self.passing, "s/b.test.lua": Self.passing,
        ])
        // Part K of N = 2^63 − 1 holds the files from ⌊(K−1)·2/N⌋ to ⌊K·2/N⌋: the first file
        // in part 2^62 (2^63/N is just over 1), the second in part N (2(N−1)/N is just under
        // 2), none in part N − 1 (⌊2(N−2)/N⌋ = ⌊2(N−1)/N⌋ = 1).
        let n = Int.max
        for (k, passed) in [(n, 1), (1 << 62, 1), (n - 1, 0), (1, 0)] {
            let part = TestCommandTests.run(dir + "/s", "--shard", "\(k)/\(n)")
            expectEqual(part.status, 0, "\(k)/\(n): \(part.err)")
            expect(part.out.hasSuffix("\(passed) passed, 0 failed\n"), "\(k)/\(n)")
        }
        let over = TestCommandTests.run(dir + "/s", "--shard", "1/9223372036854775808")
        expectEqual(over.status, 2)
        expectEqual(
            over.err, "lualayout: test: --shard takes K/N with 1 ≤ K ≤ N (as 2/4), got '1/9223372036854775808'\n")
    }

    @Test func filterAndList() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "s/grid.test.lua": Self.passing, "s/list.test.lua": Self.passing,
            "s/grid-rtl.test.lua": "-- layout: ../rows.lua\nexpect(false, \"rtl\")\n",
        ])
        let listed = TestCommandTests.run(dir + "/s", "--list", "--filter", "grid")
        expectEqual(listed.status, 0)
        expectEqual(listed.out, "\(dir)/s/grid-rtl.test.lua\n\(dir)/s/grid.test.lua\n")
        let run = TestCommandTests.run(dir + "/s", "--filter", "list", "--filter", "grid.test")
        expectEqual(run.status, 0)
        #expect(
            run.out == """
                PASS  \(dir)/s/grid.test.lua  (1 check, T ms)
                PASS  \(dir)/s/list.test.lua  (1 check, T ms)
                2 passed, 0 failed

                """)
        let none = TestCommandTests.run(dir + "/s", "--filter", "nope")
        expectEqual(none.status, 2)
        expect(
            none.err
                == "lualayout: test: no test matches --filter nope (by its file's path, device or matrix value)\n")
    }

    /// `--filter` matches a device or a matrix value as well as a path: `ipad` picks the iPad
    /// runs of the file with devices, `appearance=grouped` the one matrix run.
    @Test func filterPicksDevicesAndMatrixValues() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "s/devices.test.lua": "-- layout: ../rows.lua\n-- devices: iphone-se, ipad-mini, ipad-pro-11@16\n"
                + "expect(true, \"ok\")\n",
            "s/matrix.test.lua":
                "-- layout: ../rows.lua\n-- matrix: --state appearance=plain | --state appearance=grouped\n"
                + "expect(true, \"ok\")\n",
        ])
        let ipad = TestCommandTests.run(dir + "/s", "--list", "--filter", "ipad")
        expectEqual(ipad.out, "\(dir)/s/devices.test.lua [ipad-mini]\n\(dir)/s/devices.test.lua [ipad-pro-11@16]\n")
        let grouped = TestCommandTests.run(dir + "/s", "--filter", "appearance=grouped")
        expectEqual(grouped.status, 0)
        #expect(
            grouped.out == """
                PASS  \(dir)/s/matrix.test.lua [--state appearance=grouped]  (1 check, T ms)
                1 passed, 0 failed

                """)
    }

    /// Shards balance runs, not files: one file of four devices and two plain files are six runs,
    /// cut 3 + 3 over two machines (by files they were 1 + 2 files, 4 + 2 or 1 + 5 runs); every
    /// run is in exactly one part.
    @Test func shardsBalanceRuns() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "s/devices.test.lua": "-- layout: ../rows.lua\n-- devices: iphone-se, iphone-15, ipad-mini, ipad-air-11\n"
                + "expect(true, \"ok\")\n",
            "s/a.test.lua": Self.passing, "s/b.test.lua": Self.passing,
        ])
        let parts = (1...2).map { TestCommandTests.run(dir + "/s", "--list", "--shard", "\($0)/2").out }
        let lines = parts.map { $0.split(separator: "\n").map(String.init) }
        expectEqual(lines.map(\.count), [3, 3])
        let all = TestCommandTests.run(dir + "/s", "--list").out.split(separator: "\n").map(String.init)
        expectEqual(all.count, 6)
        expectEqual(Set(lines.flatMap { $0 }), Set(all))
    }

    /// With one worker, --bail runs the files in path order up to the first failure and no
    /// further: b fails, c and d are not run.
    @Test func bailStopsAfterTheFirstFailure() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "s/a.test.lua": Self.passing,
            "s/b.test.lua": "-- layout: ../rows.lua\nexpect(false, \"b fails\")\n",
            "s/c.test.lua": Self.passing, "s/d.test.lua": Self.passing,
        ])
        let result = TestCommandTests.run(dir + "/s", "--bail", "--jobs", "1", "--junit", dir + "/r.xml")
        expectEqual(result.status, 1)
        #expect(
            result.out == """
                PASS  \(dir)/s/a.test.lua  (1 check, T ms)
                FAIL  \(dir)/s/b.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/s/b.test.lua:2: expectation failed: b fails
                stopped after the first failure (--bail): 2 tests not run
                1 passed, 1 failed

                """)
        expect(try String(contentsOfFile: dir + "/r.xml", encoding: .utf8).contains("tests=\"2\""))
    }
}
