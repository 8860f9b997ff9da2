import Foundation
import TestExpectations
import Testing
@testable import LualayoutCLI

/// `expectEqual`, `expectNear`, `expectFrame` through `lualayout test` (issue 24): each failure
/// prints both values in full, and `expectFrame` names the element and the field.
@Suite("lualayout test (expectations)")
struct TestExpectationsTests {
    /// rows.lua at --items 3: cells at x = 10, y = 10 + 60·i (10, 70, 130), 100×50; content
    /// height 60·3 = 180. 0.1 + 0.2 is 0.30000000000000004 in doubles (the nearest doubles to
    /// 0.1 and 0.2 sum above 0.3's), 4.4e-17 from 0.3: within 1e-9. 12.5 is 0.5 from 12.
    @Test func failuresPrintBothValuesInFull() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "t.test.lua": """
            -- layout: rows.lua
            -- options: --items 3 --bounds 200x300
            expectEqual(contentSize().height, 180, "content height")
            expectEqual(0.1 + 0.2, 0.3)
            expectNear(0.1 + 0.2, 0.3, 1e-9)
            expectNear(12.5, 12, 0.1, "near")
            expectFrame(0, 1, {10, 70, 100, 50})
            expectFrame(0, 2, {x = 10, y = 131, w = 100, h = 50})
            expectFrame(0, 2, {10, 131, 100, 50}, 1)
            expectFrame(0, 9, {0, 0, 1, 1})
            expectEqual({1, {a = "x"}}, {1, {a = "y"}})
            expectEqual(nil, false)

            """,
        ])
        let result = TestCommandTests.run(dir)
        expectEqual(result.status, 1)
        let t = dir + "/t.test.lua"
        #expect(
            result.out == """
                FAIL  \(t)  (10 checks, 6 failed, T ms)
                    \(t):4: expectation failed: got 0.30000000000000004, expected 0.3
                    \(t):6: expectation failed: near: got 12.5, expected 12 ± 0.1 (off by 0.5)
                    \(t):8: expectation failed: cell [0, 2]: y got 130, expected 131 (frame {10, 130, 100, 50})
                    \(t):10: expectation failed: expectFrame: cell [0, 9] does not exist
                    \(t):11: expectation failed: got {1, {a = "x"}}, expected {1, {a = "y"}}
                    \(t):12: expectation failed: got nil, expected false
                0 passed, 1 failed

                """)
    }

    /// Misuse is an error at its line, like the other scenario globals.
    @Test func misuseIsLocated() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": "-- layout: rows.lua\nexpectNear(1, 1, -1)\n",
            "b.test.lua": "-- layout: rows.lua\nexpectFrame(0, 0, 5)\n",
            "c.test.lua": "-- layout: rows.lua\nexpectEqual(1)\n",
        ])
        let result = TestCommandTests.run(dir)
        expectEqual(result.status, 1)
        expect(result.out.contains("\(dir)/a.test.lua:2: expectNear expects a tolerance ≥ 0, got -1"))
        expect(
            result.out.contains(
                "\(dir)/b.test.lua:2: expectFrame expects a frame {x, y, w, h} after the item, got number"))
        expect(result.out.contains("\(dir)/c.test.lua:2: expectEqual expects an actual and an expected value"))
    }
}
