import LayoutEngine
import TestExpectations
import Testing
@testable import LualayoutCLI
@testable import ScriptLayout

/// `lualayout bench`: where it queries, and what its report counts.
@Suite("bench command")
struct BenchCommandTests {
    /// A 100×200 viewport over content 1000 tall overflows by 800 down: queries at 0, ¼, ½, ¾
    /// and all of it, y = 0, 200, 400, 600, 800.
    @Test func queriesFiveViewportsAlongTheLongerOverflow() {
        let vertical = BenchCommand.viewports(
            bounds: Rect(x: 0, y: 0, width: 100, height: 200),
            content: Size(width: 100, height: 1000))
        expectEqual(vertical.map(\.y), [0, 200, 400, 600, 800])
        expect(vertical.allSatisfy { $0.width == 100 && $0.height == 200 && $0.x == 0 })
        // 500 wide, as tall as the viewport: overflows by 400 across, x = 0, 100, 200, 300, 400.
        let horizontal = BenchCommand.viewports(
            bounds: Rect(x: 0, y: 0, width: 100, height: 200),
            content: Size(width: 500, height: 200))
        expectEqual(horizontal.map(\.x), [0, 100, 200, 300, 400])
    }

    @Test func namesTheCallbackBeingEvaluated() {
        expectEqual(CallProfile.callbackName("sizeForItem(cv, 0, 3)"), "sizeForItem")
        expectEqual(CallProfile.callbackName("attributes(cv, a) for cell [0, 1]"), "attributes")
        // The engine re-reading the layout table is no callback: no row called `the`.
        expect(CallProfile.callbackName("the fields of the layout table") == nil)
    }

    /// `layoutAttributesForElements` is 27 characters, wider than the 24 of the first column:
    /// the column widens to 27 + 2 = 29 for every row, so each row's second column starts at
    /// offset 29 — `calls/run` in the header, `3` in the callback's row, `1.5 ms` for `load`.
    @Test func keepsTheColumnsOfALongCallbackName() {
        let report = BenchCommand.report(
            script: "s.lua", items: 1, elements: 1, runs: 1, load: 0.0015, phases: [("prepare", [0.002])],
            outputBytes: 10,
            callbacks: [
                CallProfile.Entry(name: "layoutAttributesForElements", calls: 3, seconds: 0.003),
                CallProfile.Entry(name: "sizeForItem", calls: 1, seconds: 0.001),
            ])
        let rows = report.split(separator: "\n").map(String.init)
        func column2(_ prefix: String) -> Substring? {
            rows.first { $0.hasPrefix(prefix) }.map { $0.dropFirst(29).prefix(9) }
        }
        expectEqual(column2("callback"), "calls/run")
        expectEqual(column2("layoutAttributesForElements"), "3        ")
        expectEqual(column2("sizeForItem"), "1        ")
        expectEqual(column2("load")?.hasPrefix("1.5 ms"), true)
        expectEqual(column2("phase")?.hasPrefix("median"), true)
    }

    /// A layout that defines `layoutAttributesForElements` is profiled under that name, and
    /// no row is named after the engine's own reading of the layout table.
    @Test func listsOnlyTheScriptsCallbacks() throws {
        let script = try temporaryFile(
            "bench-elements.lua",
            """
            return flow{
              itemSize = {10, 10},
              layoutAttributesForElements = function(cv, rect, list) return list end,
            }
            """)
        let result = lualayout("bench", script, "--items", "4", "--runs", "1")
        expectEqual(result.status, 0, "\(result.err)")
        let rows = result.out.split(separator: "\n").map(String.init)
        expect(!rows.contains { $0.hasPrefix("the ") })
        // Called for each of the 5 viewport queries and once for the whole listing the output
        // writes: 6 calls in the run, in the widened first column of 29.
        expect(rows.contains { $0.hasPrefix("layoutAttributesForElements  6 ") }, "\(result.out)")
    }

    /// 12 items, 3 runs: sizeForItem runs once per item per prepare, so 12 calls a run; the
    /// attributes hook once per element listed: 12 for the output, plus those the five
    /// viewport queries return (all 12 fit in the first, 10-point cells in a 375×667 view).
    @Test func countsCallsPerRun() throws {
        let script = try temporaryFile(
            "bench.lua",
            """
            return flow{
              minimumLineSpacing = 0, minimumInteritemSpacing = 0,
              sizeForItem = function(cv, section, item) return 10, 10 end,
              attributes = function(cv, a) end,
            }
            """)
        let result = lualayout("bench", script, "--items", "12", "--runs", "3")
        expectEqual(result.status, 0, "\(result.err)")
        let rows = result.out.split(separator: "\n").map(String.init)
        expectEqual(rows.first?.hasSuffix(": 12 items, 12 elements, 3 runs"), true)
        expect(rows.contains { $0.hasPrefix("sizeForItem             12 ") })
        // Content 375×10 fits the viewport: every query sees all 12 cells, 5 × 12 + 12 = 72.
        expect(rows.contains { $0.hasPrefix("attributes              72 ") })
    }
}
