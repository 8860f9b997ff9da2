import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// What a UIKit layout subclass can do, from Lua: `super` queries, the list override, flow
/// properties set in `prepare()`, index paths checked against the data, misspelled overrides
/// reported (issue 9).
@Suite("UIKit subclass parity")
struct SubclassParityTests {
    /// Three 100×50 cells in a row at x = 0, 110, 220.
    private let row = """
        prepare = function(cv, out)
          for i = 0, 2 do out:cell(0, i, i * 110, 0, 100, 50) end
          out:supplementary("header", 0, 0, 0, -30, 320, 30)
          out:decoration("band", 0, 0, 0, 0, 320, 50, {zIndex = -1})
        end,
        """

    /// The super queries answer from the prepared layout, before any hook, as new objects
    /// whose edits change nothing: every cell is moved right by 1000 in the hook, yet each
    /// reads its left neighbour's prepared x.
    @Test func superQueriesSeeThePreparedLayout() throws {
        let elements = try run(
            """
            return { \(row)
              attributes = function(cv, a)
                if a.category ~= "cell" then return end
                local left = a.item > 0 and cv:layoutAttributesForItem(0, a.item - 1) or nil
                if left then left.x = -5 end
                a.leftX = left and left.x or "none"
                a.leftAgain = left and cv:layoutAttributesForItem(0, a.item - 1).x or "none"
                a.x = a.x + 1000
                a.missing = cv:layoutAttributesForItem(0, 9) == nil
                a.header = cv:layoutAttributesForSupplementaryElement("header", 0, 0).y
                a.band = cv:layoutAttributesForDecorationElement("band", 0, 0).zIndex
                a.inRect = #cv:layoutAttributesForElements({x = 100, y = 0, width = 20, height = 10})
              end,
            }
            """, makeContext(counts: [3]))
        let cells = elements.filter { $0.category == .cell }
        expectEqual(cells.map(\.frame.x), [1000, 1110, 1220])
        // The edited copy (-5) never leaks into the next query: it reads 0 and 110 again.
        expectEqual(cells.map { $0.custom["leftX"] }, [.string("none"), .number(-5), .number(-5)])
        expectEqual(cells.map { $0.custom["leftAgain"] }, [.string("none"), .number(0), .number(110)])
        expect(cells.allSatisfy { $0.custom["missing"] == .bool(true) && $0.custom["header"] == .number(-30) })
        expect(cells.allSatisfy { $0.custom["band"] == .number(-1) })
        // x 100…120 meets cell 0 (0…100? no: maxX 100 is not inside), cell 1 (110…210), the band
        // (0…320) and nothing else at y 0…10 (the header is at -30…0).
        expect(cells.allSatisfy { $0.custom["inRect"] == .number(2) })
    }

    /// On a flow layout, super returns the flow's own placement.
    @Test func superQueriesOnAFlowLayout() throws {
        let elements = try run(
            """
            local layout = flow{ itemSize = {100, 40}, minimumInteritemSpacing = 10 }
            function layout.attributes(cv, a)
              local first = cv:layoutAttributesForItem(0, 0)
              a.firstWidth = first.width
              a.firstX = first.x
            end
            return layout
            """, makeContext(width: 320, counts: [2]))
        // 320 wide, two 100-wide columns fit three: the grid spreads 320 − 300 = 20 over two
        // gaps, so columns start at 0, 110, 220; item 0 is at x 0.
        expect(elements.allSatisfy { $0.custom["firstWidth"] == .number(100) && $0.custom["firstX"] == .number(0) })
    }

    @Test func superQueriesAreRefusedDuringPrepare() throws {
        let error = scriptError("return { prepare = function(cv, out) cv:layoutAttributesForItem(0, 0) end }")
        expect(
            error?.message
                == "test.lua:1: cv:layoutAttributesForItem answers from the prepared layout: call it in hooks, not while prepare runs"
        )
    }

    /// The list hook removes, edits and adds: here it drops item 1, fades the rest and pins
    /// the header to the top of the viewport (it was fetched with a super query: its prepared
    /// frame lies above the rect).
    @Test func theListHookEditsRemovesAndAppends() throws {
        let layout = try ScriptLayout(
            source: """
                return { \(row)
                  layoutAttributesForElements = function(cv, rect, elements)
                    local result = {}
                    for _, a in ipairs(elements) do
                      if not (a.category == "cell" and a.item == 1) and a.category ~= "supplementary" then
                        a.alpha = 0.5
                        result[#result + 1] = a
                      end
                    end
                    local header = cv:layoutAttributesForSupplementaryElement("header", 0, 0)
                    header.y = rect.y
                    table.insert(result, 1, header)
                    return result
                  end,
                }
                """, name: "t.lua")
        let context = makeContext(counts: [3])
        try layout.prepare(in: context)
        let elements = try layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 20, width: 320, height: 100), context: context)
        // Reported in the contract's order: cells, supplementary, decoration.
        expect(
            elements.map(\.key) == [
                .cell(0, 0), .cell(0, 2), .supplementary("header", 0, 0), .decoration("band", 0, 0),
            ])
        expectEqual(elements.map(\.alpha), [0.5, 0.5, 1, 0.5])
        expectEqual(elements[2].frame, Rect(x: 0, y: 20, width: 320, height: 30))
        // Per-element queries do not go through the list hook.
        expectEqual(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context)?.alpha, 1)
    }

    @Test(arguments: [
        ("return 5", "t.lua:6: layoutAttributesForElements must return the array of elements to report, got number"),
        (
            "return {elements[1], elements[1]}",
            "t.lua:6: layoutAttributesForElements returned cell [0, 0] twice (at indexes 1 and 2)"
        ),
        (
            "return {elements[1], 'x'}",
            "t.lua:6: layoutAttributesForElements returned a string at index 2 (expected the attributes objects of this call)"
        ),
        (
            "kept = kept or elements[1] return {kept}",
            "t.lua:6: layoutAttributesForElements returned an attributes object of another call at index 1 (expected the attributes objects of this call)"
        ),
    ])
    func whatTheListHookReturnsIsChecked(body: String, message: String) throws {
        let layout = try ScriptLayout(
            source: """
                return { \(row)
                  layoutAttributesForElements = function(cv, rect, elements) \(body) end,
                }
                """, name: "t.lua")
        let context = makeContext(counts: [3])
        try layout.prepare(in: context)
        let rect = Rect(x: 0, y: 0, width: 50, height: 50)
        do {
            _ = try layout.layoutAttributesForElements(in: rect, context: context)
            _ = try layout.layoutAttributesForElements(in: rect, context: context)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            expectEqual(error.message, message)
            expectEqual(error.evaluating, "layoutAttributesForElements(cv, rect, elements)")
        }
    }

    /// Flow properties may be functions of `cv`, evaluated once per prepare (UIKit subclasses
    /// set them in `prepare()`): (340 − 40) / 3 = 100-point squares, horizontal from state.
    @Test func flowPropertiesFromTheContext() throws {
        let source = """
            return flow{
              itemSize = function(cv) local w = (cv.bounds.width - 40) / 3 return w, w end,
              scrollDirection = function(cv) return cv.state.horizontal and "horizontal" or "vertical" end,
              minimumLineSpacing = function(cv) return 20 end,
              minimumInteritemSpacing = 20,
            }
            """
        let vertical = try run(source, makeContext(width: 340, height: 500, counts: [4]))
        // Three 100-wide columns with 20 between them fill 340 exactly; item 3 starts line 2
        // at y = 100 + 20.
        expect(
            vertical.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 120, y: 0, width: 100, height: 100),
                Rect(x: 240, y: 0, width: 100, height: 100), Rect(x: 0, y: 120, width: 100, height: 100),
            ])
        let horizontal = try run(
            source, makeContext(width: 340, height: 500, counts: [4], state: ["horizontal": .bool(true)]))
        // Scrolling horizontally, lines are columns of the 500-high bounds: 4 items of 100 with
        // 20 between fit (4 × 100 + 3 × 20 = 460); the grid spreads the 100 left over 3 gaps of
        // 33.33, so items start at 0, 133.33, 266.67, 400, rounded to the pixel grid.
        expect(
            horizontal.map(\.frame.origin) == [
                Point(x: 0, y: 0), Point(x: 0, y: 133), Point(x: 0, y: 267), Point(x: 0, y: 400),
            ])
    }

    /// Cells must exist in the data and supplementary views need an existing section, as
    /// UIKit raises otherwise; decorations may go anywhere.
    @Test(arguments: [
        ("out:cell(5, 0, 0, 0, 1, 1)", "t.lua:2: out:cell [5, 0]: no such item in the data (1 section)"),
        ("out:cell(0, 3, 0, 0, 1, 1)", "t.lua:2: out:cell [0, 3]: no such item in the data (section 0 has 3 items)"),
        (
            "out:cell(0, 3, 0, 0, 1, 1, {alpha = 1})",
            "t.lua:2: out:cell [0, 3]: no such item in the data (section 0 has 3 items)"
        ),
        (
            "out:supplementary('header', 1, 0, 0, 0, 1, 1)",
            "t.lua:2: out:supplementary [1, 0]: no such section in the data (1 section)"
        ),
    ])
    func indexPathsMustExist(call: String, message: String) {
        let error = scriptError(
            "return { prepare = function(cv, out)\n  \(call)\nend }", makeContext(counts: [3]), name: "t.lua")
        expectEqual(error?.message, message)
    }

    @Test func decorationsMayGoAnywhere() throws {
        let elements = try run(
            "return { prepare = function(cv, out) out:decoration('grid', 9, 9, 0, 0, 5, 5) end }",
            makeContext(counts: [0]))
        expectEqual(elements.map(\.key), [.decoration("grid", 9, 9)])
    }

    /// Misspelled overrides are reported with the intended name, not ignored; `strict` makes
    /// them errors. A layout's own helper fields are left alone.
    @Test func nearMissNamesAreReported() throws {
        let source = """
            local layout = { columns = 3 }
            layout.prepare = function(cv, out) end
            layout.attribute = function(cv, a) end
            layout.targetcontentoffset = function() end
            return layout
            """
        let layout = try ScriptLayout(source: source, name: "t.lua")
        expect(
            Set(layout.warnings) == [
                "t.lua:3: warning: unknown field 'attribute' in the layout table (did you mean 'attributes'?)",
                "t.lua:4: warning: unknown field 'targetcontentoffset' in the layout table (did you mean 'targetContentOffset'?)",
            ])
        do {
            _ = try ScriptLayout(
                source: "local l = {prepare = function() end}\nl.atributes = 1\nreturn l", name: "t.lua",
                options: .init(strict: true))
            Issue.record("strict mode should refuse the misspelling")
        } catch {
            expect(
                error.message
                    == "t.lua:2: unknown field 'atributes' in the layout table (did you mean 'attributes'?) (strict mode)"
            )
        }
        let flow = try ScriptLayout(
            source: "return flow{ Attributes = function() end, minimumlinespacing = 3 }", name: "f.lua")
        expect(
            Set(flow.warnings) == [
                "f.lua:1: warning: unknown field 'Attributes' in the layout table (did you mean 'attributes'?)",
                "f.lua:1: warning: unknown field 'minimumlinespacing' in the layout table (did you mean 'minimumLineSpacing'?)",
            ])
    }

    private func context(
        width: Double, counts: [Int], contentInset: EdgeInsets = .zero, safeArea: EdgeInsets = .zero,
        margins: EdgeInsets = .zero, data: CollectionData? = nil
    ) -> CollectionContext {
        CollectionContext(
            bounds: Rect(x: 0, y: 0, width: width, height: 600), data: data ?? CollectionData(counts: counts),
            contentInset: contentInset, safeAreaInsets: safeArea, layoutMargins: margins)
    }

    /// Lines fill the bounds less the adjusted content inset (content inset + safe area):
    /// 375 − 20 − 20 = 335 wide; three 100-wide items (⌊345 / 110⌋ = 3) with gaps of
    /// (335 − 300) / 2 = 17.5, so x = 0, 117.5 → 118 (halves away from zero), 235.
    @Test func flowLinesFillTheBoundsLessTheAdjustedInset() throws {
        let elements = try run(
            "return flow{ itemSize = {100, 100} }",
            context(
                width: 375, counts: [3], contentInset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20),
                safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)))
        expectEqual(elements.map(\.frame.x), [0, 118, 235])
        let layout = try ScriptLayout(source: "return flow{ itemSize = {100, 100} }")
        let c = context(width: 375, counts: [3], contentInset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20))
        try layout.prepare(in: c)
        expectEqual(layout.collectionViewContentSize, Size(width: 335, height: 100))
    }

    /// `sectionInsetReference`: landscape, 812 wide, safe area 44 at both sides, layout margins
    /// 60. With `contentInsetAdjustmentBehavior = always` the adjusted inset is 44 at each side:
    /// from the safe area nothing is added (the content already starts there); from the layout
    /// margins, 60 − 44 = 16 at each end: D = 724, A = 692, ⌊702 / 110⌋ = 6 items, gap
    /// (692 − 600) / 5 = 18.4, x = 16, 134.4, 252.8, 371.2, 489.6, 608, rounded 16, 134, 253,
    /// 371, 490, 608. Without a reference: D = 724, ⌊734 / 110⌋ = 6, gap (724 − 600) / 5 = 24.8.
    ///
    /// With UIKit's default, `automatic`, a vertically scrolling view adjusts only its top and
    /// bottom: the content runs under the sides' safe area (what `sectionInsetReference` is for).
    /// D = 812: without a reference ⌊822 / 110⌋ = 7 columns, gap (812 − 700) / 6 = 18.67, x = 0,
    /// 118.67, 237.33, 356, 474.67, 593.33 → 0, 119, 237, 356, 475, 593; from the safe area 44
    /// at each end: A = 724, 6 columns 24.8 apart from 44 → 44, 168.8, 293.6, 418.4, 543.2, 668
    /// → 44, 169, 294, 418, 543, 668; from the margins 60: A = 692, gap 18.4 from 60 → 60,
    /// 178.4, 296.8, 415.2, 533.6, 652 → 60, 178, 297, 415, 534, 652.
    @Test func sectionInsetReference() throws {
        var landscape = context(
            width: 812, counts: [6], safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            margins: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60))
        let references = ["", ", sectionInsetReference = 'safeArea'", ", sectionInsetReference = 'layoutMargins'"]
        func columns() throws -> [[Double]] {
            try references.map { try run("return flow{ itemSize = {100, 100}\($0) }", landscape).map(\.frame.x) }
        }
        expect(
            try columns() == [
                [0, 119, 237, 356, 475, 593], [44, 169, 294, 418, 543, 668], [60, 178, 297, 415, 534, 652],
            ])
        landscape.contentInsetAdjustmentBehavior = .always
        expect(
            try columns() == [
                [0, 125, 250, 374, 499, 624], [0, 125, 250, 374, 499, 624], [16, 134, 253, 371, 490, 608],
            ])
        expect(
            scriptError("return flow{ sectionInsetReference = 'margins' }")?.message
                == "test.lua:1: flow{...}: sectionInsetReference must be \"contentInset\", \"safeArea\" or \"layoutMargins\", got \"margins\""
        )
    }

    /// The insets and section data reach scripts through `cv`.
    @Test func insetsAndSectionDataInCv() throws {
        let data = CollectionData(sections: [
            .init(items: [.number(1)], data: .object(["title": .string("Fruit"), "columns": .number(2)])),
            .init(count: 0, data: .object(["title": .string("Empty")])),
            .init(count: 1),
        ])
        let elements = try run(
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 1, 1, {
                top = cv.adjustedContentInset.top, left = cv.contentInset.left, safe = cv.safeAreaInsets.bottom,
                margin = cv.layoutMargins.right, title = cv:sectionData(0).title, columns = cv:sectionData(0).columns,
                empty = cv:sectionData(1).title, none = cv:sectionData(2) == nil, beyond = cv:sectionData(7) == nil,
              })
            end }
            """,
            context(
                width: 320, counts: [], contentInset: EdgeInsets(top: 10, left: 5, bottom: 0, right: 0),
                safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
                margins: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16), data: data))
        expect(
            elements[0].custom == [
                "top": .number(54), "left": .number(5), "safe": .number(34), "margin": .number(16),
                "title": .string("Fruit"),
                "columns": .number(2), "empty": .string("Empty"), "none": .bool(true), "beyond": .bool(true),
            ])
    }
}
