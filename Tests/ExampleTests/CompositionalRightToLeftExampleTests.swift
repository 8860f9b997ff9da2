import LayoutEngine
import TestExpectations
import Testing

/// compositional/right-to-left.lua, 400 wide, 4 cards. Left to right: the title (half the width,
/// 200 × 30) at the top leading corner x 0; cards 0.8 × 400 = 320 wide, 100 high, below it
/// (y 30), one group after another along the orthogonal row: x 0, 320, 640, 960. Right to
/// left, mirrored across the content width 400 (x' = 400 − x − w): the title at 400 − 200 = 200,
/// the cards at 80, −240, −560, −880 — the row starts at the right and runs to the left.
@Suite("Example: compositional/right-to-left.lua")
struct CompositionalRightToLeftExampleTests {
    @Test func leadingIsOnTheRightAndTheRowStartsThere() throws {
        var example = try Example.compositional("right-to-left.lua", width: 400, height: 300, counts: [4])
        example.context.layoutDirection = .rightToLeft
        try example.layout.prepare(in: example.context)
        expect(
            try example.cells().map(\.frame)
                == [80, -240, -560, -880].map {
                    Rect(x: $0, y: 30, width: 320, height: 100)
                })
        expectEqual(try example.supplementaries("title").map(\.frame), [Rect(x: 200, y: 0, width: 200, height: 30)])
    }
}
