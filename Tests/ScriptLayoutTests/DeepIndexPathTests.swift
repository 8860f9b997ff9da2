import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §2: supplementary and decoration views with index paths of any depth.
@Suite("Index paths of any depth")
struct DeepIndexPathTests {
    /// Ordering compares component by component, the shorter first on a tie: [0, 1] <
    /// [0, 1, 0] < [0, 1, 2] < [0, 2]; placed in reverse, listed in that order.
    @Test func orderIsComponentByComponentShorterFirst() throws {
        let elements = try run(
            """
            return { prepare = function(cv, out)
              out:decoration("d", 0, 2, 0, 0, 1, 1)
              out:decoration("d", {0, 1, 2}, 0, 0, 1, 1)
              out:decoration("d", {0, 1, 0}, 0, 0, 1, 1)
              out:decoration("d", 0, 1, 0, 0, 1, 1)
            end }
            """)
        expectEqual(elements.map(\.indexPath.components), [[0, 1], [0, 1, 0], [0, 1, 2], [0, 2]])
        expect(LayoutIndexPath(components: [0, 1]) < LayoutIndexPath(components: [0, 1, 0]))
        expect(!(LayoutIndexPath(components: [0, 1, 0]) < LayoutIndexPath(components: [0, 1])))
    }

    /// `a.indexPath` of a deep path is the array (with section and item); the super query takes
    /// the table form.
    @Test func hooksReadAndQueryDeepPaths() throws {
        let layout = try ScriptLayout(
            source: """
                return {
                  prepare = function(cv, out)
                    out:cell(0, 0, 0, 0, 10, 10)
                    out:supplementary("line", {0, 2, 1}, 5, 5, 1, 1, {zIndex = 3})
                  end,
                  attributes = function(cv, a)
                    if a.category == "cell" then
                      local line = cv:layoutAttributesForSupplementaryElement("line", {0, 2, 1})
                      a.found = line.zIndex
                      a.missing = cv:layoutAttributesForSupplementaryElement("line", {0, 2}) == nil
                    else
                      local p = a.indexPath
                      a.read = string.format("%d %d %d #%d s%d i%d", p[1], p[2], p[3], #p, p.section, a.item)
                    end
                  end,
                }
                """, name: "t.lua")
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        let all = try layout.allLayoutAttributes(context: context)
        expect(all[0].custom["found"] == .number(3) && all[0].custom["missing"] == .bool(true))
        expectEqual(all[1].custom["read"], .string("0 2 1 #3 s0 i2"))
    }

    /// Bad paths are located errors: too short, not whole numbers, a supplementary's section
    /// the data lacks; the same deep path twice.
    @Test(arguments: [
        (
            "out:decoration('d', {0}, 0, 0, 1, 1)",
            "test.lua:1: out:decoration: an index path table must hold 2 to 64 whole numbers ≥ 0 ({section, item, ...}), got 1"
        ),
        (
            "out:decoration('d', {0, 1, -1}, 0, 0, 1, 1)",
            "test.lua:1: out:decoration: index path component 3 must be a whole number ≥ 0, got -1"
        ),
        (
            "out:supplementary('s', {4, 0, 0}, 0, 0, 1, 1)",
            "test.lua:1: out:supplementary [4, 0, 0]: no such section in the data (1 section)"
        ),
        (
            "out:decoration('d', {0, 1, 1}, 0, 0, 1, 1) out:decoration('d', {0, 1, 1}, 0, 0, 1, 1)",
            "test.lua:1: decoration \"d\" [0, 1, 1] was placed twice"
        ),
    ])
    func badPathsAreLocated(_ call: String, _ message: String) {
        let error = scriptError("return { prepare = function(cv, out) \(call) end }")
        expectEqual(error?.message, message)
    }
}
