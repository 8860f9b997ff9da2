import Foundation
import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

@testable import SwiftExport

/// A compositional layout with a section provider and an `attributes` hook exports as one
/// translation (issue 37): the provider and the hook in one script class, and a layout subclass
/// whose overrides run the hook on every element UIKit's compositional layout returns, as the
/// engine runs it (docs/lua-to-swift.md, "A section provider"). Scripts/export-check compiles
/// the export of RoundTrip/provider-hooks.lua and compares it with the engine's elements; this
/// checks the engine's elements by hand and what the export writes.
@Suite("export --swift: a provider with hooks")
struct ProviderHooksExportTests {
    static let source: String = {
        let path = repositoryRoot + "/Tests/SwiftExportTests/RoundTrip/provider-hooks.lua"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// 375 wide, sections of 3 and 4: section 0's header is (0, 0, 375, 30) and its rows 50
    /// tall from y = 30 (30, 80, 130), ending at 180; section 1's header is at 180 and its rows
    /// 80 tall from 210 (210, 290, 370, 450), shifted right by 10; content 180 + 30 + 4·80 = 530.
    /// Odd items have alpha 0.5, item 2 is hidden, zIndex is the item; headers have alpha 0.25.
    @Test func theHookRunsOnCellsAndHeaders() throws {
        let layout = try ScriptLayout(source: Self.source, name: "provider-hooks.lua")
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 375, height: 667), scale: 2, data: CollectionData(counts: [3, 4]))
        try layout.prepare(in: context)
        let elements = try layout.allLayoutAttributes(context: context)
        let cells = elements.filter { $0.category == .cell }
        expectEqual(cells.count, 7)
        for cell in cells {
            let (section, item) = (cell.indexPath.section, cell.indexPath.item)
            let expected =
                section == 0
                ? Rect(x: 0, y: 30 + 50 * Double(item), width: 375, height: 50)
                : Rect(x: 10, y: 210 + 80 * Double(item), width: 375, height: 80)
            expectEqual(cell.frame, expected, "\(cell.indexPath)")
            expectEqual(cell.alpha, (item % 2 == 1 ? 0.5 : 1), "\(cell.indexPath)")
            expectEqual(cell.hidden, (item == 2), "\(cell.indexPath)")
            expectEqual(cell.zIndex, item, "\(cell.indexPath)")
        }
        let headers = elements.filter { $0.kind == "header" }
        expect(
            headers.map(\.frame) == [
                Rect(x: 0, y: 0, width: 375, height: 30), Rect(x: 0, y: 180, width: 375, height: 30),
            ])
        expectEqual(headers.map(\.alpha), [0.25, 0.25])
        expectEqual(layout.collectionViewContentSize, Size(width: 375, height: 530))
    }

    /// A hook the translator refuses refuses the export at its line; with `--allow-partial` the
    /// provider is translated alone and the hook is marked, the header saying why.
    @Test func aRefusedHookLeavesTheProviderTranslated() throws {
        let source = Self.source.replacingOccurrences(
            of: "a.alpha = 0.25", with: "a.alpha = table.unpack({0.25})")
        let refused = try Exported(source, counts: [3, 4], translatesProvider: true)
        expect(
            refused.refusals.first
                == "layout.lua:32: table.unpack with 1 arguments is not in the subset (--allow-partial translates the sections alone and marks the hooks)"
        )
        let partial = try Exported(source, counts: [3, 4], allowPartial: true, translatesProvider: true)
        expect(
            partial.header.contains(
                "// The layout's hooks are not translated (--allow-partial): layout.lua:32: table.unpack with 1 arguments is not in the subset; they are marked below."
            ), "\(partial.header)")
        expectContains(partial.body, "func makeTestLayout() -> UICollectionViewCompositionalLayout {")
        expectContains(partial.body, "        script.sectionProvider(sectionIndex, environment)\n")
        expectContains(partial.body, "    // not exported: attributes (layout.lua:25) is Lua code\n")
    }

    /// Without `--allow-partial`: one script class holding the provider and the hook, and the
    /// layout subclass the make function returns, given that script.
    @Test func theExportIsOneTranslation() throws {
        let exported = try Exported(Self.source, counts: [3, 4], translatesProvider: true)
        expectEqual(exported.refusals, [])
        let body = exported.body
        expectContains(body, "final class TestLayout: UICollectionViewCompositionalLayout {")
        expectContains(body, "func makeTestLayout() -> TestLayout {")
        expectContains(body, "    layout.script = script\n")
        expectContains(body, "        for a in elements { script.attributes(cv, a) }\n")
        expectEqual(body.components(separatedBy: "private final class TestScript {").count, 2)
        expectContains(body, "    func sectionProvider(_ sectionIndex: Int, ")
        expectContains(body, "    func attributes(_ cv: TestContext, _ a: TestAttributes) {")
        expect(!exported.swift.contains("not exported"))
        expect(
            exported.header.contains {
                $0.hasPrefix(
                    "// attributes (layout.lua:25): Lua code translated to Swift (TestScript, called by TestLayout's overrides"
                )
            }, "\(exported.header)")
    }
}
