import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// Element-wise comparison of two transforms (cos and sin are exact only to an ulp or so).
private func close(_ t: Transform3D, _ want: [Double]) -> Bool {
    zip(t.m, want).allSatisfy { abs($0 - $1) < 1e-12 }
}

private let root3 = 3.0.squareRoot()

@Suite("Example: cover-flow.lua")
struct CoverFlowExampleTests {
    /// Bounds 600×400, covers 200×200, spacing 100: cover i is centred at (300 + 100·i, 200),
    /// so its frame is (200 + 100·i, 100, 200, 200); content = 600 + 9·100 = 1500 by 400.
    @Test func coversSitInOneRow() throws {
        let example = try Example("cover-flow.lua", width: 600, height: 400, counts: [10])
        expectEqual(example.contentSize, Size(width: 1500, height: 400))
        for item in [0, 1, 9] {
            expect(
                try example.cell(0, item)?.frame == Rect(x: 200 + 100 * Double(item), y: 100, width: 200, height: 200))
        }
    }

    /// Offset 0, visible centre x = 300. Cover 0 is at distance 0: θ = 0, so R_y is the
    /// identity and only the perspective remains (m34 = −1/500 = −0.002); zIndex −round(0) = 0.
    /// Covers 1, 2, 3 are 100, 200, 300 away: zIndex −100, −200, −300 — the centre one is on top.
    @Test func theCentreCoverIsFlatAndOnTop() throws {
        let example = try Example("cover-flow.lua", width: 600, height: 400, counts: [10])
        let all = try example.all()
        expect(
            close(all[0].transform3D, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]), "\(all[0].transform3D)")
        expectEqual(all.prefix(4).map(\.zIndex), [0, -100, -200, -300])
        expect(all.allSatisfy { $0.zIndex <= all[0].zIndex })
    }

    /// M = R_y(θ)·P, rotation first (CATransform3DRotate(perspective, θ, 0, 1, 0)):
    ///   [c 0 −s s/500; 0 1 0 0; s 0 c −c/500; 0 0 0 1], c = cos θ, s = sin θ.
    /// Offset 0: cover 1 is d = +100 = one spacing right → θ = −60°: c = 1/2, s = −√3/2 →
    ///   [1/2, 0, √3/2, −√3/1000; 0, 1, 0, 0; −√3/2, 0, 1/2, −1/1000; 0, 0, 0, 1];
    /// cover 3 (d = 300) is clamped to the same 60°.
    /// Offset 50 (centre 350): cover 1 is d = +50 → θ = −30°: c = √3/2, s = −1/2 →
    ///   [√3/2, 0, 1/2, −1/1000; 0, 1, 0, 0; −1/2, 0, √3/2, −√3/1000; 0, 0, 0, 1];
    /// cover 0 is d = −50 → θ = +30°: s = +1/2 →
    ///   [√3/2, 0, −1/2, 1/1000; 0, 1, 0, 0; 1/2, 0, √3/2, −√3/1000; 0, 0, 0, 1].
    @Test func coversTurnAboutYWithPerspective() throws {
        var example = try Example("cover-flow.lua", width: 600, height: 400, counts: [10])
        let sixty: [Double] = [0.5, 0, root3 / 2, -root3 / 1000, 0, 1, 0, 0, -root3 / 2, 0, 0.5, -0.001, 0, 0, 0, 1]
        let cover1 = try require(try example.cell(0, 1)).transform3D
        expect(close(cover1, sixty), "\(cover1)")
        expect(close(try require(try example.cell(0, 3)).transform3D, sixty))
        // The same product as the engine's CATransform3DConcat(rotation, perspective).
        var perspective = Transform3D.identity
        perspective.m[11] = -1.0 / 500
        expect(close(cover1, Transform3D.rotationY(-Double.pi / 3).concatenating(perspective).m))

        try example.setBounds(Rect(x: 50, y: 0, width: 600, height: 400))
        let right = try require(try example.cell(0, 1)).transform3D
        expect(
            close(right, [root3 / 2, 0, 0.5, -0.001, 0, 1, 0, 0, -0.5, 0, root3 / 2, -root3 / 1000, 0, 0, 0, 1]),
            "\(right)")
        let left = try require(try example.cell(0, 0)).transform3D
        expect(
            close(left, [root3 / 2, 0, -0.5, 0.001, 0, 1, 0, 0, 0.5, 0, root3 / 2, -root3 / 1000, 0, 0, 0, 1]),
            "\(left)")
    }

    /// Scrolling to offset 200 needs no new prepare (same size), yet the attributes follow the
    /// viewport: the centre 500 is cover 2's, which turns flat with zIndex 0, while cover 0
    /// (d = −200, clamped to +60°) gets zIndex −200. The visible rect [200, 800) meets covers
    /// whose frames [200 + 100·i, 400 + 100·i) reach into it: 0 … 5.
    @Test func attributesFollowTheViewport() throws {
        var example = try Example("cover-flow.lua", width: 600, height: 400, counts: [10])
        let bounds = Rect(x: 200, y: 0, width: 600, height: 400)
        expect(try !example.layout.shouldInvalidateLayout(forBoundsChange: bounds, context: example.context))
        try example.setBounds(bounds)
        let visible = try example.elements(in: bounds)
        expectEqual(visible.map(\.indexPath.item), [0, 1, 2, 3, 4, 5])
        expectEqual(visible.map(\.zIndex), [-200, -100, 0, -100, -200, -300])
        expect(close(visible[2].transform3D, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]))
        expect(
            close(
                visible[0].transform3D,
                [0.5, 0, -root3 / 2, root3 / 1000, 0, 1, 0, 0, root3 / 2, 0, 0.5, -0.001, 0, 0, 0, 1]))
    }

    /// Offset i·100 centres cover i: 249 → 200, 251 → 300, the tie 250 → the earlier (200);
    /// past the row → cover 9 (900).
    @Test func flingsSnapToACover() throws {
        let example = try Example("cover-flow.lua", width: 600, height: 400, counts: [10])
        func target(_ x: Double) throws -> Double {
            try example.layout.targetContentOffset(
                forProposedContentOffset: Point(x: x, y: 0), withScrollingVelocity: .zero, context: example.context
            ).x
        }
        expectEqual(try [249, 251, 250, 2000].map(target), [200, 300, 200, 900])
    }
}
