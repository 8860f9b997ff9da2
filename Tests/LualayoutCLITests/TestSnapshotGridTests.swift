import Foundation
import TestExpectations
import Testing
@testable import LualayoutCLI

/// Snapshots compare on the pixel grid of the test's scale (issue 24): float noise of a
/// refactor passes, a one-point move fails, `--tolerance POINTS` widens the slack.
@Suite("lualayout test (snapshots on the pixel grid)")
struct TestSnapshotGridTests {
    static func test(_ options: String) -> String {
        "-- layout: rows.lua\n-- options: --bounds 200x300 --items 2 \(options)\nexpectSnapshot(\"rows\")\n"
    }

    /// The snapshot is written at shift 0 (cells at x = 10). Half a pixel at scale 1 is 0.5
    /// points, at scale 2 0.25: a shift of 1e-9 (noise) passes at both; 0.3 passes at scale 1
    /// (< 0.5) and fails at scale 2 (≥ 0.25); 1 point fails at scale 1, and passes with
    /// --tolerance 1. The stored file is never rewritten by a passing run.
    @Test func noisePassesAndAOnePointMoveFails() throws {
        let dir = try TestCommandTests.folder(["rows.lua": TestCommandTests.rows, "t.test.lua": Self.test("")])
        let snapshot = dir + "/__snapshots__/t.test.lua/rows.json"
        expectEqual(TestCommandTests.run(dir, "--no-ci").status, 0)
        let stored = try String(contentsOfFile: snapshot, encoding: .utf8)

        func run(_ options: String, _ flags: String...) throws -> CommandResult {
            try Self.test(options).write(toFile: dir + "/t.test.lua", atomically: true, encoding: .utf8)
            return TestCommandTests.run([dir, "--no-ci"] + flags)
        }
        expectEqual(try run("--state shift=0.000000001").status, 0)
        expectEqual(try run("--state shift=0.000000001 --scale 2").status, 0)
        expectEqual(try run("--state shift=0.3").status, 0)
        expectEqual(try run("--state shift=-0.3").status, 0)
        let scale2 = try run("--state shift=0.3 --scale 2")
        expectEqual(scale2.status, 1)
        expectContains(scale2.out, "moved cell [0, 0]")
        let moved = try run("--state shift=1")
        expectEqual(moved.status, 1)
        // Only the real move is listed, with its exact numbers.
        expectContains(moved.out, "moved cell [0, 0]: 10,10 100×50 → 11,10 100×50")
        expectEqual(try run("--state shift=1", "--tolerance", "1").status, 0)
        expectEqual(try run("--state shift=1.5", "--tolerance", "1").status, 1)
        expectEqual(try String(contentsOfFile: snapshot, encoding: .utf8), stored)

        let bad = TestCommandTests.run(dir, "--tolerance=-1")
        expectEqual(bad.status, 2)
        expectEqual(bad.err, "lualayout: test: --tolerance takes points, 0 or more, got -1.0\n")
    }
}

extension TestCommandTests {
    /// `lualayout test ARGUMENTS` with the arguments in an array.
    static func run(_ arguments: [String]) -> CommandResult {
        var result = lualayout(["test"] + arguments)
        result.out = result.out.replacingOccurrences(of: #"[0-9]+ ms\)"#, with: "T ms)", options: .regularExpression)
        return result
    }
}
