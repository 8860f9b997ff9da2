import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// Element-wise comparison of two transforms (cos and sin are exact only to an ulp or so).
private func close(_ t: Transform3D, _ want: [Double]) -> Bool {
    zip(t.m, want).allSatisfy { abs($0 - $1) < 1e-12 }
}

/// Bounds 400×400, cards 160×200: the top card of page s is at
/// (s·400 + (400 − 160)/2, (400 − 200)/2) = (s·400 + 120, 100); a card of depth d sits
/// 4·d further right and down.
@Suite("Example: stack.lua")
struct StackExampleTests {
    /// 3 cards: item 2 is the top (depth 0) at (120, 100); item 1 (depth 1) at (124, 104);
    /// item 0 (depth 2) at (128, 108). zIndex = item: 0, 1, 2 — the top card highest.
    @Test func cardsPileUpWithTheLastOnTop() throws {
        let example = try Example("stack.lua", width: 400, height: 400, counts: [3])
        let cards = try example.all().filter { $0.category == .cell }
        expect(
            cards.map(\.frame) == [
                Rect(x: 128, y: 108, width: 160, height: 200), Rect(x: 124, y: 104, width: 160, height: 200),
                Rect(x: 120, y: 100, width: 160, height: 200),
            ])
        expectEqual(cards.map(\.zIndex), [0, 1, 2])
        expectEqual(example.contentSize, Size(width: 400, height: 400))
    }

    /// Rotation about z by θ (CATransform3DMakeRotation(θ, 0, 0, 1)), row-major:
    /// [cos θ, sin θ, 0, 0; −sin θ, cos θ, 0, 0; 0, 0, 1, 0; 0, 0, 0, 1].
    /// The top card is straight (identity); depth 1 (odd) turns by −5°:
    /// [cos 5°, −sin 5°, …; sin 5°, cos 5°, …]; depth 2 (even) by +5°:
    /// [cos 5°, sin 5°, …; −sin 5°, cos 5°, …]. cos 5° ≈ 0.99619, sin 5° ≈ 0.08716.
    @Test func cardsBelowTheTopAreTurned() throws {
        let example = try Example("stack.lua", width: 400, height: 400, counts: [3])
        let c = cos(5 * Double.pi / 180), s = sin(5 * Double.pi / 180)
        expectEqual(try example.cell(0, 2)?.transform3D, .identity)
        let depth1 = try require(try example.cell(0, 1)).transform3D
        expect(close(depth1, [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), "\(depth1)")
        let depth2 = try require(try example.cell(0, 0)).transform3D
        expect(close(depth2, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), "\(depth2)")
        expect(abs(c - 0.99619) < 1e-5 && abs(s - 0.08716) < 1e-5)
    }

    /// The shelf of a pile spans its page less 20 on each side (x = s·400 + 20, width 360) and
    /// is 40 high, its top 20 above the lowest card's bottom. 3 cards: the lowest (depth 2)
    /// ends at 108 + 200 = 308 → y 288. An empty pile still gets its shelf, under where the
    /// top card would be: 100 + 200 − 20 = 280. zIndex −1: behind every card.
    @Test func eachPileHasAShelfBehindIt() throws {
        let example = try Example("stack.lua", width: 400, height: 400, counts: [3, 0])
        let shelf = { (section: Int) in
            try example.layout.layoutAttributesForDecorationView(
                ofKind: "shelf", at: LayoutIndexPath(section, 0), context: example.context)
        }
        let first = try require(try shelf(0))
        expectEqual(first.frame, Rect(x: 20, y: 288, width: 360, height: 40))
        expectEqual(first.zIndex, -1)
        expectEqual(try shelf(1)?.frame, Rect(x: 420, y: 280, width: 360, height: 40))
        expectEqual(example.contentSize, Size(width: 800, height: 400))
    }

    /// Piles 3 and 2 on pages [0, 400) and [400, 800). A query for page 0 returns section 0's
    /// cards and its shelf, nothing of page 1 (card 1·0 starts at 400 + 124 = 524, its shelf at
    /// 420); page 1 returns the 2 cards (top card item 1 at 520, item 0 at 524) and shelf (1, 0)
    /// at (420, 100 + 4 + 200 − 20 = 284). The shelf comes last (cells, then decorations) and is
    /// the lowest in z.
    @Test func aRectQueryReturnsTheShelfWithItsCards() throws {
        let example = try Example("stack.lua", width: 400, height: 400, counts: [3, 2])
        let page0 = try example.elements(in: Rect(x: 0, y: 0, width: 400, height: 400))
        expectEqual(page0.map(\.key), [.cell(0, 0), .cell(0, 1), .cell(0, 2), .decoration("shelf", 0, 0)])
        expectEqual(page0.map(\.zIndex), [0, 1, 2, -1])
        let page1 = try example.elements(in: Rect(x: 400, y: 0, width: 400, height: 400))
        expectEqual(page1.map(\.key), [.cell(1, 0), .cell(1, 1), .decoration("shelf", 1, 0)])
        expectEqual(page1.map(\.frame.x), [524, 520, 420])
        expectEqual(page1.last?.frame, Rect(x: 420, y: 284, width: 360, height: 40))
    }
}
