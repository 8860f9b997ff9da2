import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// Lazy attributes for huge sets (issue 34 item 5): a custom layout whose `prepare` places
/// nothing answers rect queries with `elementsInRect(cv, rect, out)` and single items with
/// `itemAttributes(cv, section, item)`; the content size is the one prepare gave.
@Suite("Lazy layouts: elementsInRect and itemAttributes")
struct LazyLayoutTests {
    /// One column of 100 × 40 rows, 50 apart: row i at y = 50 i. `elementsInRect` places the
    /// rows from floor(y / 50) to floor((y + h) / 50): one more than the rect may cross.
    static let rows = """
        local layout = {}
        function layout.prepare(cv, out)
          out:contentSize(100, cv:numberOfItems(0) * 50 - 10)
        end
        function layout.elementsInRect(cv, rect, out)
          local last = math.min(cv:numberOfItems(0) - 1, (rect.y + rect.height) // 50)
          for i = math.max(0, rect.y // 50), last do out:cell(0, i, 0, i * 50, 100, 40, {row = i}) end
        end
        function layout.itemAttributes(cv, section, item)
          return 0, item * 50, 100, 40, {row = item}
        end
        return layout
        """

    static func frame(_ row: Int) -> Rect { Rect(x: 0, y: Double(row) * 50, width: 100, height: 40) }

    @Test func queriesAreAnsweredFromLua() throws {
        let layout = try ScriptLayout(source: Self.rows)
        let context = makeContext(counts: [1000])
        try layout.prepare(in: context)
        expectEqual(layout.collectionViewContentSize, Size(width: 100, height: 49_990))
        // y 95…205: the callback places rows floor(95 / 50) = 1 to floor(205 / 50) = 4; row 1
        // (50…90) ends before 95, so the engine keeps rows 2 (100…140), 3 and 4 (200…240).
        let found = try layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 95, width: 100, height: 110), context: context)
        expectEqual(found.map(\.indexPath.item), [2, 3, 4])
        expectEqual(found.map(\.frame), [2, 3, 4].map(Self.frame))
        expectEqual(found.map { $0.custom["row"] }, [2, 3, 4].map { .number(Double($0)) })
        let one = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 999), context: context)
        expect(one?.frame == Self.frame(999) && one?.custom["row"] == .number(999))
        expect(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1000), context: context) == nil)
        expectEqual(try layout.allLayoutAttributes(context: context).count, 1000)
    }

    /// The rect-query hooks apply to what elementsInRect placed, as to a stored element.
    @Test func hooksApplyToLazyElements() throws {
        let source = Self.rows.replacingOccurrences(
            of: "return layout", with: "function layout.attributes(cv, a) a.alpha = 0.5 end\nreturn layout")
        let layout = try ScriptLayout(source: source)
        let context = makeContext(counts: [10])
        try layout.prepare(in: context)
        let found = try layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 0, width: 100, height: 40), context: context)
        expectEqual(found.map(\.alpha), [0.5])
        expectEqual(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 3), context: context)?.alpha, 0.5)
    }

    @Test(arguments: [
        (
            "local l = {} function l.prepare(cv, out) out:contentSize(1, 1) end function l.elementsInRect() end return l",
            "test.lua:1: a layout answering elementsInRect(cv, rect, out) answers itemAttributes(cv, section, item) too (UIKit asks every layout for both)"
        ),
        (
            "local l = {} function l.prepare(cv, out) out:cell(0, 0, 0, 0, 1, 1) end function l.elementsInRect() end function l.itemAttributes() end return l",
            "a layout answering elementsInRect places its elements there: prepare placed 1"
        ),
        (
            "local l = {} function l.prepare() end function l.elementsInRect() end function l.itemAttributes() end return l",
            "a layout answering elementsInRect gives its content size with out:contentSize(w, h) in prepare"
        ),
        (
            "local l = {} function l.prepare(cv, out) out:contentSize(1, 1) end function l.elementsInRect(cv, r, out) out:contentSize(2, 2) end function l.itemAttributes() end return l",
            "out:contentSize belongs in prepare(cv, out): elementsInRect(cv, rect, out) only places elements"
        ),
        (
            "local l = {} function l.prepare(cv, out) out:contentSize(1, 1) end function l.elementsInRect(cv, r, out) out:cell(0, 0, 0, 0, 1, 1) out:cell(0, 0, 0, 0, 1, 1) end function l.itemAttributes() end return l",
            "test.lua:1: cell [0, 0] was placed twice"
        ),
    ])
    func mistakesAreLocated(source: String, message: String) {
        let error = scriptError(source)
        expectEqual(error?.message.contains(message), true, "got \(error?.message ?? "no error")")
    }

    @Test func aBadItemAnswerSaysWhatOutCellRefuses() throws {
        let source = Self.rows.replacingOccurrences(
            of: "return 0, item * 50, 100, 40, {row = item}", with: "return 0, item * 50, -1, 40")
        let layout = try ScriptLayout(source: source)
        let context = makeContext(counts: [10])
        try layout.prepare(in: context)
        #expect(throws: ScriptError.self) {
            _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 3), context: context)
        }
        do {
            _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 3), context: context)
        } catch let error as ScriptError {
            expect(error.message.hasPrefix("layout.lua:9: "))
            expect(
                error.message.contains(
                    "itemAttributes must return x, y, w, h [, extra] as out:cell takes them: out:cell [0, 3]: frame (0, 150, -1, 40) must be finite with a size ≥ 0"
                ))
            expectEqual(error.evaluating, "itemAttributes(cv, 0, 3)")
        }
    }
}
