import LayoutEngine
import TestExpectations
import Testing

/// A layout whose rect query, like a script layout's, selects elements by their prepared frames
/// and then lets a hook move them (`hook`); and which may have one orthogonal section.
private final class HookedLayout: CollectionViewLayout {
    var placed: [LayoutAttributes] = []
    var hook: (inout LayoutAttributes) -> Void = { _ in }
    var regions: [ScrollRegion] = []
    /// The rects the view queried.
    private(set) var queries: [Rect] = []

    func prepare(in context: CollectionContext) throws {}
    var collectionViewContentSize: Size { Size(width: 300, height: 1000) }

    func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        queries.append(rect)
        return placed.filter { $0.frame.intersects(rect) }.map {
            var a = $0
            hook(&a)
            return a
        }
    }
    func layoutAttributesForItem(at indexPath: LayoutIndexPath, context: CollectionContext) throws -> LayoutAttributes?
    {
        placed.first { $0.key == .cell(indexPath.section, indexPath.item) }
    }
    func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? { nil }
    func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? { nil }
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool { false }
    func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point, context: CollectionContext
    ) throws -> Point { proposed }
    func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] { placed }

    var scrollRegions: [ScrollRegion] { regions }
    func scrollsWithRegion(_ key: ElementKey) -> Bool { key.category == .cell }
    /// Groups of 110 (a 100-wide cell and a 10-point gap): round to the nearest without
    /// velocity, the next one in the velocity's direction otherwise, clamped to 0…500.
    func targetOffset(inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double) -> Double {
        let index = proposed / 110
        let snapped = velocity > 0 ? index.rounded(.up) : velocity < 0 ? index.rounded(.down) : index.rounded()
        return min(max(snapped * 110, 0), 500)
    }
}

/// Hit testing on what is drawn, paging releases and orthogonal sections scrolled by touches
/// (docs/interaction.md, "the simulator tells the truth").
@Suite("Headless view: drawn frames, releases, orthogonal sections")
struct HeadlessDrawnFramesTests {
    private static func context() -> CollectionContext {
        CollectionContext(bounds: Rect(x: 0, y: 0, width: 300, height: 400), data: CollectionData(counts: [1, 5]))
    }

    @Test func aCellMovedByAHookIsHitWhereItIsDrawn() throws {
        // Prepared at x 0…100; the hook moves it 60 to the right: drawn at 60…160.
        let layout = HookedLayout()
        layout.placed = [LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 50))]
        layout.hook = { $0.frame.origin.x += 60 }
        let view = try HeadlessCollectionView(layout: layout, context: Self.context())
        // 60 and 159.5 are inside the drawn frame (half-open 60…160), local x 0 and 99.5.
        expectEqual(try view.indexPathForItem(at: Point(x: 60, y: 10))?.local, Point(x: 0, y: 10))
        expectEqual(try view.indexPathForItem(at: Point(x: 130, y: 10))?.indexPath, LayoutIndexPath(0, 0))
        expectEqual(try view.indexPathForItem(at: Point(x: 159.5, y: 10))?.local, Point(x: 99.5, y: 10))
        // Where the prepared frame was but nothing is drawn: empty space.
        expect(try view.indexPathForItem(at: Point(x: 30, y: 10)) == nil)
        expect(try view.indexPathForItem(at: Point(x: 160, y: 10)) == nil)
    }

    @Test func affineTransformsAreHitAsDrawn() throws {
        let layout = HookedLayout()
        // Cell 0: 100×50 at the origin, centre (50, 25).
        layout.placed = [LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 50))]
        let view = try HeadlessCollectionView(layout: layout, context: Self.context())
        // Scaled 2× about its centre: drawn x 50 − 100 … 50 + 100 = −50…150, y −25…75.
        // (140, 70): relative (90, 45) / 2 = (45, 22.5) from the centre → local (95, 47.5).
        layout.hook = { $0.transform3D = .scale(x: 2, y: 2, z: 1) }
        expectEqual(try view.indexPathForItem(at: Point(x: 140, y: 70))?.local, Point(x: 95, y: 47.5))
        // Rotated 90° about its centre: drawn x 25…75, y −25…75. A point q of the cell maps to
        // centre + q·A with A = [0 1; −1 0]: q = (45, 0) → (0, 45), so (50, 70) is local
        // (45 + 50, 0 + 25) = (95, 25); (90, 25), inside the untransformed frame, is outside
        // the rotated one (q = (0, −40): local y −15).
        layout.hook = { $0.transform3D = .rotationZ(Double.pi / 2) }
        let rotated = try require(try view.indexPathForItem(at: Point(x: 50, y: 70)))
        expect(abs(rotated.local.x - 95) < 1e-9 && abs(rotated.local.y - 25) < 1e-9)
        expect(try view.indexPathForItem(at: Point(x: 90, y: 25)) == nil)
        // Translated by (50, 0): drawn 50…150; (120, 10) is local (70, 10), (20, 10) is empty.
        layout.hook = { $0.transform3D = .translation(x: 50, y: 0, z: 0) }
        expectEqual(try view.indexPathForItem(at: Point(x: 120, y: 10))?.local, Point(x: 70, y: 10))
        expect(try view.indexPathForItem(at: Point(x: 20, y: 10)) == nil)
    }

    /// Section 1 scrolls horizontally in the band y 200…300 (offsets 0…500); its five cells
    /// are prepared at x 0, 110, 220, 330, 440 (100×100).
    private static func carousel() -> HookedLayout {
        let layout = HookedLayout()
        layout.placed = (0..<5).map {
            LayoutAttributes(
                key: .cell(1, $0), frame: Rect(x: Double($0) * 110, y: 200, width: 100, height: 100))
        }
        layout.regions = [
            ScrollRegion(
                section: 1, frame: Rect(x: 0, y: 200, width: 300, height: 100), horizontal: true,
                minimumOffset: 0, maximumOffset: 500, initialOffset: 0)
        ]
        return layout
    }

    @Test func cellsOfAScrolledOrthogonalSectionAreHitAtTheirScrolledPlace() throws {
        let view = try HeadlessCollectionView(layout: Self.carousel(), context: Self.context())
        try view.setSectionOffset(1, 150)
        // Scrolled by 150: cell 2 (220…320) is drawn at 70…170, cell 1 at −40…60.
        expectEqual(try view.indexPathForItem(at: Point(x: 80, y: 250))?.indexPath, LayoutIndexPath(1, 2))
        expectEqual(try view.indexPathForItem(at: Point(x: 80, y: 250))?.local, Point(x: 10, y: 50))
        expectEqual(try view.indexPathForItem(at: Point(x: 30, y: 250))?.indexPath, LayoutIndexPath(1, 1))
        // The gap 60…70 hits nothing.
        expect(try view.indexPathForItem(at: Point(x: 65, y: 250)) == nil)
        expectEqual(try view.drawnElements().elements.first { $0.key == .cell(1, 2) }?.frame.x, 70)
        // Offsets are clamped to the section's range.
        expectEqual(try view.setSectionOffset(1, 900), 500)
        expectEqual(try view.setSectionOffset(1, -20), 0)
        #expect(throws: LayoutError.self) { try view.setSectionOffset(0, 10) }
    }

    @Test func aSidewaysDragInsideTheBandScrollsTheSectionAndItsBehaviourSettlesIt() throws {
        let view = try HeadlessCollectionView(layout: Self.carousel(), context: Self.context())
        // From (200, 250) to (100, 255): past the 10-point slop, mostly sideways, inside the band:
        // the section scrolls by 100 (the content stays at 0, 0). Released without velocity
        // at 100: round(100 / 110) = 1 → 110.
        try view.drag(from: Point(x: 200, y: 250), to: Point(x: 100, y: 255))
        expectEqual(view.sectionOffset(1), 110)
        expectEqual(view.contentOffset, .zero)
        // A fling right after the drag is its release velocity: released at 110 − 40 = 150
        // after a second drag, flung forward at 0.5 pt/ms: the deceleration ends at
        // 150 + 249.5 = 399.5, the next group forward ⌈399.5 / 110⌉ = 4 → 440.
        try view.drag(from: Point(x: 200, y: 250), to: Point(x: 160, y: 250))
        expectEqual(view.sectionOffset(1), 110)  // 150 settles back on round(150 / 110) = 1
        try view.fling(velocity: Point(x: 0.5, y: 0))
        expectEqual(view.sectionOffset(1), 440)
        // A vertical drag in the band scrolls the collection view: content y 0 + 100.
        try view.drag(from: Point(x: 200, y: 290), to: Point(x: 200, y: 190))
        expectEqual(view.contentOffset, Point(x: 0, y: 100))
        expectEqual(view.sectionOffset(1), 440)
    }

    @Test func pagingSettlesOnThePageNearestTheRelease() throws {
        // 20 grid items: content 1110 high, pages of 400, offsets 0…710.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 20))
        view.isPagingEnabled = true
        // Dragged up by 260 and let go: 260 / 400 = 0.65 → page 1 (400).
        try view.drag(from: Point(x: 150, y: 300), to: Point(x: 150, y: 40))
        expectEqual(view.contentOffset, Point(x: 0, y: 400))
        // From 400 dragged by 150 (550 = page 1.375) → back to 400.
        try view.drag(from: Point(x: 150, y: 300), to: Point(x: 150, y: 150))
        expectEqual(view.contentOffset, Point(x: 0, y: 400))
        // The same drag with a fling right after it: from the release at 550 the next page,
        // ⌊1.375⌋ + 1 = 2 → 800, clamped to 710.
        try view.drag(from: Point(x: 150, y: 300), to: Point(x: 150, y: 150))
        try view.fling(velocity: Point(x: 0, y: 1))
        expectEqual(view.contentOffset, Point(x: 0, y: 710))
        // A slow fling (0.05 < 0.1 pt/ms) from 710 (page 1.775) settles on the nearest page,
        // clamped: round(1.775) = 2 → 800 → 710; a fast one backwards goes to ⌈1.775⌉ − 1 = 1.
        try view.fling(velocity: Point(x: 0, y: -0.05))
        expectEqual(view.contentOffset, Point(x: 0, y: 710))
        try view.fling(velocity: Point(x: 0, y: -0.5))
        expectEqual(view.contentOffset, Point(x: 0, y: 400))
    }
}
