import Foundation
import TestExpectations
import Testing

@Suite("lualayout update")
struct UpdateCommandTests {
    /// 100×100 items, 320 wide, spacing 10: columns at x = 0, 110, 220. Deleting 0:0 of three
    /// items slides old 1 and 2 one column left; old 0 fades out in place.
    @Test func printsThePlan() throws {
        let script = try temporaryFile("grid.lua", "return flow{ itemSize = {100, 100} }")
        let result = lualayout("update", script, "--items", "3", "--bounds", "320x480", "--delete", "0:0")
        expectEqual(result.status, 0, "\(result.err)")
        let cell = #""category": "cell""#
        func element(_ item: Int, _ x: Int, alpha: Int = 1) -> String {
            #"{"category": "cell", "indexPath": [0, \#(item)], "frame": {"x": \#(x), "y": 0, "width": 100, "height": 100}, "alpha": \#(alpha), "zIndex": 0, "hidden": false}"#
        }
        #expect(
            result.out == """
                {
                  "bounds": {"x": 0, "y": 0, "width": 320, "height": 480},
                  "contentSizeBefore": {"width": 320, "height": 100},
                  "contentSizeAfter": {"width": 320, "height": 100},
                  "updates": [{"updateAction": "delete", "indexPathBeforeUpdate": [0, 0], "indexPathAfterUpdate": null}],
                  "elements": [
                    {"change": "persist", \(cell), "indexPathBefore": [0, 1], "indexPathAfter": [0, 0], "from": \(element(1, 110)), "to": \(element(0, 0))},
                    {"change": "delete", \(cell), "indexPathBefore": [0, 0], "indexPathAfter": null, "from": \(element(0, 0)), "to": \(element(0, 0, alpha: 0))},
                    {"change": "persist", \(cell), "indexPathBefore": [0, 2], "indexPathAfter": [0, 1], "from": \(element(2, 220)), "to": \(element(1, 110))}
                  ]
                }

                """)
    }

    /// Half way, old 1 is between x 110 and 0 (55), old 2 between 220 and 110 (165), and the
    /// deleted item is half faded.
    @Test func printsTheElementsAtAProgress() throws {
        let script = try temporaryFile("grid.lua", "return flow{ itemSize = {100, 100} }")
        let result = lualayout(
            "update", script, "--items", "3", "--bounds", "320x480", "--delete", "0:0", "--progress", "0.5")
        #expect(result.out.contains(#""progress": 0.5"#))
        #expect(
            result.out.contains(
                #"{"category": "cell", "indexPath": [0, 0], "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "alpha": 0.5"#
            ))
        #expect(result.out.contains(#""frame": {"x": 55, "y": 0, "width": 100, "height": 100}, "alpha": 1"#))
        #expect(result.out.contains(#""frame": {"x": 165, "y": 0, "width": 100, "height": 100}, "alpha": 1"#))
    }

    @Test func sectionsMoveAndInsertWithItems() throws {
        let script = try temporaryFile("grid.lua", "return flow{ itemSize = {100, 100} }")
        let result = lualayout(
            "update", script, "--sections", "1,2", "--insert-section", "0:2", "--move", "1:0=0:0", "--bounds", "320x480"
        )
        // Inserting a section holding the moved item is a conflict: it is rejected whole.
        expectEqual(result.status, 2)
        expect(
            result.err
                == "lualayout: invalid batch update: cannot move an item to [0, 0]: its section 0 is inserted with all its items\n"
        )
        // Sections [1, 2]; a new section 0 of 2 items, and old section 1 moved to new 1, so old
        // section 0 lands last: new sections [2 inserted, old 1's 2 items, old 0's item].
        let ok = lualayout(
            "update", script, "--sections", "1,2", "--insert-section", "0:2", "--move-section", "1=1", "--bounds",
            "320x480")
        expectEqual(ok.status, 0, "\(ok.err)")
        #expect(ok.out.components(separatedBy: #""change": "insert""#).count - 1 == 2)
        #expect(ok.out.contains(#""indexPathBefore": [0, 0], "indexPathAfter": [2, 0]"#))
        #expect(ok.out.contains(#""indexPathBefore": [1, 1], "indexPathAfter": [1, 1]"#))
    }

    @Test func playsInABrowserPage() throws {
        let result = lualayout("update", "Examples/fly-in.lua", "--items", "4", "--insert", "0:1", "--format", "html")
        expectEqual(result.status, 0, "\(result.err)")
        expect(result.out.hasPrefix("<!DOCTYPE html>"))
        expectContains(result.out, "<script id=\"plan\" type=\"application/json\">")
        #expect(result.out.contains(#""change": "insert""#))
        expectContains(result.out, "<input id=\"progress\" type=\"range\"")
    }

    @Test(arguments: [
        (
            ["update", "Examples/fly-in.lua", "--items", "3", "--delete", "0:7"],
            "lualayout: invalid batch update: cannot delete item [0, 7]: it does not exist before the update"
        ),
        (
            ["update", "Examples/fly-in.lua", "--items", "3", "--insert", "0:x"],
            "Error: The value '0:x' is invalid for '--insert <S:I>'"
        ),
        (
            ["update", "Examples/fly-in.lua", "--items", "3", "--progress", "2"],
            "Error: --progress must be between 0 and 1"
        ),
        (
            [
                "update", "Examples/fly-in.lua", "--items", "1", "--insert-section", "1:1999999", "--insert-section",
                "2:1000",
            ],
            "update: at most 2000000 items can be planned (the batch leaves 2001000)"
        ),
    ])
    func badBatchesExitTwo(arguments: [String], message: String) {
        let result = lualayout(arguments)
        expectEqual(result.status, 2)
        expect(result.err.hasPrefix(message), "\(result.err)")
    }
}

@Suite("lualayout transition")
struct TransitionCommandTests {
    /// cookbook-flow at 320 wide: A = 280, k = 3, gap 20 → cell 0 at (20, 10, 80, 120), cell 1 at
    /// (120, 10). table: a 40-high header, rows 44 high at y = 40 + 45·i, 320 wide. Half way, cell
    /// 0 is at (10, 25, 200, 82), cell 1 at (60, 47.5, 200, 82); the header fades in (alpha 0.5).
    @Test func interpolatesBetweenTwoScripts() {
        let result = lualayout(
            "transition", "Examples/cookbook-flow.lua", "Examples/table.lua", "--items", "2",
            "--bounds", "320x480", "--progress", "0.5")
        expectEqual(result.status, 0, "\(result.err)")
        #expect(
            result.out.contains(
                #"{"category": "cell", "indexPath": [0, 0], "frame": {"x": 10, "y": 25, "width": 200, "height": 82}"#))
        #expect(
            result.out.contains(
                #"{"category": "cell", "indexPath": [0, 1], "frame": {"x": 60, "y": 47.5, "width": 200, "height": 82}"#)
        )
        #expect(
            result.out.contains(
                #"{"category": "supplementary", "kind": "header", "indexPath": [0, 0], "frame": {"x": 0, "y": 0, "width": 320, "height": 40}, "alpha": 0.5"#
            ))
    }

    /// The html page of `--with` carries the bent path, sampled at k / 20. The same two layouts
    /// as above with Examples/bent-transition.lua: sample 10 (progress 0.5) lifts cell 0 from
    /// (10, 25) by 80 · sin(π / 2) = 80, to y −55; sample 0 is cell 0 in cookbook-flow, (20, 10,
    /// 80, 120); the header, only in the table, fades in unbent (half way: alpha 0.5 at 0, 0).
    @Test func theHTMLPageOfACustomTransitionPlaysTheBentPath() {
        let result = lualayout(
            "transition", "Examples/cookbook-flow.lua", "Examples/table.lua", "--items", "2",
            "--bounds", "320x480", "--with", "Examples/bent-transition.lua", "--format", "html")
        expectEqual(result.status, 0, "\(result.err)")
        #expect(result.out.contains(#"<script id="path" type="application/json">"#))
        #expect(result.out.contains(#"{"samples": 20, "frames": ["#))
        expectContains(result.out, "[20, 10, 80, 120, 1], ")
        expectContains(result.out, ", [10, -55, 200, 82, 1], ")
        expectContains(result.out, ", [0, 0, 320, 40, 0.5], ")
        // Without --with the page plays the straight line (no path).
        let linear = lualayout(
            "transition", "Examples/cookbook-flow.lua", "Examples/table.lua", "--items", "2",
            "--bounds", "320x480", "--format", "html")
        #expect(!linear.out.contains(#"<script id="path""#))
    }
}
