import Foundation
import TestExpectations
import Testing

/// The one-time move from the old layout, `__snapshots__/NAME.json` shared by a folder's tests,
/// to a folder per test file (issue 34, item 15): a test compares with the old file while its
/// own is missing; the parent copies it into the test's folder (or writes the rewritten one)
/// and removes the old file once every test beside it has run to its end in one run, saying so
/// once. Nothing is lost: a test that did not run keeps the old file, CI moves nothing, and a
/// mismatch leaves it where it is.
@Suite("lualayout test: snapshots move into a folder per test")
struct TestSnapshotMigrationTests {
    static let expected = TestSnapshotTests.expectedJSON

    /// Two tests that shared the old `rows.json` (the same layout, as the old runs required).
    static func folder(extra: [String: String] = [:]) throws -> String {
        try TestCommandTests.folder(
            [
                "rows.lua": TestCommandTests.rows, "a.test.lua": TestSnapshotTests.test(options: "--items 2"),
                "b.test.lua": TestSnapshotTests.test(options: "--items 2"), "__snapshots__/rows.json": expected,
                "__snapshots__/rows.after.svg": "<svg/>",
            ].merging(extra) { _, new in new })
    }

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func theOldFileMovesIntoEachTestsFolderOnce() throws {
        let dir = try Self.folder()
        let result = TestCommandTests.run(dir, "--no-ci", "--jobs", "2")
        expectEqual(result.status, 0)
        #expect(
            result.out == """
                PASS  \(dir)/a.test.lua  (1 check, T ms)
                PASS  \(dir)/b.test.lua  (1 check, T ms)
                note: moved 1 snapshot from \(dir)/__snapshots__ into a folder per test file (\(dir)/__snapshots__/TEST/NAME…)
                2 passed, 0 failed

                """)
        // Copied as it was, byte for byte, into both folders; the old file and its stale
        // review picture are gone.
        expectEqual(Self.read(dir + "/__snapshots__/a.test.lua/rows.json"), Self.expected)
        expectEqual(Self.read(dir + "/__snapshots__/b.test.lua/rows.json"), Self.expected)
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__/rows.json"))
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__/rows.after.svg"))
        // Said once: the next run has nothing to move.
        let again = TestCommandTests.run(dir, "--ci")
        expectEqual(again.status, 0)
        expect(!again.out.contains("note: moved"))
    }

    @Test func aTestThatDidNotRunKeepsTheOldFile() throws {
        let dir = try Self.folder()
        let first = TestCommandTests.run(dir, "--no-ci", "--filter", "a.test")
        expectEqual(first.status, 0)
        expect(
            first.out.contains(
                "note: copied 1 snapshot from \(dir)/__snapshots__ into a folder per test file (\(dir)/__snapshots__/TEST/NAME…); the old files stay until every test beside them runs to its end, its checks of them passing, in one run\n"
            ))
        expectEqual(Self.read(dir + "/__snapshots__/a.test.lua/rows.json"), Self.expected)
        expectEqual(Self.read(dir + "/__snapshots__/rows.json"), Self.expected)
        // b still compares with the old file (in CI too), then the whole folder's run moves it.
        expectEqual(TestCommandTests.run(dir, "--ci").status, 0)
        expectEqual(Self.read(dir + "/__snapshots__/rows.json"), Self.expected)
        let full = TestCommandTests.run(dir, "--no-ci")
        expectContains(full.out, "note: moved 1 snapshot from")
        expectEqual(Self.read(dir + "/__snapshots__/b.test.lua/rows.json"), Self.expected)
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__/rows.json"))
    }

    @Test func aMismatchLeavesTheOldFileAndUpdateRewritesIt() throws {
        let dir = try Self.folder(extra: ["b.test.lua": TestSnapshotTests.test(options: "--items 3")])
        let mismatch = TestCommandTests.run(dir, "--no-ci")
        expectEqual(mismatch.status, 1)
        expect(
            mismatch.out.contains(
                "\(dir)/b.test.lua:3: expectation failed: snapshot 'rows' does not match \(dir)/__snapshots__/rows.json: 1 appeared"
            ))
        // a moved its copy; b failed, so the old file stays for it (and the review pictures go
        // to b's folder).
        expectContains(mismatch.out, "note: copied 1 snapshot")
        expectEqual(Self.read(dir + "/__snapshots__/rows.json"), Self.expected)
        expect(FileManager.default.fileExists(atPath: dir + "/__snapshots__/b.test.lua/rows.after.svg"))
        let update = TestCommandTests.run(dir, "--no-ci", "--update-snapshots")
        expectEqual(update.status, 0)
        expectContains(update.out, "note: snapshot updated: \(dir)/__snapshots__/b.test.lua/rows.json")
        expectContains(update.out, "note: moved 1 snapshot from")
        expectEqual(Self.read(dir + "/__snapshots__/b.test.lua/rows.json")?.contains("\"height\": 180}"), true)
        expectEqual(Self.read(dir + "/__snapshots__/a.test.lua/rows.json"), Self.expected)
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__/rows.json"))
    }

    @Test func ciComparesWithTheOldFileAndMovesNothing() throws {
        let dir = try Self.folder()
        let result = TestCommandTests.run(dir, "--ci")
        expectEqual(result.status, 0)
        expect(!result.out.contains("note:"))
        expectEqual(Self.read(dir + "/__snapshots__/rows.json"), Self.expected)
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__/a.test.lua"))
    }

    /// A device's old file (`NAME.DEVICE.json`) moves as its own.
    @Test func devicesSnapshotsMoveToo() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "d.test.lua": "-- layout: rows.lua\n-- devices: iphone-se\nexpectSnapshot(\"rows\")\n",
        ])
        expectEqual(TestCommandTests.run(dir, "--no-ci").status, 0)
        let written = dir + "/__snapshots__/d.test.lua/rows.iphone-se.json"
        let legacy = dir + "/__snapshots__/rows.iphone-se.json"
        try FileManager.default.moveItem(atPath: written, toPath: legacy)
        let result = TestCommandTests.run(dir, "--no-ci")
        expectEqual(result.status, 0)
        expectContains(result.out, "note: moved 1 snapshot from")
        expect(FileManager.default.fileExists(atPath: written))
        expect(!FileManager.default.fileExists(atPath: legacy))
    }
}
