import Foundation
import TestExpectations
import Testing
import LayoutTesting
@testable import LualayoutCLI

/// `expectImageSnapshot(name)` (issue 24): a PNG of the visible layout, written, matched pixel
/// by pixel, and on a change `NAME.after.png` and `NAME.diff.png`.
@Suite("lualayout test (image snapshots)")
struct TestImageSnapshotTests {
    static func test(_ options: String) -> String {
        "-- layout: rows.lua\n-- options: --items 2 --bounds 200x150 --scale 2 \(options)\nexpectImageSnapshot(\"rows\")\n"
    }

    /// At scale 2 the 200×150 view is 400×300 pixels; the cells (x 10, y 10 and 70, 100×50)
    /// cover pixels x 20…219 and y 20…119 and 140…239, their border the outermost pixel (its
    /// center 0.5 from the edge, the next 1.5). Moving them 1 point right (2 pixels) changes,
    /// in each of a cell's 98 inner rows, columns 20 and 21 (border, fill → white), 22 (fill →
    /// border), 219 (border → fill), 220 and 221 (white → fill, border): 6 pixels; in its top
    /// and bottom rows columns 20, 21, 220 and 221: 4. Per cell 98·6 + 2·4 = 596; two: 1192.
    @Test func writtenMatchedThenAOnePointMoveIsShown() throws {
        let dir = try TestCommandTests.folder(["rows.lua": TestCommandTests.rows, "t.test.lua": Self.test("")])
        let folder = dir + "/__snapshots__/t.test.lua"
        let first = TestCommandTests.run(dir, "--no-ci")
        expectEqual(first.status, 0)
        expectContains(first.out, "note: image snapshot written: \(folder)/rows.png")
        let stored = try PNGFile.read(folder + "/rows.png")
        expect(stored.width == 400 && stored.height == 300)
        // A cell's fill (0x4f8ef7) at its center pixel (120, 70); white outside (300, 70).
        let center = (70 * 400 + 120) * 4, outside = (70 * 400 + 300) * 4
        expectEqual(Array(stored.pixels[center..<center + 4]), [0x4f, 0x8e, 0xf7, 255])
        expectEqual(Array(stored.pixels[outside..<outside + 4]), [255, 255, 255, 255])
        expectEqual(TestCommandTests.run(dir, "--ci").status, 0)

        try Self.test("--state shift=1").write(toFile: dir + "/t.test.lua", atomically: true, encoding: .utf8)
        let moved = TestCommandTests.run(dir, "--no-ci")
        expectEqual(moved.status, 1)
        #expect(
            moved.out == """
                FAIL  \(dir)/t.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/t.test.lua:3: expectation failed: image snapshot 'rows' does not match \(folder)/rows.png: 1192 of 400×300 pixels differ
                      pictures: \(folder)/rows.after.png (now), \(folder)/rows.diff.png (changed pixels in red)
                      if the change is intended, accept it with: lualayout test --update-snapshots
                0 passed, 1 failed

                """)
        let diff = try PNGFile.read(folder + "/rows.diff.png")
        let changed = (70 * 400 + 20) * 4
        expectEqual(Array(diff.pixels[changed..<changed + 4]), [255, 0, 0, 255])
        expectEqual(try PNGFile.read(folder + "/rows.png"), stored)

        // Accepted: rewritten, and the pair is gone.
        expectEqual(TestCommandTests.run(dir, "--update-snapshots").status, 0)
        expect(!FileManager.default.fileExists(atPath: folder + "/rows.after.png"))
        expect(!FileManager.default.fileExists(atPath: folder + "/rows.diff.png"))
        expectEqual(TestCommandTests.run(dir, "--ci").status, 0)
    }

    /// A stored file that is not a PNG fails, located, with libpng's reason; CI never writes.
    @Test func corruptAndMissingImages() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "t.test.lua": Self.test(""),
            "__snapshots__/t.test.lua/rows.png": "not a png",
        ])
        let corrupt = TestCommandTests.run(dir)
        expectEqual(corrupt.status, 1)
        expect(
            corrupt.out.contains(
                "expectation failed: image snapshot 'rows': \(dir)/__snapshots__/t.test.lua/rows.png: "))
        expectContains(corrupt.out, "(rewrite it with --update-snapshots)")
        try FileManager.default.removeItem(atPath: dir + "/__snapshots__/t.test.lua/rows.png")
        let ci = TestCommandTests.run(dir, "--ci")
        expectEqual(ci.status, 1)
        expect(
            ci.out.contains(
                "image snapshot 'rows' not found: \(dir)/__snapshots__/t.test.lua/rows.png (CI runs never write snapshots: run lualayout test without --ci, or with --update-snapshots, and commit the file)"
            ))
    }

    /// One test writing one image name with two pictures (issue 32: image snapshots skipped
    /// this check; issue 30.5): with `--update-snapshots` the later call fails and writes
    /// nothing, so the stored PNG is the first picture's (2 items: 400×300 pixels), the one a
    /// test making only that call stores. Two tests beside each other store their own.
    @Test func oneTestWritingOneImageNameTwice() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": Self.test("") + "setState(\"shift\", 1)\nexpectImageSnapshot(\"rows\")\n",
            "b.test.lua": Self.test(""),
        ])
        let result = TestCommandTests.run(dir, "--no-ci", "--update-snapshots", "--jobs", "2")
        expectEqual(result.status, 1)
        expect(
            result.out.contains(
                "\(dir)/a.test.lua:5: expectation failed: image snapshot 'rows' was written earlier in this run (by \(dir)/a.test.lua) with a different image: give each expectImageSnapshot its own name\n"
            ))
        expectEqual(result.out.components(separatedBy: "note: image snapshot written:").count, 3)
        expect(
            try PNGFile.read(dir + "/__snapshots__/a.test.lua/rows.png")
                == PNGFile.read(dir + "/__snapshots__/b.test.lua/rows.png"))
    }

    /// A snapshot named `p.after` would be stored as `p.after.png`, the picture a mismatch of
    /// `p` writes (issue 30.5): refused at its line, as any name that cannot be its own file.
    @Test func aNameThatIsAReviewPictureIsRefused() throws {
        for name in ["p.after", "p.diff"] {
            let dir = try TestCommandTests.folder([
                "rows.lua": TestCommandTests.rows,
                "t.test.lua": "-- layout: rows.lua\nexpectImageSnapshot(\"\(name)\")\n",
            ])
            let result = TestCommandTests.run(dir, "--no-ci")
            expectEqual(result.status, 1)
            let ending = name.hasSuffix("after") ? ".after" : ".diff"
            expect(
                result.out.contains(
                    "\(dir)/t.test.lua:2: expectImageSnapshot: invalid snapshot name \"\(name)\": '\(name)' ends in '\(ending)': \(name).png is the review picture a mismatch of 'p' writes"
                ))
            expect(!FileManager.default.fileExists(atPath: dir + "/__snapshots__"))
        }
    }
}
