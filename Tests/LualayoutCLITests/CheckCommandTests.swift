import Foundation
import TestExpectations
import Testing

@Suite("lualayout check")
struct CheckCommandTests {
    /// The report less its timing line (the only part that varies between runs).
    private func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("time: ") }.joined(
            separator: "\n")
    }

    @Test func catchesAMisspelledHook() throws {
        let script = try temporaryFile(
            "layout.lua",
            """
            local layout = flow{ itemSize = {100, 50}, sizeForItem = function(cv, s, i) return 100, 50 end }
            layout.helpers = {}
            function layout.atributes(cv, a) a.alpha = 0.5 end
            return layout
            """)
        let result = lualayout("check", script, "--items", "2")
        expectEqual(result.status, 0)
        expectEqual(result.err, "")
        #expect(
            withoutTimes(result.out) == """
                \(script): flow layout, 2 items in 1 section
                  properties: itemSize
                  callbacks:  sizeForItem
                  hooks:      none
                  unknown fields (not read by the engine): helpers
                2 elements: 2 cells, 0 supplementary, 0 decoration
                content size: 375×50
                1 warning:
                  \(script):3: warning: unknown field 'atributes' in the layout table (did you mean 'attributes'?)

                """)
        expectContains(result.out, "\ntime: load ")
        expectContains(result.out, ", prepare ")
        expectContains(result.out, " ms, whole-layout query ")

        let strict = lualayout("check", script, "--items", "2", "--strict")
        expectEqual(strict.status, 1)
        expectEqual(strict.out, "")
        expect(
            strict.err
                == "\(script):3: unknown field 'atributes' in the layout table (did you mean 'attributes'?) (strict mode)\n"
        )
    }

    /// Cells [0, 0] (0…100 × 0…100) and [0, 1] (50…150 × 50…150) share a 50×50 square;
    /// [0, 2] (100…150 × 0…50) only touches both (at x = 100, y = 50), which is no overlap;
    /// [1, 0] (120…130 × 120…130) lies inside [0, 1], from another section. Two pairs.
    @Test func reportsOverlappingCells() throws {
        let script = try temporaryFile(
            "overlap.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 100, 100)
              out:cell(0, 1, 50, 50, 100, 100)
              out:cell(0, 2, 100, 0, 50, 50)
              out:cell(1, 0, 120, 120, 10, 10)
            end }
            """)
        let result = lualayout("check", script, "--sections", "3,1")
        expectEqual(result.status, 0)
        #expect(
            withoutTimes(result.out) == """
                \(script): custom layout, 4 items in 2 sections
                  hooks:      prepare
                  unknown fields (not read by the engine): none
                4 elements: 4 cells, 0 supplementary, 0 decoration
                content size: 150×150
                1 warning:
                  warning: 2 overlapping pairs of cells: cell [0, 0] at 0,0 100×100 and cell [0, 1] at 50,50 100×100; cell [0, 1] at 50,50 100×100 and cell [1, 0] at 120,120 10×10

                """)
    }

    /// Four cells in a column, each overlapping the next by 1 point: 3 pairs, of which the
    /// first 3 are shown and no "…" follows; a fifth cell makes 4 pairs and an ellipsis.
    @Test func showsTheFirstThreePairsAndCountsAll() throws {
        let script = try temporaryFile(
            "stack.lua",
            """
            return { prepare = function(cv, out)
              for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, 0, i * 9, 10, 10) end
            end }
            """)
        let four = lualayout("check", script, "--items", "4")
        expect(
            four.out.contains(
                "  warning: 3 overlapping pairs of cells: cell [0, 0] at 0,0 10×10 and cell [0, 1] at 0,9 10×10; cell [0, 1] at 0,9 10×10 and cell [0, 2] at 0,18 10×10; cell [0, 2] at 0,18 10×10 and cell [0, 3] at 0,27 10×10\n"
            ))
        let five = lualayout("check", script, "--items", "5")
        expectContains(five.out, "  warning: 4 overlapping pairs of cells: ")
        expectContains(five.out, "cell [0, 2] at 0,18 10×10 and cell [0, 3] at 0,27 10×10; …\n")
    }

    /// The content is declared 100×100: the cell at 90…110 across and the header at y = −1
    /// leave it; the decoration exactly filling it does not.
    @Test func reportsElementsOutsideTheContentSize() throws {
        let script = try temporaryFile(
            "outside.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 50, 50)
              out:cell(0, 1, 90, 50, 20, 20)
              out:supplementary("header", 0, 0, 0, -1, 100, 1)
              out:decoration("background", 0, 0, 0, 0, 100, 100)
              out:contentSize(100, 100)
            end }
            """)
        let result = lualayout("check", script, "--items", "2")
        expectEqual(result.status, 0)
        expectContains(result.out, "4 elements: 2 cells, 1 supplementary (header 1), 1 decoration (background 1)\n")
        #expect(
            result.out.contains(
                """
                1 warning:
                  warning: 2 elements outside the content size 100×100: cell [0, 1] at 90,50 20×20; supplementary "header" [0, 0] at 0,-1 100×1

                """))
    }

    /// At scale 2 edges must be multiples of 0.5: x = 0.5 is on the grid; x = 20.25 and a
    /// width of 10.3 (far edge 20.3) are not. At scale 1 all three are off the grid.
    @Test func reportsFramesOffThePixelGrid() throws {
        let script = try temporaryFile(
            "grid.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0.5, 0, 10, 10)
              out:cell(0, 1, 20.25, 0, 10, 10)
              out:cell(0, 2, 0, 10, 10.3, 10)
            end }
            """)
        let result = lualayout("check", script, "--items", "3", "--scale", "2")
        expectEqual(result.status, 0)
        #expect(
            result.out.contains(
                """
                1 warning:
                  warning: 2 frames not on the pixel grid of scale 2 (edges at multiples of 0.5): cell [0, 1] at 20.25,0 10×10; cell [0, 2] at 0,10 10.3×10

                """))
        let atOne = lualayout("check", script, "--items", "3")
        expectContains(atOne.out, "  warning: 3 frames not on the pixel grid of scale 1 (edges at multiples of 1): ")
    }

    @Test func exitCodes() throws {
        let failing = try temporaryFile(
            "broken.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, nil, 10)
            end }
            """)
        let failed = lualayout("check", failing, "--items", "1")
        expectEqual(failed.status, 1)
        expectEqual(failed.out, "")
        expect(failed.err.hasPrefix("\(failing):2: "))

        let syntax = try temporaryFile("syntax.lua", "return {\n")
        expectEqual(lualayout("check", syntax).status, 1)

        let missing = lualayout("check", "/no/such/layout.lua")
        expectEqual(missing.status, 2)
        expectEqual(missing.err, "/no/such/layout.lua: no such script\n")

        expectEqual(lualayout("check", "Examples/grid.lua", "--items", "-1").status, 2)
        // Warnings alone never fail: the overlapping stack above exits 0.
        let warned = try temporaryFile(
            "warned.lua", "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 10.5, 10) end }")
        let result = lualayout("check", warned, "--items", "1")
        expectEqual(result.status, 0)
        expectContains(result.out, "1 warning:")
    }

    /// 7,000 cells 1 point wide, 2 apart, each the whole 30,000-point height: the content is
    /// taller than wide, so the sweep runs down and every cell stays open; 7,000 · 6,999 / 2
    /// = 24,496,500 comparisons pass the 20,000,000 the search allows. Nothing overlaps
    /// before it stops, and the report says the search did not finish.
    @Test func aPileOfColumnsStopsTheSearch() throws {
        let script = try temporaryFile(
            "columns.lua",
            """
            return { prepare = function(cv, out)
              for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, i * 2, 0, 1, 30000) end
            end }
            """)
        let result = lualayout("check", script, "--items", "7000")
        expectEqual(result.status, 0)
        #expect(
            result.out.contains(
                """
                1 warning:
                  warning: overlapping cells not checked to the end: more than 20000000 pairs of cells side by side across the scroll axis

                """))
    }

    /// 100,000 cells in rows of three, each row overlapping the next by 5 points: the sweep
    /// finds every pair (each row meets only its neighbours), under its 20,000,000-pair cap.
    /// No clock here: timing belongs in the benchmarks, not in unit tests.
    @Test func findsEveryPairOnLargeLayouts() throws {
        let script = try temporaryFile(
            "rows.lua",
            """
            return { prepare = function(cv, out)
              for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, (i % 3) * 100, (i // 3) * 45, 100, 50) end
            end }
            """)
        let result = lualayout("check", script, "--items", "99999")
        expectEqual(result.status, 0)
        // 33,333 rows; each of the 33,332 row boundaries puts every cell of the lower row
        // over the one above it (same column): 3 · 33,332 = 99,996 pairs.
        expectContains(result.out, "  warning: 99996 overlapping pairs of cells: ")
    }

    /// UIKit places an orthogonal section's later groups past the content's right edge: `check`
    /// does not call them outside. Examples/compositional/orthogonal-sections.lua, 20 items at
    /// @2x: one sideways section 375 wide whose groups run to x = 3·318.5 + … past 375; its
    /// cells stay inside the content's height (266.5), the only axis checked for them.
    @Test func orthogonalCellsPastTheEdgeAreNotOutside() throws {
        let result = lualayout("check", "Examples/compositional/orthogonal-sections.lua", "--scale", "2")
        expectEqual(result.status, 0)
        expectContains(result.out, "content size: 375×266.5\n")
        expect(!result.out.contains("outside the content size"), "\(result.out)")
        // A cell that is outside across the section's axis is still reported.
        let script = try temporaryFile(
            "layout.lua",
            """
            local C = compositional
            local item = C.item{ width = C.absolute(100), height = C.absolute(50) }
            local section = C.section{
              group = C.group{
                axis = "horizontal", width = C.absolute(100), height = C.absolute(50), subitem = item, count = 1,
              },
              orthogonalScrollingBehavior = "continuous",
            }
            return compositional{
              section = section,
              attributes = function(cv, a) if a.item == 4 then a.y = a.y + 500 end end,
            }
            """)
        let moved = lualayout("check", script, "--items", "5")
        expectEqual(moved.status, 0)
        expectContains(moved.out, "warning: 1 element outside the content size 375×50: cell [0, 4]", "\(moved.out)")
    }
}
