import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §8: `compositional.list{...}` (docs/lists.md). Every context is 375×667 at @2x
/// unless said: 375 < 414 points wide and a compact size class, so the system layout margin
/// is 16 on each side and inside each cell; the hairline separator is 1/2 = 0.5 tall.
@Suite("Lists")
struct ListLayoutTests {
    static func list(_ fields: String, extra: String = "") -> String {
        """
        local C = compositional
        local layout = compositional{ section = C.list{ \(fields) } }
        \(extra)
        return layout
        """
    }

    static func context(width: Double = 375, counts: [Int]) -> CollectionContext {
        makeContext(width: width, height: 667, scale: 2, counts: counts)
    }

    static func frames(_ elements: [LayoutAttributes], _ category: ElementCategory, _ kind: String = "") -> [Rect] {
        elements.filter { $0.category == category && (category == .cell || $0.kind == kind) }.map(\.frame)
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    /// Plain, supplementary headers and footers, sections [3, 2]. Plain: no section spacing,
    /// rows across the whole band (0…375). Section 0 from 0: header padding 22 → header at
    /// y 22, 28 tall (estimate) → rows from 50, 44 each: 50, 94, 138 → footer at 182, 28 tall
    /// → the section ends at 210. Plain separators under every row, the last included: from
    /// the cell margin x = 16 to the row's trailing edge (width 375 − 16 = 359), 0.5 tall,
    /// along the row's bottom: y = 94 − 0.5 = 93.5, 137.5, 181.5. Section 1 from 210: header
    /// 232, rows 260 and 304, separators 303.5 and 347.5, footer 348 → content 376.
    @Test func plainWithHeadersAndFooters() throws {
        let elements = try run(
            Self.list(#"appearance = "plain", headerMode = "supplementary", footerMode = "supplementary""#),
            Self.context(counts: [3, 2]))
        expect(
            Self.frames(elements, .cell) == [
                Self.rect(0, 50, 375, 44), Self.rect(0, 94, 375, 44), Self.rect(0, 138, 375, 44),
                Self.rect(0, 260, 375, 44), Self.rect(0, 304, 375, 44),
            ])
        expect(
            Self.frames(elements, .supplementary, "header") == [Self.rect(0, 22, 375, 28), Self.rect(0, 232, 375, 28)])
        expect(
            Self.frames(elements, .supplementary, "footer") == [Self.rect(0, 182, 375, 28), Self.rect(0, 348, 375, 28)])
        expect(
            Self.frames(elements, .decoration, "separator") == [
                Self.rect(16, 93.5, 359, 0.5), Self.rect(16, 137.5, 359, 0.5), Self.rect(16, 181.5, 359, 0.5),
                Self.rect(16, 303.5, 359, 0.5), Self.rect(16, 347.5, 359, 0.5),
            ])
        let separators = elements.filter { $0.kind == "separator" }
        expectEqual(separators.map(\.indexPath), [.init(0, 0), .init(0, 1), .init(0, 2), .init(1, 0), .init(1, 1)])
        let layout = try ScriptLayout(
            source: Self.list(#"appearance = "plain", headerMode = "supplementary", footerMode = "supplementary""#),
            name: "test.lua")
        try layout.prepare(in: Self.context(counts: [3, 2]))
        expectEqual(layout.collectionViewContentSize, Size(width: 375, height: 376))
    }

    /// insetGrouped, no header: 35 above the section → rows from 35. The column is inset by
    /// the layout margins: x 16, width 375 − 2·16 = 343. Rows at 35, 79, 123 (content 167).
    /// Separators start at the cell's own margin, 16 + 16 = 32, and reach its trailing edge
    /// 16 + 343 = 359 (width 327); none under the last row of a grouped section: y 78.5, 122.5.
    /// Corners: the first row rounds its top, the last its bottom, the middle none; radius 10.
    @Test func insetGroupedIsInsetAndRounded() throws {
        let elements = try run(Self.list(#"appearance = "insetGrouped""#), Self.context(counts: [3]))
        expect(
            Self.frames(elements, .cell) == [
                Self.rect(16, 35, 343, 44), Self.rect(16, 79, 343, 44), Self.rect(16, 123, 343, 44),
            ])
        expect(
            Self.frames(elements, .decoration, "separator") == [
                Self.rect(32, 78.5, 327, 0.5), Self.rect(32, 122.5, 327, 0.5),
            ])
        let cells = elements.filter { $0.category == .cell }
        expectEqual(cells.map { $0.custom["cornerRadius"] }, Array(repeating: .number(10), count: 3))
        expectEqual(cells.map { $0.custom["corners"] }, [.string("top"), .string("none"), .string("bottom")])
    }

    /// A single-row insetGrouped section rounds all four corners.
    @Test func aSingleRowRoundsEveryCorner() throws {
        let elements = try run(Self.list(#"appearance = "insetGrouped""#), Self.context(counts: [1]))
        expectEqual(elements.first?.custom["corners"], .string("all"))
        expect(Self.frames(elements, .decoration, "separator").isEmpty)
    }

    /// Given layout margins (24 each side) replace the system ones: the column is x 24,
    /// width 375 − 48 = 327; separators from 24 + 16 = 40 to 351 (width 311).
    @Test func givenLayoutMarginsInsetTheColumn() throws {
        var context = Self.context(counts: [2])
        context.layoutMargins = EdgeInsets(top: 0, left: 24, bottom: 0, right: 24)
        let elements = try run(Self.list(#"appearance = "insetGrouped""#), context)
        expectEqual(Self.frames(elements, .cell), [Self.rect(24, 35, 327, 44), Self.rect(24, 79, 327, 44)])
        expectEqual(Self.frames(elements, .decoration, "separator"), [Self.rect(40, 78.5, 311, 0.5)])
    }

    /// 768 wide (≥ 414): the system margin is 20: column x 20, width 768 − 40 = 728.
    @Test func wideBoundsUseTwentyPointMargins() throws {
        let elements = try run(Self.list(#"appearance = "insetGrouped""#), Self.context(width: 768, counts: [1]))
        expectEqual(Self.frames(elements, .cell), [Self.rect(20, 35, 728, 44)])
    }

    /// grouped, firstItemInSection: 35 above; item 0 is the header row (0, 35), marked
    /// `listHeader`, with no separator; rows 1 and 2 at 79 and 123. The separator under row
    /// 1 from x = 16 (band 0 + cell margin 16, also the layout margin), width 359, y 122.5;
    /// none under row 2, the last of a grouped section.
    @Test func groupedFirstItemIsTheHeader() throws {
        let elements = try run(
            Self.list(#"appearance = "grouped", headerMode = "firstItemInSection""#), Self.context(counts: [3]))
        expect(
            Self.frames(elements, .cell) == [
                Self.rect(0, 35, 375, 44), Self.rect(0, 79, 375, 44), Self.rect(0, 123, 375, 44),
            ])
        expectEqual(elements.first?.custom["listHeader"], .bool(true))
        expectEqual(Self.frames(elements, .decoration, "separator"), [Self.rect(16, 122.5, 359, 0.5)])
        expect(elements.filter { $0.category == .supplementary }.isEmpty)
    }

    /// Self-sizing: rows answer 60 + 10·item (the width 999 is not taken: rows are as wide
    /// as the column), the header 40. Plain: header at 22, 40 tall → rows at 62 (60 tall)
    /// and 122 (70 tall); separators at 122 − 0.5 = 121.5 and 192 − 0.5 = 191.5.
    @Test func rowsAndHeadersSelfSize() throws {
        let source = Self.list(
            #"appearance = "plain", headerMode = "supplementary""#,
            extra: """
                function layout.preferredSizeForItem(cv, section, item, fitting)
                  assert(fitting.width == 375 and fitting.height == 44)
                  return 999, 60 + 10 * item
                end
                function layout.preferredSizeForSupplementary(cv, kind, section, item, fitting)
                  assert(kind == "header" and fitting.height == 28)
                  return fitting.width, 40
                end
                """)
        let elements = try run(source, Self.context(counts: [2]))
        expectEqual(Self.frames(elements, .supplementary, "header"), [Self.rect(0, 22, 375, 40)])
        expectEqual(Self.frames(elements, .cell), [Self.rect(0, 62, 375, 60), Self.rect(0, 122, 375, 70)])
        expect(
            Self.frames(elements, .decoration, "separator") == [
                Self.rect(16, 121.5, 359, 0.5), Self.rect(16, 191.5, 359, 0.5),
            ])
    }

    /// Right to left (docs/parity.md §6): the list is mirrored, x' = 375 − x − width. insetGrouped
    /// rows stay at 16 (375 − 16 − 343); the separator's leading inset moves to the right:
    /// 375 − 32 − 327 = 16, so it runs 16…343 and stops 16 short of the row's right edge 359.
    @Test func rightToLeftMirrorsTheSeparatorInset() throws {
        var context = Self.context(counts: [2])
        context.layoutDirection = .rightToLeft
        let elements = try run(Self.list(#"appearance = "insetGrouped""#), context)
        expectEqual(Self.frames(elements, .cell), [Self.rect(16, 35, 343, 44), Self.rect(16, 79, 343, 44)])
        expectEqual(Self.frames(elements, .decoration, "separator"), [Self.rect(16, 78.5, 327, 0.5)])
    }

    /// `showsSeparators = false`: rows only.
    @Test func separatorsCanBeHidden() throws {
        let elements = try run(
            Self.list(#"appearance = "plain", showsSeparators = false"#), Self.context(counts: [3]))
        expect(elements.filter { $0.category != .cell }.isEmpty)
        expectEqual(Self.frames(elements, .cell).map(\.minY), [0, 44, 88])
    }

    /// `list = ...` is the whole layout: one list section for every data section. Plain,
    /// sections [1, 1]: rows at 0 and 44, each with a separator (43.5, 87.5).
    @Test func listIsTheWholeLayout() throws {
        let source = """
            return compositional{ list = compositional.list{ appearance = "plain" } }
            """
        let elements = try run(source, Self.context(counts: [1, 1]))
        expectEqual(Self.frames(elements, .cell), [Self.rect(0, 0, 375, 44), Self.rect(0, 44, 375, 44)])
        expect(
            Self.frames(elements, .decoration, "separator") == [
                Self.rect(16, 43.5, 359, 0.5), Self.rect(16, 87.5, 359, 0.5),
            ])
    }

    /// A section provider may return lists: section 0 plain (a row at 0, ends at 44),
    /// section 1 insetGrouped (35 above: a row at 44 + 35 = 79, inset to x 16).
    @Test func aSectionProviderReturnsLists() throws {
        let source = """
            local C = compositional
            return compositional{
              sectionProvider = function(cv, index, env)
                return C.list{ appearance = index == 0 and "plain" or "insetGrouped" }
              end,
            }
            """
        let elements = try run(source, Self.context(counts: [1, 1]))
        expectEqual(Self.frames(elements, .cell), [Self.rect(0, 0, 375, 44), Self.rect(16, 79, 343, 44)])
    }

    /// sidebar: 10 above the section, the column the band less 10 each side (x 10, width
    /// 355): rows at 10 and 54, every row rounded (`corners = "all"`), no separators by default.
    @Test func sidebarRowsAreInsetAndRounded() throws {
        let elements = try run(Self.list(#"appearance = "sidebar""#), Self.context(counts: [2]))
        expectEqual(Self.frames(elements, .cell), [Self.rect(10, 10, 355, 44), Self.rect(10, 54, 355, 44)])
        expect(elements.allSatisfy { $0.category == .cell })
        expectEqual(elements.map { $0.custom["corners"] }, [.string("all"), .string("all")])
        expectEqual(elements.map { $0.custom["cornerRadius"] }, [.number(10), .number(10)])
    }

    /// A sidebar asked for separators gets one under each row but the last: from
    /// max(10 + 16, 16) = 26 to the row's trailing edge 365 (width 339), at 54 − 0.5 = 53.5.
    @Test func sidebarSeparatorsOnRequest() throws {
        let elements = try run(
            Self.list(#"appearance = "sidebar", showsSeparators = true"#), Self.context(counts: [2]))
        expectEqual(Self.frames(elements, .decoration, "separator"), [Self.rect(26, 53.5, 339, 0.5)])
    }

    /// sidebarPlain: no spacing, the whole band, no separators: rows at 0 and 44.
    @Test func sidebarPlainRowsSpanTheBand() throws {
        let elements = try run(Self.list(#"appearance = "sidebarPlain""#), Self.context(counts: [2]))
        expectEqual(elements.map(\.frame), [Self.rect(0, 0, 375, 44), Self.rect(0, 44, 375, 44)])
        expect(elements.allSatisfy { $0.custom.isEmpty })
    }

    /// grouped with a header and `headerTopPadding = 8`: 35 + 8 = 43 → the header (estimate
    /// 38 in grouped lists) at 43, rows from 81. `headerTopPadding = 0` on a plain list puts its
    /// header at 0 (28 tall) and the first row at 28.
    @Test func headerTopPaddingReplacesTheAutomaticOne() throws {
        let grouped = try run(
            Self.list(#"appearance = "grouped", headerMode = "supplementary", headerTopPadding = 8"#),
            Self.context(counts: [1]))
        expectEqual(Self.frames(grouped, .supplementary, "header"), [Self.rect(0, 43, 375, 38)])
        expectEqual(Self.frames(grouped, .cell), [Self.rect(0, 81, 375, 44)])
        let plain = try run(
            Self.list(#"appearance = "plain", headerMode = "supplementary", headerTopPadding = 0"#),
            Self.context(counts: [1]))
        expectEqual(Self.frames(plain, .supplementary, "header"), [Self.rect(0, 0, 375, 28)])
        expectEqual(Self.frames(plain, .cell), [Self.rect(0, 28, 375, 44)])
    }

    /// `backgroundColor`: a "background" decoration over the whole section (plain, two rows:
    /// 0…88 across the band), zIndex 0, carrying the color; rows rise to zIndex 1 and
    /// separators to 2.
    @Test func backgroundColorAddsABackground() throws {
        let elements = try run(
            Self.list(##"appearance = "plain", backgroundColor = "#F2F2F7""##), Self.context(counts: [2]))
        let background = elements.filter { $0.kind == "background" }
        expectEqual(background.map(\.frame), [Self.rect(0, 0, 375, 88)])
        expectEqual(background.first?.custom["backgroundColor"], .string("#F2F2F7"))
        expectEqual(background.first?.zIndex, 0)
        expectEqual(elements.filter { $0.category == .cell }.map(\.zIndex), [1, 1])
        expectEqual(elements.filter { $0.kind == "separator" }.map(\.zIndex), [2, 2])
    }

    @Test func misspelledValuesAreRefusedWhereWritten() {
        #expect(
            scriptError(Self.list(#"appearance = "insetgrouped""#))?.message
                == #"test.lua:2: compositional.list: appearance must be "plain", "grouped", "insetGrouped", "sidebar" or "sidebarPlain", got the string "insetgrouped" (did you mean "insetGrouped"?)"#
        )
        expectEqual(scriptError(Self.list(""))?.message, "test.lua:2: compositional.list: appearance is required")
        #expect(
            scriptError(Self.list(#"appearance = "plain", headerTopPadding = -1"#))?.message
                == "test.lua:2: compositional.list: headerTopPadding must be a finite number ≥ 0, got -1")
        #expect(
            scriptError(Self.list(#"appearance = "plain", headerMode = "sticky""#))?.message
                == #"test.lua:2: compositional.list: headerMode must be "none", "supplementary" or "firstItemInSection", got the string "sticky""#
        )
        #expect(
            scriptError(Self.list(#"appearance = "plain", showSeparators = false"#))?.message
                == "test.lua:2: compositional.list: unknown field 'showSeparators' (did you mean 'showsSeparators'?)")
    }

    @Test func aListScrollsVertically() {
        let source = """
            return compositional{ scrollDirection = "horizontal", list = compositional.list{ appearance = "plain" } }
            """
        #expect(
            scriptError(source, makeContext(counts: [1]))?.message
                == #"test.lua:1: section 0: a list scrolls vertically; remove scrollDirection = "horizontal""#)
    }

    @Test func listTakesTheWholeLayout() {
        let both = """
            local C = compositional
            return compositional{ list = C.list{ appearance = "plain" },
              section = C.section{ group = C.group{ axis = "vertical", width = 10, height = 10, subitem = C.item{ width = 10, height = 10 }, count = 1 } } }
            """
        expectEqual(scriptError(both)?.message, "test.lua:2: compositional{...}: give either list or section, not both")
        let notAList = """
            local C = compositional
            return compositional{ list = C.section{ group = C.group{ axis = "vertical", width = 10, height = 10, subitem = C.item{ width = 10, height = 10 }, count = 1 } } }
            """
        expect(
            scriptError(notAList)?.message
                == "test.lua:2: compositional{...}: list must be a compositional.list{...}, got a compositional.section"
        )
    }

    /// A list's spec changed after it was made is caught at its constructor call.
    @Test func aChangedListIsCaught() {
        let source = """
            local C = compositional
            local section = C.list{ appearance = "plain" }
            section.list.appearance = "fancy"
            return compositional{ section = section }
            """
        #expect(
            scriptError(source)?.message
                == #"test.lua:2: compositional.list: appearance must be one of "plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain", got the string "fancy" (was the table changed after it was made?)"#
        )
    }
}
