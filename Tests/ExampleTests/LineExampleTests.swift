import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// Element-wise comparison of two transforms (the zoom is a sum of doubles).
private func close(_ t: Transform3D, _ want: Transform3D) -> Bool {
    zip(t.m, want.m).allSatisfy { abs($0 - $1) < 1e-12 }
}

/// CATransform3DMakeScale(zoom, zoom, 1).
private func zoomed(_ zoom: Double) -> Transform3D { .scale(x: zoom, y: zoom, z: 1) }

@Suite("Example: line.lua")
struct LineExampleTests {
    /// Bounds 600×400: insets left = right = (600 − 200)/2 = 200, top = bottom = (400 − 200)/2
    /// = 100, so each column holds exactly one 200×200 item (A = 200) and columns advance by
    /// 200 + 50 = 250: item i at (200 + 250·i, 100). Content width = 200 + 10·200 + 9·50 + 200
    /// = 2850, height 400.
    @Test func oneRowWhoseFirstItemStartsCentred() throws {
        let example = try Example("line.lua", width: 600, height: 400, counts: [10])
        expectEqual(example.contentSize, Size(width: 2850, height: 400))
        for item in [0, 1, 9] {
            expect(
                try example.cell(0, item)?.frame == Rect(x: 200 + 250 * Double(item), y: 100, width: 200, height: 200))
        }
    }

    /// Offset 0: the visible centre is x = 300. Item 0's centre is 300 → distance 0 → zoom
    /// 1 + 0.3·(1 − 0) = 1.3, zIndex 1. Item 1's centre is 550 → distance 250 ≥ 200 → untouched:
    /// identity, zIndex 0.
    @Test func theCentreItemGetsTheFullZoom() throws {
        let example = try Example("line.lua", width: 600, height: 400, counts: [10])
        let centre = try require(try example.cell(0, 0))
        expect(close(centre.transform3D, zoomed(1.3)), "\(centre.transform3D)")
        expectEqual(centre.zIndex, 1)
        let next = try require(try example.cell(0, 1))
        expectEqual(next.transform3D, .identity)
        expectEqual(next.zIndex, 0)
    }

    /// Offset 100: the visible centre is 400. Item 0 (centre 300) is 100 = half the active
    /// distance away → zoom 1 + 0.3·0.5 = 1.15; item 1 (centre 550) is 150 away → 1 + 0.3·0.25
    /// = 1.075; item 2 (centre 800) is 400 away → identity. Offset 50: the centre is 350 and
    /// item 1 is exactly 200 away — not strictly inside the active distance → identity, zIndex 0.
    @Test func theZoomFallsOffLinearlyWithDistance() throws {
        var example = try Example("line.lua", width: 600, height: 400, counts: [10])
        try example.setBounds(Rect(x: 100, y: 0, width: 600, height: 400))
        let visible = try example.elements(in: example.context.bounds)
        // The rect [100, 700) meets items 0 (200–400), 1 (450–650) only.
        expectEqual(visible.map(\.indexPath), [LayoutIndexPath(0, 0), LayoutIndexPath(0, 1)])
        expect(close(visible[0].transform3D, zoomed(1.15)), "\(visible[0].transform3D)")
        expect(close(visible[1].transform3D, zoomed(1.075)), "\(visible[1].transform3D)")
        expectEqual(visible.map(\.zIndex), [1, 1])
        expectEqual(try example.cell(0, 2)?.transform3D, .identity)

        try example.setBounds(Rect(x: 50, y: 0, width: 600, height: 400))
        let edge = try require(try example.cell(0, 1))
        expect(edge.transform3D == .identity && edge.zIndex == 0)
    }

    /// Every scroll invalidates (Apple's shouldInvalidateLayoutForBoundsChange: YES), and the
    /// zoom follows the viewport: at offset 500 the centre is 800 = item 2's centre (200 +
    /// 500 + 100) → item 2 gets 1.3 and zIndex 1; item 0 (500 away) falls back to identity.
    @Test func scrollingMovesTheZoomToAnotherItem() throws {
        var example = try Example("line.lua", width: 600, height: 400, counts: [10])
        expectEqual(try example.cell(0, 2)?.transform3D, .identity)
        let newBounds = Rect(x: 500, y: 0, width: 600, height: 400)
        expect(try example.layout.shouldInvalidateLayout(forBoundsChange: newBounds, context: example.context))
        try example.setBounds(newBounds)
        let item2 = try require(try example.cell(0, 2))
        expect(close(item2.transform3D, zoomed(1.3)) && item2.zIndex == 1, "\(item2)")
        let item0 = try require(try example.cell(0, 0))
        expect(item0.transform3D == .identity && item0.zIndex == 0)
        expectEqual(item2.frame, Rect(x: 700, y: 100, width: 200, height: 200))  // frames never move
    }

    /// Offset i·250 centres item i (its centre 300 + 250·i minus half the width 300). A fling
    /// proposing x = 370 (1.48 pitches) stops at 250, x = 380 (1.52) at 500, the tie x = 375
    /// goes to the earlier item (250), and proposals outside the row clamp to items 0 and 9
    /// (0 and 2250). y is kept.
    @Test func flingsSnapToCentreAnItem() throws {
        let example = try Example("line.lua", width: 600, height: 400, counts: [10])
        func target(_ x: Double) throws -> Point {
            try example.layout.targetContentOffset(
                forProposedContentOffset: Point(x: x, y: 7), withScrollingVelocity: Point(x: 1, y: 0),
                context: example.context)
        }
        expectEqual(try target(370), Point(x: 250, y: 7))
        expectEqual(try target(380), Point(x: 500, y: 7))
        expectEqual(try target(375), Point(x: 250, y: 7))
        expectEqual(try target(-300), Point(x: 0, y: 7))
        expectEqual(try target(5000), Point(x: 2250, y: 7))
    }
}
