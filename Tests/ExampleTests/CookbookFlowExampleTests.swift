import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: cookbook-flow.lua")
struct CookbookFlowExampleTests {
    /// Vertical flow at 375 wide: A = 375 − 20 − 20 = 335; k = ⌊(335 + 10) / (80 + 10)⌋ = 3;
    /// gap = (335 − 240) / 2 = 47.5 → x = 20, 147.5, 275. Rows start at y = 10 + 140·row.
    /// 24 items → 8 rows: height 10 + 8·120 + 7·20 + 10 = 1120.
    @Test(arguments: [(1.0, 148.0), (2.0, 147.5), (3.0, 147.66666666666666)])
    func rowsAreJustifiedAndRoundedToTheScale(scale: Double, middleX: Double) throws {
        // Origins are rounded to the pixel grid: 147.5 → 148 at scale 1, stays at scale 2,
        // and at scale 3 becomes round(442.5) / 3 = 443 / 3.
        let example = try Example("cookbook-flow.lua", width: 375, height: 667, scale: scale, counts: [24])
        let frames = try example.all().map(\.frame)
        for (item, frame) in frames.enumerated() {
            let x = [20.0, middleX, 275.0][item % 3]
            expectEqual(frame, Rect(x: x, y: 10 + 140 * Double(item / 3), width: 80, height: 120), "item \(item)")
        }
        expectEqual(example.contentSize, Size(width: 375, height: 1120))
    }

    /// A rect over the gap between rows 0 and 1 (y 130…150) meets nothing; widen it by one
    /// point into row 1 (y 130…151) and row 1's three items appear.
    @Test func theLineGapHoldsNothing() throws {
        let example = try Example("cookbook-flow.lua", width: 375, height: 667, counts: [24])
        expect(try example.elements(in: Rect(x: 0, y: 130, width: 375, height: 20)).isEmpty)
        expect(
            try example.elements(in: Rect(x: 0, y: 130, width: 375, height: 21)).map(\.indexPath.item) == [3, 4, 5])
    }
}
