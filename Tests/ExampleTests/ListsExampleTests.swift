import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: lists.lua")
struct ListsExampleTests {
    static func example(_ appearance: String, width: Double = 375) throws -> Example {
        try Example(
            "lists.lua", width: width, height: 667, scale: 2, counts: [3, 2],
            state: ["appearance": .string(appearance)])
    }

    /// insetGrouped at 375 @2x, sections [3, 2], a header on each, a footer on the last
    /// (docs/lists.md): 35 above each section, headers 38 tall (estimate), 44-point rows, the
    /// footer 28. Section 0: header 35, rows 73, 117, 161, ends 205; section 1: header 240,
    /// rows 278, 322, footer 366, ends 394. Across, the system margin 16: x 16, width 343.
    /// Separators from 16 + 16 = 32 to 359 (width 327), 0.5 tall at each row's bottom, none
    /// under a section's last row: 116.5, 160.5 and 321.5.
    @Test func insetGroupedSections() throws {
        let example = try Self.example("insetGrouped")
        expectFrames(
            try example.cells(),
            [
                (LayoutIndexPath(0, 0), rect(16, 73, 343, 44)), (LayoutIndexPath(0, 1), rect(16, 117, 343, 44)),
                (LayoutIndexPath(0, 2), rect(16, 161, 343, 44)), (LayoutIndexPath(1, 0), rect(16, 278, 343, 44)),
                (LayoutIndexPath(1, 1), rect(16, 322, 343, 44)),
            ])
        expectFrames(
            try example.supplementaries("header"),
            [(LayoutIndexPath(0, 0), rect(16, 35, 343, 38)), (LayoutIndexPath(1, 0), rect(16, 240, 343, 38))])
        expectFrames(try example.supplementaries("footer"), [(LayoutIndexPath(1, 0), rect(16, 366, 343, 28))])
        expectFrames(
            try example.decorations("separator"),
            [
                (LayoutIndexPath(0, 0), rect(32, 116.5, 327, 0.5)), (LayoutIndexPath(0, 1), rect(32, 160.5, 327, 0.5)),
                (LayoutIndexPath(1, 0), rect(32, 321.5, 327, 0.5)),
            ])
        expectEqual(example.contentSize, Size(width: 375, height: 394))
    }

    /// plain: no section spacing, 22 of header padding, headers 28: section 0 header 22, rows
    /// 50, 94, 138, ends 182; section 1 header 204, rows 232, 276, footer 320 → 348. Rows span
    /// the width; separators under every row, the last included, from the margin 16 (width 359).
    @Test func plainSections() throws {
        let example = try Self.example("plain")
        expectEqual(try example.cells().map(\.frame.minY), [50, 94, 138, 232, 276])
        expect(try example.cells().allSatisfy { $0.frame.minX == 0 && $0.frame.width == 375 })
        expectEqual(try example.decorations("separator").map(\.frame.minY), [93.5, 137.5, 181.5, 275.5, 319.5])
        expect(try example.decorations("separator").allSatisfy { $0.frame.minX == 16 && $0.frame.width == 359 })
        expectEqual(example.contentSize, Size(width: 375, height: 348))
    }

    /// On an iPad-wide view (768) the system margin is 20: insetGrouped rows at x 20, width 728.
    @Test func wideViewsUseTwentyPointMargins() throws {
        let example = try Self.example("insetGrouped", width: 768)
        expect(try example.cells().allSatisfy { $0.frame.minX == 20 && $0.frame.width == 728 })
    }
}
