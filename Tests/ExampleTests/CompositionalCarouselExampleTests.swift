import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/carousel.lua")
struct CompositionalCarouselExampleTests {
    /// 375×667 @2x, 10 items. The orthogonal section's group is 0.6 × 375 = 225 wide (full
    /// width for an orthogonal section) and 240 high, 20 apart: x = 245g; section insets
    /// (40, 0, 40, 0) put it at y = 40 and make the section 40 + 240 + 40 = 320 tall.
    /// groupPagingCentered reports groupPaging's (unscrolled) frames; the handler changes only
    /// transforms.
    @Test func cardsRunSidewaysUnscrolled() throws {
        let example = try Example.compositional("carousel.lua", counts: [10])
        expectFrames(try example.cells(), framesOf(section: 0, count: 10) { g in rect(245 * Double(g), 40, 225, 240) })
        expectEqual(example.contentSize, Size(width: 375, height: 320))
    }

    /// The scale the handler gives a card at `x` (its unscrolled frame's left edge) with the
    /// section scrolled to `offset`: d = |x + 112.5 − offset − 187.5|, max(1.1 − d / 375, 0.7).
    static func scale(_ x: Double, offset: Double) -> Double {
        max(1.1 - abs(x + 225 / 2 - offset - 375 / 2) / 375, 0.7)
    }

    static func scales(in example: Example) throws -> [Int: Double] {
        let visible = try example.elements(in: example.context.bounds).filter { $0.category == .cell }
        return Dictionary(uniqueKeysWithValues: visible.map { ($0.indexPath.item, $0.transform3D.m[0]) })
    }

    /// At rest the section's offset is groupPagingCentered's initial −(375 − 225)/2 = −75, so
    /// card 0 (0…225) shows at 75…300, centred: d = |112.5 + 75 − 187.5| = 0 → scale 1.1.
    /// Card 1 shows at 320…545, meeting the viewport: d = |357.5 + 75 − 187.5| = 245 →
    /// 1.1 − 0.653 < 0.7 → 0.7. Card 2 (at 565) is off screen and not handled or returned.
    @Test func atRestTheFirstCardIsCentredAndLargest() throws {
        let example = try Example.compositional("carousel.lua", counts: [10])
        let scales = try Self.scales(in: example)
        expectEqual(scales, [0: 1.1, 1: 0.7])
        let card = try require(example.elements(in: example.context.bounds).first { $0.indexPath.item == 0 })
        // A uniform scale: m11 = m22 = s, the rest identity.
        expectEqual(card.transform3D, Transform3D([1.1, 0, 0, 0, 0, 1.1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
    }

    /// Scrolled to 100 (viewport 100…475 in section coordinates): cards 0 (0…225) and 1
    /// (245…470) are visible. Card 0: d = |112.5 − 100 − 187.5| = 175 → 1.1 − 0.4667 < 0.7 →
    /// 0.7; card 1: d = |357.5 − 287.5| = 70 → 1.1 − 70/375 ≈ 0.9133.
    @Test func aCardGrowsAsItNearsTheMiddle() throws {
        var example = try Example.compositional("carousel.lua", counts: [10])
        example.context.orthogonalOffsets[0] = 100
        let scales = try Self.scales(in: example)
        expectEqual(scales, [0: 0.7, 1: 1.1 - 70.0 / 375])
        expectEqual(scales[1], Self.scale(245, offset: 100))
    }

    /// The Run line's offset, 170 = 245 − 75, centres card 1: scale 1.1. On screen the section
    /// shows 170…545 of its content: cards 0 (0…225) and 2 (490…715) are visible too, each 245
    /// from the middle: 0.7. Card 2 is unscrolled at 490…715, outside 0…375: the query
    /// picks it by where it is drawn (490 − 170 = 320…545), so the handler sees it too.
    @Test func theRunLineCentresTheSecondCard() throws {
        var example = try Example.compositional("carousel.lua", counts: [10])
        example.context.orthogonalOffsets[0] = 170
        let scales = try Self.scales(in: example)
        expect(scales[0] == 0.7 && scales[1] == 1.1)
        expectEqual(scales, [0: 0.7, 1: 1.1, 2: 0.7])
    }
}
