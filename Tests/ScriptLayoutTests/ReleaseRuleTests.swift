import LayoutEngine
import TestExpectations
import Testing
@testable import ScriptLayout

/// The behaviours `--ios` selects that the recordings do not cover directly
/// (docs/uikit-versions.md): the rounding model's override, and lists' header padding.
@Suite("iOS release rules")
struct ReleaseRuleTests {
    static func prepared(_ source: String, ios: Int, counts: [Int] = [5]) throws -> ScriptLayout {
        var context = makeContext(width: 375, scale: 2, counts: counts)
        context.iosVersion = IOSVersion(ios)
        let layout = try ScriptLayout(source: source)
        try layout.prepare(in: context)
        return layout
    }

    /// Five items of 0.3 × 375 = 112.5 in a row: at @2x the modern model keeps 112.5 (a whole
    /// pixel count); 0.22448 × 375 = 84.18 floors to 84 (modern, iOS 16+) and stays 84.18 until
    /// the frames round (legacy, iOS 14: x of item 1 = 84.18 → 84, of item 2 = 168.36 → 168.5).
    static func row(_ roundingModel: String?) -> String {
        let field = roundingModel.map { "roundingModel = \"\($0)\", " } ?? ""
        return """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(0.22448), height = C.fractionalHeight(1) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(50), subitems = {item} }
            return compositional{ \(field)section = C.section{ group = group } }
            """
    }

    @Test func theReleasePicksTheRoundingModel() throws {
        let modern = try Self.prepared(Self.row(nil), ios: 16)
        let legacy = try Self.prepared(Self.row(nil), ios: 15)
        let context = makeContext(width: 375, scale: 2, counts: [5])
        expectEqual(try modern.allLayoutAttributes(context: context)[2].frame.x, 168)
        expectEqual(try legacy.allLayoutAttributes(context: context)[2].frame.x, 168.5)
        expect(modern.warnings.isEmpty && legacy.warnings.isEmpty)
    }

    /// A script's roundingModel overrides the release's, and says so when they differ.
    @Test func roundingModelOverridesAndWarns() throws {
        let overridden = try Self.prepared(Self.row("legacy"), ios: 17)
        let context = makeContext(width: 375, scale: 2, counts: [5])
        expectEqual(try overridden.allLayoutAttributes(context: context)[2].frame.x, 168.5)
        #expect(
            overridden.warnings == [
                #"layout.lua:4: warning: roundingModel = "legacy" overrides the rounding of iOS 17 (modern)"#
            ])
        expect(try Self.prepared(Self.row("legacy"), ios: 14).warnings.isEmpty)
    }

    /// A plain list's supplementary header: 22 points down from iOS 15 (lists.md), at the
    /// section's top on iOS 14.
    @Test(arguments: [(14, 0.0), (15, 22.0), (17, 22.0)])
    func listHeaderPadding(ios: Int, y: Double) throws {
        let layout = try Self.prepared(
            #"return compositional{ list = compositional.list{ appearance = "plain", headerMode = "supplementary" } }"#,
            ios: ios, counts: [1])
        let context = makeContext(width: 375, scale: 2, counts: [1])
        let header = try layout.allLayoutAttributes(context: context).first { $0.category == .supplementary }
        expectEqual(header?.frame, Rect(x: 0, y: y, width: 375, height: 28))
    }
}
