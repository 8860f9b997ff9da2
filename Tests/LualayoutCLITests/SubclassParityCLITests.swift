import Foundation
import TestExpectations
import Testing

/// The command-line side of issue 9: collection-view insets, single-element queries, strict
/// names, section data, no sections, and the data after an update.
@Suite("lualayout: subclass parity options")
struct SubclassParityCLITests {
    /// The frames of a JSON run's elements, as `[x, y, width, height]`.
    private func frames(_ output: String) throws -> [[Double]] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let elements = object?["elements"] as? [[String: Any]] ?? []
        return elements.map { element in
            let frame = element["frame"] as? [String: Double] ?? [:]
            return [frame["x"] ?? .nan, frame["y"] ?? .nan, frame["width"] ?? .nan, frame["height"] ?? .nan]
        }
    }

    private func elements(_ output: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return object?["elements"] as? [[String: Any]] ?? []
    }

    /// 375 wide less a content inset of 20 at each side: 335 for three 100-point items with
    /// gaps of 17.5, x = 0, 117.5 → 118, 235; the safe area's 44 on top changes no x.
    @Test func insetsNarrowTheFlow() throws {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let result = lualayout(
            "run", script, "--items", "3", "--bounds", "375x667", "--content-inset", "0,20,0,20",
            "--safe-area", "44,0,34,0")
        expectEqual(result.status, 0, "\(result.err)")
        expectEqual(try frames(result.out).map { $0[0] }, [0, 118, 235])
        // A viewport scrolled to its resting place above the content: offset −(20 + 44) = −64.
        let inset = try temporaryFile(
            "layout.lua",
            """
            return { prepare = function(cv, out)
              local a = cv.adjustedContentInset
              out:cell(0, 0, 0, 0, a.top, a.left)
            end }
            """)
        let visible = lualayout(
            "run", inset, "--items", "1", "--content-inset", "20,5,0,0", "--safe-area", "44,0,0,0",
            "--visible", "--offset", "0,-64")
        expectEqual(visible.status, 0, "\(visible.err)")
        expectEqual(try frames(visible.out), [[0, 0, 64, 5]])
        let bad = lualayout("run", inset, "--content-inset", "1,2,3")
        expectEqual(bad.status, 2)
        expectContains(bad.err, "--content-inset")
    }

    @Test func oneElementAtATime() throws {
        let script = try temporaryFile(
            "layout.lua",
            """
            local layout = flow{ itemSize = {100, 40}, headerReferenceSize = {0, 30} }
            function layout.attributes(cv, a) a.seen = true end
            return layout
            """)
        let item = lualayout("run", script, "--items", "6", "--bounds", "320x480", "--item", "0:4")
        expectEqual(item.status, 0, "\(item.err)")
        // Three 100-point columns in 320 (gaps of 10): item 4 is in row 2, column 2, below the
        // 30-point header: (110, 30 + 40 + 10).
        expectEqual(try frames(item.out), [[110, 80, 100, 40]])
        expectEqual(try elements(item.out).first?["custom"] as? [String: Bool], ["seen": true])
        let header = lualayout("run", script, "--items", "6", "--bounds", "320x480", "--supplementary", "header:0:0")
        expectEqual(try frames(header.out), [[0, 0, 320, 30]])
        let missing = lualayout("run", script, "--items", "6", "--item", "0:6")
        expectEqual(missing.status, 1)
        expectEqual(missing.err, "no such element: cell [0, 6]\n")
        expectEqual(lualayout("run", script, "--item", "0:1", "--visible").status, 2)
    }

    /// docs/parity.md §2 on the command line: `--decoration KIND:S:I:J…` names a deep index path.
    /// Examples/tree-connectors.lua (TreeConnectorsExampleTests derives the frames): the line
    /// {2, 0, 1} runs from UIResponder's right edge (x 230) 20 across, from its centre y 25 − 1
    /// to UIViewController's centre 75 + 1: (230, 24, 20, 52). Its prefix {2, 0} is no element.
    @Test func deepIndexPathsOnTheCommandLine() throws {
        let tree = [
            "run", "Examples/tree-connectors.lua", "--data", "Examples/tree-connectors.json", "--bounds", "400x300",
        ]
        let line = lualayout(tree + ["--decoration", "line:2:0:1"])
        expectEqual(line.status, 0, "\(line.err)")
        expectEqual(try frames(line.out), [[230, 24, 20, 52]])
        expectEqual(try elements(line.out).first?["indexPath"] as? [Int], [2, 0, 1])
        let prefix = lualayout(tree + ["--decoration", "line:2:0"])
        expectEqual(prefix.status, 1)
        expectEqual(prefix.err, "no such element: decoration \"line\" [2, 0]\n")
        // A kind may end in ":N": "badge:2" at {0, 1} is found when no "badge" sits at {2, 0, 1}.
        let badges = try temporaryFile(
            "badges.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 10, 10)
              out:supplementary("badge:2", 0, 1, 5, 6, 7, 8)
              out:contentSize(20, 20)
            end }
            """)
        let badge = lualayout("run", badges, "--items", "1", "--supplementary", "badge:2:0:1")
        expectEqual(badge.status, 0, "\(badge.err)")
        expectEqual(try frames(badge.out), [[5, 6, 7, 8]])
        expectEqual(lualayout("run", badges, "--items", "1", "--supplementary", "0:1").status, 2)
    }

    @Test func misspelledHooksWarnOrFail() throws {
        let script = try temporaryFile(
            "layout.lua",
            """
            local layout = flow{ itemSize = {10, 10} }
            layout.attribute = function(cv, a) end
            return layout
            """)
        let relaxed = lualayout("run", script, "--items", "1")
        expectEqual(relaxed.status, 0)
        expect(
            relaxed.err
                == "\(script):2: warning: unknown field 'attribute' in the layout table (did you mean 'attributes'?)\n")
        let strict = lualayout("run", script, "--items", "1", "--strict")
        expectEqual(strict.status, 1)
        expect(
            strict.err.hasPrefix(
                "\(script):2: unknown field 'attribute' in the layout table (did you mean 'attributes'?) (strict mode)")
        )
    }

    /// Section objects mix with the other shapes; their data reaches `cv:sectionData`.
    @Test func sectionDataFromTheDataFile() throws {
        let data = try temporaryFile(
            "data.json",
            """
            {"sections": [{"items": [{"w": 7}], "data": {"title": "Fruit"}}, {"count": 2}, [1, 2], 0]}
            """)
        let script = try temporaryFile(
            "layout.lua",
            """
            return { prepare = function(cv, out)
              local titles = {}
              for s = 0, cv.numberOfSections - 1 do
                local d = cv:sectionData(s)
                titles[#titles + 1] = d and d.title or "-"
              end
              out:cell(0, 0, 0, 0, cv:itemData(0, 0).w, cv:numberOfItems(1) * 10 + cv:numberOfItems(2),
                       {titles = table.concat(titles, ",")})
            end }
            """)
        let result = lualayout("run", script, "--data", data)
        expectEqual(result.status, 0, "\(result.err)")
        expectEqual(try frames(result.out), [[0, 0, 7, 22]])
        expectEqual(try elements(result.out).first?["custom"] as? [String: String], ["titles": "Fruit,-,-,-"])
        let both = try temporaryFile("data.json", #"{"sections": [{"items": [], "count": 0}]}"#)
        let failed = lualayout("run", script, "--data", both)
        expectEqual(failed.status, 2)
        expectEqual(failed.err, "\(both): sections[0]: give \"items\" or \"count\", not both\n")
    }

    @Test func noSectionsAtAll() throws {
        let script = try temporaryFile(
            "layout.lua",
            """
            return { prepare = function(cv, out) out:decoration("count", 0, 0, 0, 0, cv.numberOfSections + 1, 1) end }
            """)
        let result = lualayout("run", script, "--sections", "")
        expectEqual(result.status, 0, "\(result.err)")
        expectEqual(try frames(result.out), [[0, 0, 1, 1]])
    }

    /// A data-driven flow: widths come from the data. Inserting item 2 needs its payload,
    /// which only the data after the update has.
    @Test func theDataAfterAnUpdate() throws {
        let script = try temporaryFile(
            "layout.lua",
            """
            return flow{ sizeForItem = function(cv, s, i) return cv:itemData(s, i).width, 10 end }
            """)
        let before = try temporaryFile("before.json", #"{"sections": [[{"width": 10}, {"width": 20}]]}"#)
        let after = try temporaryFile("after.json", #"{"sections": [[{"width": 10}, {"width": 20}, {"width": 30}]]}"#)
        let planned = lualayout("update", script, "--data", before, "--insert", "0:2", "--data-after", after)
        expectEqual(planned.status, 0, "\(planned.err)")
        #expect(planned.out.contains(#""width": 30"#))
        // Without it the inserted item has no payload: the error says which layout failed.
        let missing = lualayout("update", script, "--data", before, "--insert", "0:2")
        expectEqual(missing.status, 1)
        expectContains(missing.err, "while evaluating sizeForItem(cv, 0, 2) in the layout after the update")
        let wrong = try temporaryFile("wrong.json", #"{"sections": [[{"width": 10}]]}"#)
        let disagreeing = lualayout("update", script, "--data", before, "--insert", "0:2", "--data-after", wrong)
        expectEqual(disagreeing.status, 2)
        expect(
            disagreeing.err
                == "\(wrong): section 0 of the data after the update has 1 item, but the batch leaves 3 (the count before, less deletions, plus insertions)\n"
        )
    }
}

/// `update --data-after` on the waterfall example: the inserted item's height comes from the
/// data after the update.
@Suite("lualayout update --data-after on an example")
struct DataAfterExampleTests {
    private func plan(_ extra: [String]) throws -> [String: Any] {
        let result = lualayout(
            [
                "update", "Examples/waterfall.lua", "--data", "Examples/waterfall.json", "--bounds", "340x300",
                "--insert", "0:8",
            ] + extra)
        expectEqual(result.status, 0, "\(result.err)")
        return try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any] ?? [:]
    }

    private func to(_ plan: [String: Any], _ category: String, _ indexPath: [Int]) -> [String: Double]? {
        let elements = plan["elements"] as? [[String: Any]] ?? []
        let entry = elements.first {
            $0["category"] as? String == category && $0["indexPathAfter"] as? [Int] == indexPath
        }
        return (entry?["to"] as? [String: Any])?["frame"] as? [String: Double]
    }

    /// After item 7 the columns' next free y are 480 (left) and 470 (right): item 8 goes right,
    /// at (175, 470). With the data after the update it is 200 high, so section 0 ends at
    /// 670 + 10 = 680 and section 1's header moves from 480 to 680 (content 900 + 200). Without
    /// it the item has no payload and takes the default 100: the section ends at 580.
    @Test func theInsertedItemTakesItsHeightFromTheDataAfter() throws {
        let withData = try plan(["--data-after", "Examples/waterfall-after-insert.json"])
        expectEqual(to(withData, "cell", [0, 8]), ["x": 175, "y": 470, "width": 155, "height": 200])
        expectEqual(to(withData, "supplementary", [1, 0])?["y"], 680)
        expectEqual((withData["contentSizeAfter"] as? [String: Double])?["height"], 1100)
        let without = try plan([])
        expectEqual(to(without, "cell", [0, 8]), ["x": 175, "y": 470, "width": 155, "height": 100])
        expectEqual(to(without, "supplementary", [1, 0])?["y"], 580)
    }
}
