import LayoutEngine
import TestExpectations
import Testing

/// left-aligned.lua, 375 wide: lines are 375 − 16 − 16 = 343 wide, tags 40 + 37·i mod 90
/// wide: 40, 77, 114, 61, 98, 45, 82, 119, 66, 103, 50, 87.
@Suite("Example: left-aligned.lua")
struct LeftAlignedExampleTests {
    private func example() throws -> Example {
        try Example("left-aligned.lua", width: 375, height: 300, counts: [12])
    }

    /// Line 1: 40 (343 − 48 = 295 left), 77 (210), 114 (88), 61 (19): 98 does not fit. Left
    /// aligned from x 16: 16, 16 + 40 + 8 = 64, 64 + 77 + 8 = 149, 149 + 114 + 8 = 271, at y 10.
    /// Line 2: 98 (237), 45 (184), 82 (94): 119 does not fit; x 16, 122, 175 at y 10 + 30 + 8 = 48.
    @Test func tagsStartAtTheLeftOfTheirLine() throws {
        let cells = try example().all().filter { $0.category == .cell }
        expect(
            cells.prefix(7).map(\.frame) == [
                Rect(x: 16, y: 10, width: 40, height: 30), Rect(x: 64, y: 10, width: 77, height: 30),
                Rect(x: 149, y: 10, width: 114, height: 30), Rect(x: 271, y: 10, width: 61, height: 30),
                Rect(x: 16, y: 48, width: 98, height: 30), Rect(x: 122, y: 48, width: 45, height: 30),
                Rect(x: 175, y: 48, width: 82, height: 30),
            ])
    }

    /// The hook reads only the prepared layout, so a cell's frame never depends on the rect
    /// queried: 200 random rects (seeded) agree with the whole listing for every cell they return.
    @Test func everyRectGivesTheSameFrames() throws {
        let example = try example()
        let whole = Dictionary(uniqueKeysWithValues: try example.all().map { ($0.key, $0.frame) })
        var state: UInt64 = 42
        func next(_ bound: Double) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 33) / Double(1 << 31) * bound
        }
        var returned = 0
        for _ in 0..<200 {
            let rect = Rect(x: next(375), y: next(200), width: next(200) + 1, height: next(60) + 1)
            for element in try example.elements(in: rect) {
                expectEqual(element.frame, whole[element.key], "\(element.key) in \(rect)")
                returned += 1
            }
        }
        expect(returned > 200)
    }
}
