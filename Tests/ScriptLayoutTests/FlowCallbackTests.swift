import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

@Suite("Flow callbacks")
struct FlowCallbackTests {
    @Test func eachCallbackRunsOncePerItemOrSectionPerPrepare() throws {
        let layout = try ScriptLayout(
            source: """
                counts = {}
                local function count(name) counts[name] = (counts[name] or 0) + 1 end
                return flow{
                  sizeForItem = function(cv, s, i) count("size") return 40, 40 end,
                  insetForSection = function(cv, s) count("inset") return {0, 0, 0, 0} end,
                  minimumLineSpacingForSection = function(cv, s) count("line") return 10 end,
                  minimumInteritemSpacingForSection = function(cv, s) count("inter") return 10 end,
                  referenceSizeForHeader = function(cv, s) count("header") return 0, 20 end,
                  referenceSizeForFooter = function(cv, s) count("footer") return {0, 0} end,
                  attributes = function(cv, a)
                    for name, n in pairs(counts) do a[name .. "Calls"] = n end
                  end,
                }
                """)
        let context = makeContext(counts: [7, 0, 5])
        try layout.prepare(in: context)
        _ = try layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 100), context: context)
        _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(2, 4), context: context)
        let element = try require(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 0), context: context))
        let expected: [String: LayoutValue] = [
            "sizeCalls": .number(12), "insetCalls": .number(3), "lineCalls": .number(3), "interCalls": .number(3),
            "headerCalls": .number(3), "footerCalls": .number(3),
        ]
        expectEqual(element.custom, expected)
    }

    /// Properties and callbacks may be inherited through a metatable, as a Lua "subclass"
    /// would have them; hooks added after `return` are picked up at the next prepare.
    @Test func inheritedFieldsCount() throws {
        let flow = try run(
            """
            local base = { minimumInteritemSpacing = 20, sizeForItem = function(cv, s, i) return 100, 40 end }
            return setmetatable(flow{}, {__index = base})
            """, makeContext(width: 320, counts: [3]))
        // Grid of 100-wide items, spacing 20: k = ⌊(320 + 20) / 120⌋ = 2, gap = 320 − 200 = 120.
        expect(
            flow.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 220, y: 0, width: 100, height: 40),
                Rect(x: 0, y: 50, width: 100, height: 40),
            ])
        let custom = try run(
            """
            local Base = {}
            function Base.prepare(cv, out) out:cell(0, 0, 1, 2, 3, 4) end
            return setmetatable({}, {__index = Base})
            """)
        expectEqual(custom.map(\.frame), [Rect(x: 1, y: 2, width: 3, height: 4)])
    }

    @Test func callbackSizesAcceptEveryContractShape() throws {
        // Sizes {w, h}, {width=, height=} and two numbers; D = 320 grid of 3 equal items after
        // all three agree on 100×50: k = floor((320 + 10) / 110) = 3, gap = (320 − 300) / 2 = 10.
        let elements = try run(
            """
            local shapes = {
              function() return {100, 50} end,
              function() return {width = 100, height = 50} end,
              function() return 100, 50 end,
            }
            return flow{ sizeForItem = function(cv, s, i) return shapes[i + 1]() end }
            """, makeContext(counts: [3]))
        expect(
            elements.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 110, y: 0, width: 100, height: 50),
                Rect(x: 220, y: 0, width: 100, height: 50),
            ])
    }
}
