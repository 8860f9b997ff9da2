import Foundation
import TestExpectations
import Testing

/// `--fit` and `--label` through the commands that draw: run, update and transition.
@Suite("Pictures from the commands")
struct PictureCommandTests {
    /// The case: 60 waterfall items, 2 columns of 100-high items with gaps of 10 under
    /// a 40-high header and insets of 10: content 375 × (40 + 10 + 30·100 + 29·10 + 10) = 375×3350.
    /// Fit 600: min((600 − 32) / 375, (600 − 60) / 3350) = 540 / 3350 px per point, so
    /// 375 · 540 / 3350 + 32 = 92.45 wide and exactly 600 high.
    @Test func fitOfATallWaterfall() {
        let result = lualayout("run", "Examples/waterfall.lua", "--items", "60", "--format", "svg", "--fit", "600")
        expectEqual(result.status, 0, "\(result.err)")
        expect(result.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"92.45\" height=\"600\" "))
    }

    /// A whole-layout picture is sized to the content, not the viewport (issue 34, item 17): one
    /// 200×100 cell in a 200×600 view. The natural width is 480 (the least), so 448 pixels draw
    /// 200 points (2.24 px/pt) and the picture is 100 · 2.24 + 32 + 28 = 284 high, not the
    /// 600 · 2.24 + 60 = 1404 of the viewport; the viewport's outline runs off its bottom.
    /// `--visible` still draws the viewport.
    @Test func wholeLayoutPicturesAreSizedToTheContent() throws {
        let script = try temporaryFile(
            "one.lua",
            "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 200, 100) out:contentSize(200, 100) end }")
        let whole = lualayout("run", script, "--items", "1", "--bounds", "200x600", "--format", "svg")
        expectEqual(whole.status, 0, "\(whole.err)")
        expect(whole.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"284\" "))
        let visible = lualayout("run", script, "--items", "1", "--bounds", "200x600", "--format", "svg", "--visible")
        expect(visible.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"1404\" "))
    }

    static let events = """
        local fields = { { title = "Standup", label = "S" }, { label = "Review" }, {} }
        return { prepare = function(cv, out)
          for item = 0, cv:numberOfItems(0) - 1 do out:cell(0, item, 0, item * 110, 200, 100, fields[item + 1]) end
          out:contentSize(200, 320)
        end }
        """

    /// Default: the `label` field, else the index path `[0, 2]`; `--label title` picks the
    /// title where there is one. Every element has a tooltip with its custom fields.
    @Test func labelsComeFromCustomFields() throws {
        let script = try temporaryFile("events.lua", Self.events)
        let plain = lualayout("run", script, "--items", "3", "--format", "svg")
        expectEqual(plain.status, 0, "\(plain.err)")
        expect(
            plain.out.contains(">S</text>") && plain.out.contains(">Review</text>")
                && plain.out.contains(">[0, 2]</text>"))
        expectContains(plain.out, "<title>cell [0, 0]\nframe 0,0 200×100\nlabel: S\ntitle: Standup</title>")
        let titled = lualayout("run", script, "--items", "3", "--format", "html", "--label", "title")
        expect(
            titled.out.contains(">Standup</text>") && titled.out.contains(">Review</text>")
                && !titled.out.contains(">S</text>"))
        let page = lualayout(
            "update", script, "--items", "3", "--delete", "0:2", "--format", "html", "--label", "title")
        expectEqual(page.status, 0, "\(page.err)")
        expectContains(page.out, ">Standup</text>")
        expectContains(page.out, "<title>delete · cell [0, 2]\nframe 0,220 200×100 → 0,220 200×100</title>")
    }

    /// Cells 100 × 100 shrink to 20 and 10 wide. The page (natural size: the 320×480 viewport,
    /// (480 − 32) / 320 = 1.4 px per point) starts "[0, 0]" (6 characters) at
    /// min(12 / 1.4 = 8.57, 80, 90 / 3.6 = 25) = 8.57 points and ends it at 18 / 3.6 = 5;
    /// "[0, 1]" ends at 9 / 3.6 = 2.5, under the 6 px minimum (4.29 points): 0, hidden.
    @Test func transitionLabelsShrinkWithTheirBoxes() throws {
        let wide = try temporaryFile(
            "wide.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 100, 100); out:cell(0, 1, 110, 0, 100, 100)
            end }
            """)
        let narrow = try temporaryFile(
            "narrow.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 20, 100); out:cell(0, 1, 110, 0, 10, 100)
            end }
            """)
        let result = lualayout("transition", wide, narrow, "--items", "2", "--bounds", "320x480", "--format", "html")
        expectEqual(result.status, 0, "\(result.err)")
        expect(
            result.out.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"picture\" width=\"480\" height=\"732\"")
        )
        expectContains(result.out, "font-size=\"8.57\" data-font=\"8.57 5\">[0, 0]</text>")
        expectContains(result.out, "font-size=\"8.57\" data-font=\"8.57 0\">[0, 1]</text>")
        expectContains(result.out, "<g id=\"elements\" data-min-font=\"4.29\">")
    }

    /// The page draws negative zIndex elements first, with the same groups as `run`: the
    /// backdrop, then the inserted cell [0, 0] and the old cell, now [0, 1].
    @Test func updatePageDrawsInZIndexOrder() throws {
        let script = try temporaryFile(
            "backdrop.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 100, 100)
              out:decoration("backdrop", 0, 0, 0, 0, 320, 100, { zIndex = -1 })
            end }
            """)
        let page = lualayout("update", script, "--items", "1", "--insert", "0:0", "--format", "html")
        expectEqual(page.status, 0, "\(page.err)")
        let groups = page.out.split(separator: "\n").filter { $0.hasPrefix("  <g class=") }
        expectEqual(groups.count, 3)
        expectEqual(groups.first?.contains("data-kind=\"backdrop\""), true)
    }

    /// `watch --serve --label title`: the live preview labels with the field too.
    @Test func previewUsesTheLabelField() throws {
        let script = try temporaryFile("events.lua", Self.events)
        let preview = try PreviewTests.Preview(
            script: script, arguments: ["--items", "3", "--bounds", "320x480", "--label", "title"])
        try require(preview.port > 0)
        let svg = try preview.get("/render.svg?x=0&y=0")
        expect(svg.contains(">Standup</text>") && svg.contains(">Review</text>") && svg.contains(">[0, 2]</text>"))
    }
}
