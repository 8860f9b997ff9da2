import Foundation
import LayoutEngine
import TestExpectations
import Testing

@testable import ScriptLayout

/// docs/uikit-mapping.md against the engine (issue 34 item 8): the flow's default item size is
/// UIKit's documented 50 × 50, and the page's "not supported" rows name nothing the engine does.
@Suite("UIKit mapping")
struct UIKitMappingTests {
    static let page = (try? String(contentsOfFile: EditorFiles.root + "/docs/uikit-mapping.md", encoding: .utf8)) ?? ""

    /// The table rows of the page, as their cells (UIKit, then Lua).
    static var rows: [[String]] {
        page.split(separator: "\n").filter { $0.hasPrefix("| ") }.map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// UICollectionViewFlowLayout.itemSize: "The default size value is (50.0, 50.0)". A flow
    /// with no size at all lays out 50-point squares; the page says so, citing Apple, and why it
    /// differs from the guide's 0 × 0.
    @Test func aFlowWithoutAnItemSizeHasUIKitsDefault() throws {
        let layout = try ScriptLayout(source: "return flow{}")
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 120, height: 400), data: CollectionData(counts: [3]))
        try layout.prepare(in: context)
        // Two 50-point items fit in 120 (the 10 left over goes between them); the third wraps.
        let frames = try layout.allLayoutAttributes(context: context).map(\.frame)
        expect(
            frames == [
                Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 70, y: 0, width: 50, height: 50),
                Rect(x: 0, y: 60, width: 50, height: 50),
            ])
        let row = try require(Self.rows.first { $0.first == "`itemSize`" }, "no itemSize row")
        let text = row.joined(separator: " | ")
        expectContains(text, "50 × 50")
        expectContains(text, "https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/itemsize")
        expectContains(text, "0 × 0")
    }

    /// A row whose Lua column says "not supported" may not name an override the engine calls
    /// (its UIKit name without arguments equals a hook's), nor reordering, which the simulator
    /// and the preview do (interactive movement). Before: the interactive-movement overrides
    /// and "reordering" were listed as not supported.
    @Test func notSupportedRowsNameNothingTheEngineDoes() {
        let hooks = Set(LayoutNames.hooks)
        // UIKit methods that share a hook's base name and are not that hook.
        let otherOverloads: Set = [
            "targetContentOffset(forProposedContentOffset:)", "prepare(forAnimatedBoundsChange:)",
        ]
        let unsupported = Self.rows.filter { $0.count == 2 && $0[1].hasPrefix("not supported") }
        expect(unsupported.count > 5, "the page's \"not supported\" rows are read")
        for row in unsupported {
            let spans = row[0].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset % 2 == 1
            }.map { String($0.element) }
            for span in spans {
                let base = String(span.prefix { $0 != "(" })
                expect(
                    otherOverloads.contains(span) || !hooks.contains(base),
                    "'\(span)' is listed as not supported, but the hook \(base) exists")
            }
            expect(!row[0].lowercased().contains("reordering"), "reordering is listed as not supported: \(row[0])")
        }
    }
}
