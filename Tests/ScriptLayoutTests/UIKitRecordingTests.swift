import LayoutEngine
import TestExpectations
import Testing
@testable import ScriptLayout

/// Frames UIKit drew, measured from public reference images and checked against the engine
/// (docs/checked-against-uikit.md lists every recording and how it was measured).
///
/// The recordings: faberNovel/CompositionalLayoutDSL, CompositionalLayoutDSLTests/LayoutTests/
/// __Snapshots__/<Suite>/<test>.<n>.png — plain `UICollectionViewCompositionalLayout`s with
/// grey (#808080) cells, light-grey (#aaaaaa) supplementaries and cyan-bordered backgrounds,
/// each labelled with its index path, drawn by swift-snapshot-testing's `.image(on: .iPhoneX)`:
/// 375×812 points at @3x. Recorded on iOS 14 (iPhone 12 simulator, Xcode 12; commits cd648a0,
/// 124595c, 3d497cf, d7e8cf4, April 2021) and again on iOS 17 (iPhone 15 simulator, Xcode 15;
/// commit fe2f7a6, September 2023). Image n of every suite shows the same data (the tests'
/// generator is seeded): 1 → [5 items], 2 → [23, 2, …], 3 → [0, …].
///
/// Measured with `Scripts/measure-frames IMAGE --scale 3 --origin 0,TOP`: the content starts
/// 47 points down on iOS 14 and 54 on iOS 17 (the snapshot's safe area), and a pinned footer
/// rests 34 points above the bottom, so each test lays out with that offset and safe area.
/// Every expected number below is derived from UIKit's rules in the comment above it and agrees
/// with the measured pixels.
@Suite("UIKit recordings (CompositionalLayoutDSL snapshots, iOS 14 and 17)")
struct UIKitRecordingTests {
    /// The recordings' commits, for the citations below.
    static let ios14Commits = (
        groups: "cd648a0da7a62f88dc1f129fbcd26b5e9a35acc2", list: "124595cb7352cde2e7364d278f1434aa1f6076bd",
        supplementary: "3d497cf7eef5da4e6df2174349c715ae16d6cdb9",
        decoration: "d7e8cf4f4915bf27dfa4fe539f6867ff57145a5a"
    )
    static let ios17Commit = "fe2f7a6cbf5d60a8f0a16ca6832b039880f28504"

    /// SupplementaryItemDSLTests: `subitem: item, count: 4` with interItemSpacing 16 and a
    /// trailing contentInset of 20; the item `.fractionalWidth(1)` × `.fractionalWidth(1/4)` with
    /// a 15×15 badge at its top-trailing corner (fractionalOffset 0.5, −0.5); the group a 20×60
    /// `[.trailing]` supplementary at fractionalOffset (1, 0); interGroupSpacing 16, bottom
    /// inset 16.
    static let supplementary = """
        local C = compositional
        local badge = C.supplementaryItem{ kind = "header", width = C.absolute(15), height = C.absolute(15),
          containerAnchor = { edges = {"top", "trailing"}, fractionalOffset = {0.5, -0.5} } }
        local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalWidth(1/4),
          supplementaryItems = {badge} }
        local side = C.supplementaryItem{ kind = "footer", width = C.absolute(20), height = C.absolute(60),
          containerAnchor = { edges = {"trailing"}, fractionalOffset = {1, 0} } }
        local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(80),
          subitem = item, count = 4, interItemSpacing = C.fixed(16), supplementaryItems = {side},
          contentInsets = {0, 0, 0, 20} }
        return compositional{ section = C.section{ group = group, interGroupSpacing = 16,
          contentInsets = {0, 0, 16, 0} } }
        """

    /// SectionDSLTests ("list section"): full-width 40-point rows, interGroupSpacing 2, a 24-point
    /// header and footer, both pinned.
    static let list = """
        local C = compositional
        local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
        local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(40),
          subitem = item, count = 1 }
        local function boundary(kind, alignment)
          return C.boundarySupplementaryItem{ kind = kind, alignment = alignment, width = C.fractionalWidth(1),
            height = C.absolute(24), pinToVisibleBounds = true }
        end
        return compositional{ section = C.section{ group = group, interGroupSpacing = 2,
          boundarySupplementaryItems = { boundary("header", "top"), boundary("footer", "bottom") } } }
        """

    /// DecorationItemDSLTests: an orthogonal (continuous) section, `count: 4` items 40 high with
    /// spacing 8, contentInsets 16 all round, a background decoration.
    static let decoration = """
        local C = compositional
        local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
        local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(40),
          subitem = item, count = 4, interItemSpacing = C.fixed(8) }
        return compositional{ section = C.section{ group = group, interGroupSpacing = 8,
          orthogonalScrollingBehavior = "continuous", contentInsets = {16, 16, 16, 16},
          decorationItems = { C.background{ kind = "TestingDecorationView" } } } }
        """

    /// GroupDSLTests ("inner groups"): a 100-point group with insets 16 each side holding an item
    /// a third wide (trailing inset 4) and two vertical `count:` groups a third wide; spacings 8.
    static let innerGroups = """
        local C = compositional
        local third = C.item{ width = C.fractionalWidth(1/3), height = C.fractionalHeight(1), contentInsets = {0, 0, 0, 4} }
        local full = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
        local two = C.group{ axis = "vertical", width = C.fractionalWidth(1/3), height = C.fractionalHeight(1),
          subitem = full, count = 2, interItemSpacing = C.fixed(8), contentInsets = {0, 4, 0, 4} }
        local three = C.group{ axis = "vertical", width = C.fractionalWidth(1/3), height = C.fractionalHeight(1),
          subitem = full, count = 3, interItemSpacing = C.fixed(8), contentInsets = {0, 4, 0, 0} }
        local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(100),
          subitems = {third, two, three}, contentInsets = {0, 16, 0, 16} }
        return compositional{ section = C.section{ group = group, interGroupSpacing = 8 }, interSectionSpacing = 8 }
        """

    /// The snapshot's collection view: 375×812 @3x, scrolled to minus the top safe area (47 on
    /// the iOS 14 recordings, 54 on the iOS 17 ones), 34 at the bottom.
    static func frames(
        _ source: String, ios: Int, counts: [Int]
    ) throws -> [ElementKey: Rect] {
        let top: Double = ios == 14 ? 47 : 54
        var context = CollectionContext(
            bounds: Rect(x: 0, y: -top, width: 375, height: 812), scale: 3, data: CollectionData(counts: counts),
            safeAreaInsets: EdgeInsets(top: top, left: 0, bottom: 34, right: 0))
        context.iosVersion = IOSVersion(ios)
        let layout = try ScriptLayout(source: source)
        try layout.prepare(in: context)
        return Dictionary(
            uniqueKeysWithValues: try layout.allLayoutAttributes(context: context).map { ($0.key, $0.frame) })
    }

    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    /// Thirds of a point as UIKit's @3x pixels hold them (n/3).
    static func px(_ n: Double) -> Double { n / 3 }

    static func supplementary(_ kind: String, _ s: Int, _ i: Int) -> ElementKey {
        ElementKey(category: .supplementary, kind: kind, indexPath: LayoutIndexPath(s, i))
    }

    static func decoration(_ s: Int) -> ElementKey {
        ElementKey(category: .decoration, kind: "TestingDecorationView", indexPath: LayoutIndexPath(s, 0))
    }

    // MARK: - Issue 31, difference 1: `count:` groups with inter-item spacing

    /// testSupplementaryItem.1.png, iOS 17 (fe2f7a6): interior 375 − 20 = 355, less 3 × 16 =
    /// 307; the item takes 307/4 = 76.75 along the group and its `.fractionalWidth(1/4)` height
    /// resolves against the same 307: 76.75. Floored to the @3x grid (modern): 230 px = 76.667
    /// square. x = i × (76.667 + 16) = 0, 92.667 (278 px), 185.333 (556 px), 278 (834 px).
    /// Measured: four squares 230 px wide and tall at x 0, 278, 556, 834 px.
    @Test func countGroupItemsResolveAgainstTheInteriorLessSpacingsIOS17() throws {
        let frames = try Self.frames(Self.supplementary, ios: 17, counts: [5])
        let side = Self.px(230)
        expectEqual(frames[.cell(0, 0)], Self.r(0, 0, side, side))
        expectEqual(frames[.cell(0, 1)], Self.r(Self.px(278), 0, side, side))
        expectEqual(frames[.cell(0, 2)], Self.r(Self.px(556), 0, side, side))
        expectEqual(frames[.cell(0, 3)], Self.r(Self.px(834), 0, side, side))
        // The second group starts 80 + 16 = 96 down.
        expectEqual(frames[.cell(0, 4)], Self.r(0, 96, side, side))
    }

    /// testSupplementaryItem.1.png, iOS 14 (3d497cf): the legacy model keeps 76.75 and rounds
    /// each frame component: widths 230.25 px → 230; x = i × 92.75 → 278.25, 556.5, 834.75 px
    /// → 278, 557, 835 (halves away from zero). Measured: x 0, 278, 557, 835 px, 230 px wide.
    @Test func countGroupItemsIOS14RoundLegacy() throws {
        let frames = try Self.frames(Self.supplementary, ios: 14, counts: [5])
        let side = Self.px(230)
        expectEqual(frames[.cell(0, 1)], Self.r(Self.px(278), 0, side, side))
        expectEqual(frames[.cell(0, 2)], Self.r(Self.px(557), 0, side, side))
        expectEqual(frames[.cell(0, 3)], Self.r(Self.px(835), 0, side, side))
    }

    // MARK: - Difference 2: a group's supplementary items

    /// testSupplementaryItem.1.png and .2.png, iOS 17 (fe2f7a6) and iOS 14 (3d497cf): the 20×60
    /// `[.trailing]` item anchors to the group less its insets (0…355 across, 0…80 down): x =
    /// 355 − 20 + 1 × 20 = 355, y = 40 − 30 = 10, so it ends at the group's edge (375). Its label
    /// reads [0, g] for group g: (section, index of the group), groups 96 apart. Image 2's
    /// section 0 has 23 items: 6 groups (the last holds 3), [0, 0] … [0, 5]; section 0 ends at
    /// 6 × 80 + 5 × 16 + 16 = 576, so section 1's group's item is [1, 0] at y 586. Measured:
    /// 60-point bars at x 1065 px, y 30 + 288 g px, and at y 1758 px (586).
    @Test(arguments: [14, 17])
    func groupSupplementariesAnchorInsideTheInsetsAtTheGroupIndex(ios: Int) throws {
        let one = try Self.frames(Self.supplementary, ios: ios, counts: [5])
        expectEqual(one[Self.supplementary("footer", 0, 0)], Self.r(355, 10, 20, 60))
        expectEqual(one[Self.supplementary("footer", 0, 1)], Self.r(355, 106, 20, 60))
        expect(one[Self.supplementary("footer", 0, 4)] == nil)
        let two = try Self.frames(Self.supplementary, ios: ios, counts: [23, 2])
        for g in 0..<6 {
            expectEqual(two[Self.supplementary("footer", 0, g)], Self.r(355, 10 + 96 * Double(g), 20, 60))
        }
        expect(two[Self.supplementary("footer", 0, 6)] == nil)
        expectEqual(two[Self.supplementary("footer", 1, 0)], Self.r(355, 586, 20, 60))
    }

    /// The badges (item supplementaries, unchanged): origin = cell's top-trailing − (15, 0) +
    /// (7.5, −7.5). iOS 17, cell 0 ends at 76.667: 69.167 → 207.5 px → 208; y −7.5 → −22.5 px →
    /// −23. iOS 14, cell 3 ends at 355 (unrounded): 347.5 → 1042.5 px → 1043. Measured: 15-point
    /// squares at x 208 px (both), 1042 px (iOS 17) and 1043 px (iOS 14), y −23 px.
    @Test func badgesFollowTheirCells() throws {
        let modern = try Self.frames(Self.supplementary, ios: 17, counts: [5])
        expectEqual(modern[Self.supplementary("header", 0, 0)], Self.r(Self.px(208), Self.px(-23), 15, 15))
        expectEqual(modern[Self.supplementary("header", 0, 3)], Self.r(Self.px(1042), Self.px(-23), 15, 15))
        let legacy = try Self.frames(Self.supplementary, ios: 14, counts: [5])
        expectEqual(legacy[Self.supplementary("header", 0, 3)], Self.r(Self.px(1043), Self.px(-23), 15, 15))
    }

    // MARK: - Differences 3 and 4: empty sections

    /// testListSection.3.png, iOS 17 (fe2f7a6): section 0 has no items. It takes no content:
    /// header 0…24, footer 24…48, section 1's header 48…72 (measured: one light-grey band 0…216
    /// px), its first row at 72 (216 px), the next at 114. Section 1's footer is pinned 34
    /// above the bottom: 812 − 54 − 34 − 24 = 700 (2100 px).
    @Test func emptySectionIOS17TakesNoContent() throws {
        let frames = try Self.frames(Self.list, ios: 17, counts: [0, 20])
        expectEqual(frames[Self.supplementary("header", 0, 0)], Self.r(0, 0, 375, 24))
        expectEqual(frames[Self.supplementary("footer", 0, 0)], Self.r(0, 24, 375, 24))
        expectEqual(frames[Self.supplementary("header", 1, 0)], Self.r(0, 48, 375, 24))
        expectEqual(frames[.cell(1, 0)], Self.r(0, 72, 375, 40))
        expectEqual(frames[.cell(1, 1)], Self.r(0, 114, 375, 40))
        expectEqual(frames[Self.supplementary("footer", 1, 0)], Self.r(0, 700, 375, 24))
    }

    /// testListSection.3.png, iOS 14 (124595c): the empty section's content is −2 (minus the
    /// interGroupSpacing): header 0…24, content 24…22, footer 22…46, section 1 from 46. Both
    /// pinned items keep clear of each other inside the section (46 long): the header rises to
    /// 46 − 24 − 24 = −2, the footer drops to 24. Measured: a band −6…66 px (−2…22), a band
    /// 72…210 px (24…70: the footer and section 1's header, 46…70, overlapping), rows from 70
    /// (210 px); section 1's footer 812 − 47 − 34 − 24 = 707.
    @Test func emptySectionIOS14IsMinusTheSpacing() throws {
        let frames = try Self.frames(Self.list, ios: 14, counts: [0, 20])
        expectEqual(frames[Self.supplementary("header", 0, 0)], Self.r(0, -2, 375, 24))
        expectEqual(frames[Self.supplementary("footer", 0, 0)], Self.r(0, 24, 375, 24))
        expectEqual(frames[Self.supplementary("header", 1, 0)], Self.r(0, 46, 375, 24))
        expectEqual(frames[.cell(1, 0)], Self.r(0, 70, 375, 40))
        expectEqual(frames[Self.supplementary("footer", 1, 0)], Self.r(0, 707, 375, 24))
    }

    /// testDecorationItem.3.png (orthogonal, background): iOS 17 (fe2f7a6) gives the empty
    /// section 0 no room and no background: section 1's background 0…72 (cyan border rows
    /// 0…15 and 201…216 px), its cells at y 16. iOS 14 (d7e8cf4) keeps the empty section's
    /// full row, 16 + 40 + 16 = 72, with its background (borders at 0, 201…231 px): section 1
    /// from 72, cells at 88. Across, the group is the band's 375 (the orthogonal section's
    /// container) less 3 × 8, over 4: 87.75 → 87.667 (263 px) at 16 + i × 95.667 on iOS 17
    /// (48, 335, 622, 909 px); iOS 14 keeps 87.75: 16 + i × 95.75 → 48, 335, 623, 910 px.
    @Test func emptyOrthogonalSection() throws {
        let modern = try Self.frames(Self.decoration, ios: 17, counts: [0, 10, 10])
        expect(modern[Self.decoration(0)] == nil)
        expectEqual(modern[Self.decoration(1)], Self.r(0, 0, 375, 72))
        let width = Self.px(263)
        for (i, x) in [48.0, 335, 622, 909].enumerated() {
            expectEqual(modern[.cell(1, i)], Self.r(Self.px(x), 16, width, 40))
        }
        let legacy = try Self.frames(Self.decoration, ios: 14, counts: [0, 10, 10])
        expectEqual(legacy[Self.decoration(0)], Self.r(0, 0, 375, 72))
        expectEqual(legacy[Self.decoration(1)], Self.r(0, 72, 375, 72))
        for (i, x) in [48.0, 335, 623, 910].enumerated() {
            expectEqual(legacy[.cell(1, i)], Self.r(Self.px(x), 88, width, 40))
        }
    }

    /// testInnerGroups.3.png: the interSectionSpacing (8) still follows an empty section. iOS 17
    /// (fe2f7a6): section 1 at 0 + 8 = 8; iOS 14 (cd648a0): −8 + 8 = 0. Across (both): interior
    /// 343; the third 114.333 less its trailing 4 → x 16, 110.333 (331 px); the two-item group
    /// at 130.333 inset 4 → x 134.333, 106.333 wide, (100 − 8)/2 = 46 high at 0 and 54; the
    /// three-item group at 244.667 + 4 = 248.667, 110.333 wide, (100 − 16)/3 = 28 high at 0,
    /// 36, 72. Measured: exactly these, from y 24 px (iOS 17) and 0 (iOS 14).
    @Test(arguments: [(14, 0.0), (17, 8.0)])
    func sectionSpacingFollowsAnEmptySection(ios: Int, top: Double) throws {
        let frames = try Self.frames(Self.innerGroups, ios: ios, counts: [0, 12])
        expectEqual(frames[.cell(1, 0)], Self.r(16, top, Self.px(331), 100))
        expectEqual(frames[.cell(1, 1)], Self.r(Self.px(403), top, Self.px(319), 46))
        expectEqual(frames[.cell(1, 2)], Self.r(Self.px(403), top + 54, Self.px(319), 46))
        for (i, y) in [0.0, 36, 72].enumerated() {
            expectEqual(frames[.cell(1, 3 + i)], Self.r(Self.px(746), top + y, Self.px(331), 28))
        }
    }

    // MARK: - What held already

    /// testListSection.1.png (5 items), iOS 14 and 17: header 0…24, rows 40 tall every 42 from
    /// 24, footer after the last row less nothing: 24 + 5 × 40 + 4 × 2 = 232, …256. Measured.
    @Test(arguments: [14, 17])
    func pinnedHeaderAndFooter(ios: Int) throws {
        let frames = try Self.frames(Self.list, ios: ios, counts: [5])
        expectEqual(frames[Self.supplementary("header", 0, 0)], Self.r(0, 0, 375, 24))
        for i in 0..<5 { expectEqual(frames[.cell(0, i)], Self.r(0, 24 + 42 * Double(i), 375, 40)) }
        expectEqual(frames[Self.supplementary("footer", 0, 0)], Self.r(0, 232, 375, 24))
    }

    /// testInnerGroups.2.png, both releases: section 0 (23 items, 6 a group) ends after 4
    /// groups: 4 × 100 + 3 × 8 = 424; section 1 (2 items: the third and the first of the
    /// two-item group) starts 8 later, at 432. Measured: rows at 0, 108, 216, 324, 432 (1296 px).
    @Test(arguments: [14, 17])
    func partialNestedGroups(ios: Int) throws {
        let frames = try Self.frames(Self.innerGroups, ios: ios, counts: [23, 2, 6])
        expectEqual(frames[.cell(0, 22)], Self.r(Self.px(746), 324 + 36, Self.px(331), 28))
        expect(frames[.cell(0, 23)] == nil)
        expectEqual(frames[.cell(1, 0)], Self.r(16, 432, Self.px(331), 100))
        expectEqual(frames[.cell(1, 1)], Self.r(Self.px(403), 432, Self.px(319), 46))
        expectEqual(frames[.cell(2, 0)], Self.r(16, 540, Self.px(331), 100))
    }
}
