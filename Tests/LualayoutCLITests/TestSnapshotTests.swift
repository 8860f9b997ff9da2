import Foundation
import TestExpectations
import Testing
import Platform
@testable import LualayoutCLI

/// `expectSnapshot(name)` through `lualayout test`:
/// written on the first run, matched, mismatched with the diff and the SVG pair, rewritten by
/// `--update-snapshots`, refused in CI, and unsafe names.
@Suite("lualayout test (snapshots)")
struct TestSnapshotTests {
    /// `rows.lua` at --items 2 in a 200×300 view: cells at (10, 10) and (10, 70), 100×50
    /// (x = 10 + shift, y = 10 + 60·i); content 200 × 60·2 = 120.
    static let expectedJSON = """
        {
          "bounds": {"x": 0, "y": 0, "width": 200, "height": 300},
          "contentSize": {"width": 200, "height": 120},
          "elements": [
            {"category": "cell", "indexPath": [0, 0], "frame": {"x": 10, "y": 10, "width": 100, "height": 50}, "alpha": 1, "zIndex": 0, "hidden": false},
            {"category": "cell", "indexPath": [0, 1], "frame": {"x": 10, "y": 70, "width": 100, "height": 50}, "alpha": 1, "zIndex": 0, "hidden": false}
          ]
        }

        """

    static func test(options: String) -> String {
        "-- layout: rows.lua\n-- options: --bounds 200x300 \(options)\nexpectSnapshot(\"rows\")\n"
    }

    @Test func writtenThenMatchedThenMismatchedThenUpdated() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "t.test.lua": Self.test(options: "--items 2"),
        ])
        let folder = dir + "/__snapshots__/t.test.lua"
        let snapshot = folder + "/rows.json"
        let before = folder + "/rows.before.svg", after = folder + "/rows.after.svg"

        // First run: written, passes with a note.
        let first = TestCommandTests.run(dir, "--no-ci")
        expectEqual(first.status, 0)
        #expect(
            first.out == """
                PASS  \(dir)/t.test.lua  (1 check, T ms)
                    note: snapshot written: \(snapshot)
                1 passed, 0 failed

                """)
        expectEqual(try String(contentsOfFile: snapshot, encoding: .utf8), Self.expectedJSON)

        // Same layout: passes silently, even in CI.
        let second = TestCommandTests.run(dir, "--ci")
        expectEqual(second.status, 0)
        expectEqual(second.out, "PASS  \(dir)/t.test.lua  (1 check, T ms)\n1 passed, 0 failed\n")

        // Shift by 5 and add a third item: both cells move 5 right, [0, 2] appears at
        // (15, 10 + 120), content 200×120 → 200×180.
        try Self.test(options: "--items 3 --state shift=5").write(
            toFile: dir + "/t.test.lua", atomically: true, encoding: .utf8)
        let third = TestCommandTests.run(dir)
        expectEqual(third.status, 1)
        #expect(
            third.out == """
                FAIL  \(dir)/t.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/t.test.lua:3: expectation failed: snapshot 'rows' does not match \(snapshot): 2 moved or resized, 1 appeared
                      content 200×120 → 200×180
                      moved cell [0, 0]: 10,10 100×50 → 15,10 100×50
                      moved cell [0, 1]: 10,70 100×50 → 15,70 100×50
                      appeared cell [0, 2] at 15,130 100×50
                      pictures: \(before) (stored), \(after) (now)
                      if the change is intended, accept it with: lualayout test --update-snapshots
                0 passed, 1 failed

                """)
        // The stored snapshot is untouched; the pair shows 2 cells before and 3 after.
        expectEqual(try String(contentsOfFile: snapshot, encoding: .utf8), Self.expectedJSON)
        let cells = { (path: String) in
            try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "class=\"cell\"").count - 1
        }
        expectEqual(try cells(before), 2)
        expectEqual(try cells(after), 3)
        expect(try String(contentsOfFile: before, encoding: .utf8).hasPrefix("<svg"))

        // --update-snapshots: rewritten, passes with a note, the pair is gone.
        let fourth = TestCommandTests.run(dir, "--update-snapshots")
        expectEqual(fourth.status, 0)
        #expect(
            fourth.out == """
                PASS  \(dir)/t.test.lua  (1 check, T ms)
                    note: snapshot updated: \(snapshot)
                1 passed, 0 failed

                """)
        let rewritten = try String(contentsOfFile: snapshot, encoding: .utf8)
        expectContains(rewritten, "\"contentSize\": {\"width\": 200, \"height\": 180}")
        expect(
            rewritten.contains(
                "{\"category\": \"cell\", \"indexPath\": [0, 2], \"frame\": {\"x\": 15, \"y\": 130, \"width\": 100, \"height\": 50}"
            ))
        expect(!FileManager.default.fileExists(atPath: before))
        expect(!FileManager.default.fileExists(atPath: after))
        expectEqual(TestCommandTests.run(dir).status, 0)
    }

    @Test func ciNeverWritesASnapshot() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "t.test.lua": Self.test(options: "--items 2"),
        ])
        let result = TestCommandTests.run(dir, "--ci")
        expectEqual(result.status, 1)
        #expect(
            result.out == """
                FAIL  \(dir)/t.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/t.test.lua:3: expectation failed: snapshot 'rows' not found: \(dir)/__snapshots__/t.test.lua/rows.json (CI runs never write snapshots: run lualayout test without --ci, or with --update-snapshots, and commit the file)
                0 passed, 1 failed

                """)
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__"))
        // --update-snapshots is explicit: it writes even in CI.
        expectEqual(TestCommandTests.run(dir, "--ci", "--update-snapshots").status, 0)
        expect(
            try String(contentsOfFile: dir + "/__snapshots__/t.test.lua/rows.json", encoding: .utf8)
                == Self.expectedJSON)
    }

    @Test func aCorruptSnapshotIsLocated() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "t.test.lua": Self.test(options: "--items 2"),
            "__snapshots__/t.test.lua/rows.json": "{\n  \"bounds\": [1, 2]\n}\n",
        ])
        let result = TestCommandTests.run(dir)
        expectEqual(result.status, 1)
        expect(
            result.out.contains(
                "t.test.lua:3: expectation failed: snapshot 'rows': \(dir)/__snapshots__/t.test.lua/rows.json:bounds: expected an object (rewrite it with --update-snapshots)\n"
            ))
    }

    /// `__snapshots__` is a file (nothing can be written under it), or the snapshot's path is
    /// a folder: the check fails, saying which.
    @Test func snapshotsThatCannotBeStored() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a/t.test.lua": "-- layout: ../rows.lua\nexpectSnapshot(\"rows\")\n", "a/__snapshots__": "not a folder",
            "b/t.test.lua": "-- layout: ../rows.lua\nexpectSnapshot(\"rows\")\n",
            "b/__snapshots__/t.test.lua/rows.json/x": "",
        ])
        let result = TestCommandTests.run(dir, "--no-ci")
        expectEqual(result.status, 1)
        #expect(
            result.out == """
                FAIL  \(dir)/a/t.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/a/t.test.lua:2: expectation failed: snapshot 'rows': cannot write \(dir)/a/__snapshots__/t.test.lua/rows.json
                FAIL  \(dir)/b/t.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/b/t.test.lua:2: expectation failed: snapshot 'rows': \(dir)/b/__snapshots__/t.test.lua/rows.json is a folder
                0 passed, 2 failed

                """)
    }

    /// Snapshot names belong to their test file (`__snapshots__/TEST/NAME.json`, as Jest keeps
    /// `__snapshots__/TEST.snap`): two tests beside each other may both call theirs "rows",
    /// each with its own layout.
    @Test func eachTestFileHasItsOwnNames() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": Self.test(options: "--items 2"), "b.test.lua": Self.test(options: "--items 3"),
        ])
        let result = TestCommandTests.run(dir, "--no-ci", "--jobs", "2")
        expectEqual(result.status, 0)
        #expect(
            result.out == """
                PASS  \(dir)/a.test.lua  (1 check, T ms)
                    note: snapshot written: \(dir)/__snapshots__/a.test.lua/rows.json
                PASS  \(dir)/b.test.lua  (1 check, T ms)
                    note: snapshot written: \(dir)/__snapshots__/b.test.lua/rows.json
                2 passed, 0 failed

                """)
        expect(
            try String(contentsOfFile: dir + "/__snapshots__/a.test.lua/rows.json", encoding: .utf8)
                == Self.expectedJSON)
        expect(
            try String(contentsOfFile: dir + "/__snapshots__/b.test.lua/rows.json", encoding: .utf8).contains(
                "\"contentSize\": {\"width\": 200, \"height\": 180}"))
        expectEqual(TestCommandTests.run(dir, "--ci", "--jobs", "2").status, 0)
    }

    /// One test storing two layouts under one name: the later call fails and writes nothing.
    @Test func twoLayoutsUnderOneNameInOneTest() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "t.test.lua": Self.test(options: "--items 2") + "setState(\"shift\", 5)\nexpectSnapshot(\"rows\")\n",
        ])
        let result = TestCommandTests.run(dir, "--no-ci")
        expectEqual(result.status, 1)
        expect(
            result.out.contains(
                "\(dir)/t.test.lua:5: expectation failed: snapshot 'rows' was written earlier in this run (by \(dir)/t.test.lua) with a different layout: give each expectSnapshot its own name\n"
            ))
        expect(
            try String(contentsOfFile: dir + "/__snapshots__/t.test.lua/rows.json", encoding: .utf8)
                == Self.expectedJSON)
    }

    /// The test is an error located at the call; the scenario still runs to its end (the
    /// runtime's snapshot handler cannot stop it), so later checks are reported too.
    @Test func anUnsafeNameIsAnErrorAtItsLine() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "t.test.lua":
                "-- layout: rows.lua\nexpect(true, \"first\")\nexpectSnapshot(\"../../etc/x\")\nexpect(false, \"not reached\")\n",
        ])
        let result = TestCommandTests.run(dir)
        expectEqual(result.status, 1)
        #expect(
            result.out == """
                ERROR \(dir)/t.test.lua  (T ms)
                    \(dir)/t.test.lua:4: expectation failed: not reached
                    \(dir)/t.test.lua:3: expectSnapshot: invalid snapshot name "../../etc/x": a snapshot name cannot contain '/' or '\\' (it names a file in __snapshots__)
                0 passed, 0 failed, 1 error

                """)
        expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__"))
    }

    /// `--update-snapshots` where the test's first call matches the stored file and a second
    /// would rewrite it with another layout (issue 30.5): the second fails, the file stays.
    @Test func aRewriteOfAMatchedSnapshotFails() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "t.test.lua": Self.test(options: "--items 2") + "setState(\"shift\", 5)\nexpectSnapshot(\"rows\")\n",
            "__snapshots__/t.test.lua/rows.json": Self.expectedJSON,
        ])
        let result = TestCommandTests.run(dir, "--no-ci", "--update-snapshots")
        expectEqual(result.status, 1)
        expect(
            result.out.contains(
                "\(dir)/t.test.lua:5: expectation failed: snapshot 'rows' was matched earlier in this run (by \(dir)/t.test.lua) with a different layout: give each expectSnapshot its own name\n"
            ))
        expect(
            try String(contentsOfFile: dir + "/__snapshots__/t.test.lua/rows.json", encoding: .utf8)
                == Self.expectedJSON)
    }

    /// A snapshot is the visible layout as `run --visible` writes it, orthogonal sections
    /// included: the App Store page's featured cards rest centred (groupPagingCentered, card 0
    /// drawn at x = (375 − 337)/2 = 19, not at its unscrolled 0), and a section scrolled with
    /// --orthogonal-offset is drawn scrolled, in both (issue 34, item 17).
    @Test func snapshotsAndRunVisibleAgreeOnOrthogonalCells() throws {
        let layout = repositoryRoot + "/Examples/compositional/app-store.lua"
        for options in ["--items 20", "--items 20 --orthogonal-offset 0:100"] {
            let dir = try TestCommandTests.folder([
                "t.test.lua": "-- layout: \(layout)\n-- options: \(options)\nexpectSnapshot(\"v\")\n"
            ])
            expectEqual(TestCommandTests.run(dir, "--no-ci").status, 0)
            let stored = try String(contentsOfFile: dir + "/__snapshots__/t.test.lua/v.json", encoding: .utf8)
            let run = lualayout(["run", layout, "--visible"] + options.split(separator: " ").map(String.init))
            expectEqual(run.status, 0)
            expectEqual(run.out, stored, "\(options)")
            let offset = options.hasSuffix("0:100") ? 100.0 : -19
            expect(
                stored.contains(
                    "{\"category\": \"cell\", \"indexPath\": [0, 0], \"frame\": {\"x\": \(NumberFormatting.format(-offset)), \"y\": 0, \"width\": 337, \"height\": 300}"
                ))
        }
    }
}
