import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/orthogonal-behaviors.lua")
struct CompositionalOrthogonalBehaviorsExampleTests {
    static let behaviors = [
        "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered",
    ]

    static func example() throws -> Example {
        try Example.compositional("orthogonal-behaviors.lua", counts: Array(repeating: 9, count: 6))
    }

    /// 375×667 @2x, six sections of 9, each under a "title" header (0, t, 375, 44): 1.0 × 375
    /// with no section insets, estimated 44.
    ///
    /// - Section 0 ("none") scrolls with the page: groups 1.0 × 375 by 266.5 (as nested-groups:
    ///   leading 262.5, trailing 112.5) stack at y = 44 + 266.5g, g = 0…2; it ends at
    ///   44 + 3·266.5 = 843.5.
    /// - Sections 1…5 scroll sideways: groups 318.5 × 266.5 (as orthogonal-sections: leading
    ///   222.5, trailing 95.5) at x = 318.5g, y = t + 44, each section 44 + 266.5 = 310.5 tall:
    ///   t = 843.5 + 310.5(s − 1). groupPagingCentered reports groupPaging's frames.
    /// Content height 843.5 + 5·310.5 = 2396.
    static func top(_ section: Int) -> Double { section == 0 ? 0 : 843.5 + 310.5 * Double(section - 1) }

    @Test func oneSectionPerBehaviour() throws {
        let example = try Self.example()
        var expected = (0..<3).flatMap { g in
            nestedGroupCells(x: 0, y: 44 + 266.5 * Double(g), leading: 262.5, trailing: 112.5)
        }
        .enumerated().map { (LayoutIndexPath(0, $0.offset), $0.element) }
        for s in 1..<6 {
            expected += (0..<3).flatMap { g in
                nestedGroupCells(x: 318.5 * Double(g), y: Self.top(s) + 44, leading: 222.5, trailing: 95.5)
            }.enumerated().map { (LayoutIndexPath(s, $0.offset), $0.element) }
        }
        expectFrames(try example.cells(), expected)
        let titles = try example.supplementaries("title")
        expectFrames(titles, (0..<6).map { (LayoutIndexPath($0, 0), rect(0, Self.top($0), 375, 44)) })
        expectEqual(titles.map(\.custom["label"]), Self.behaviors.map { .string($0) })
        expectEqual(example.contentSize, Size(width: 375, height: 2396))
    }

    /// Where a fling comes to rest, per behaviour. Each sideways section holds 3 groups of
    /// 318.5 with no spacing or insets: content 955.5 wide, offsets 0…955.5 − 375 = 580.5.
    /// Snapping: index = offset / unit; ceil(index − 0.005) forward, floor(index + 0.005) back,
    /// round(index) without velocity; clamped.
    ///
    /// - continuous (1): rests where released: 123.5.
    /// - continuousGroupLeadingBoundary (2): leading edges at 318.5g; 300 / 318.5 = 0.94 →
    ///   round 1 → 318.5.
    /// - paging (3): unit 375; 500 forward: 1.33 → 2 → 750, clamped to 580.5; 500 back: 1 → 375.
    /// - groupPaging (4): unit 318.5; 400 forward: 1.26 → 2 → 637, clamped to 580.5; 400 back:
    ///   1 → 318.5.
    /// - groupPagingCentered (5): insets (375 − 318.5)/2 = 28.25, so offsets start at −28.25;
    ///   300 without velocity: (300 + 28.25)/318.5 = 1.03 → 1 → −28.25 + 318.5 = 290.25.
    @Test func flingsComeToRestByBehaviour() throws {
        let example = try Self.example()
        let layout = example.layout
        expectEqual(layout.scrollRegions.map(\.section), [1, 2, 3, 4, 5])
        expectEqual(layout.targetOffset(inRegion: 1, proposed: 123.5, velocity: 0), 123.5)
        expectEqual(layout.targetOffset(inRegion: 2, proposed: 300, velocity: 0), 318.5)
        expectEqual(layout.targetOffset(inRegion: 3, proposed: 500, velocity: 1), 580.5)
        expectEqual(layout.targetOffset(inRegion: 3, proposed: 500, velocity: -1), 375)
        expectEqual(layout.targetOffset(inRegion: 4, proposed: 400, velocity: 1), 580.5)
        expectEqual(layout.targetOffset(inRegion: 4, proposed: 400, velocity: -1), 318.5)
        expectEqual(layout.targetOffset(inRegion: 5, proposed: 300, velocity: 0), 290.25)
        // Where each section starts: 0, but −28.25 for groupPagingCentered.
        expectEqual(layout.scrollRegions.map(\.initialOffset), [0, 0, 0, 0, -28.25])
    }

    /// One page, one group per swipe, however hard the fling (Apple's pages: groupPaging pages
    /// one group at a time; paging, by the container).
    /// A fling of 20 points/ms would decelerate 20 · 499 = 9980 points: every section's snap
    /// lands on its last offset, 580.5, and the paging ones stop at the next unit instead —
    /// paging (3) 375, groupPaging (4) 318.5, groupPagingCentered (5) −28.25 + 318.5 = 290.25;
    /// the continuous ones (1, 2) go all the way. Flung back as hard, each pages back by one
    /// unit: 0, 0, −28.25.
    @Test func aHardFlingPagesOneUnit() throws {
        let example = try Self.example()
        let view = try HeadlessCollectionView(layout: example.layout, context: example.context)
        let forward = try (1...5).map { try view.flingSection($0, velocity: 20).target }
        expectEqual(forward, [580.5, 580.5, 375, 318.5, 290.25])
        let back = try (3...5).map { try view.flingSection($0, velocity: -20).target }
        expectEqual(back, [0, 0, -28.25])
        // From a release between boundaries (groupPaging at 400, group 1.26): forward to the
        // next boundary past it, 2 · 318.5 = 637, clamped to 580.5; back to 318.5.
        expectEqual(try view.flingSection(4, from: 400, velocity: 20).target, 580.5)
        expectEqual(try view.flingSection(4, from: 400, velocity: -20).target, 318.5)
    }
}
