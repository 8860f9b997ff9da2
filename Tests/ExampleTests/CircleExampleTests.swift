import Foundation
import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: circle.lua")
struct CircleExampleTests {
    /// Bounds 400×400, 4 items of 70: centre (200, 200), radius 400/2 − 70/2 = 165.
    /// Item i sits at angle 2π·i/4 from the top, clockwise: centres (200, 35), (365, 200),
    /// (200, 365), (35, 200); origins are the centres minus 35.
    @Test func itemsSitOnTheCircle() throws {
        let example = try Example("circle.lua", width: 400, height: 400, counts: [4])
        let frames = try example.all().map(\.frame)
        let expected = [
            Rect(x: 165, y: 0, width: 70, height: 70), Rect(x: 330, y: 165, width: 70, height: 70),
            Rect(x: 165, y: 330, width: 70, height: 70), Rect(x: 0, y: 165, width: 70, height: 70),
        ]
        expectEqual(frames.count, 4)
        for (frame, want) in zip(frames, expected) {
            // sin/cos of multiples of π/2 are exact only to within an ulp or so.
            expect(abs(frame.x - want.x) < 1e-9 && abs(frame.y - want.y) < 1e-9 && frame.size == want.size, "\(frame)")
        }
        expectEqual(example.contentSize, Size(width: 400, height: 400))
    }

    @Test func itemSizeComesFromState() throws {
        // Size 100: radius 200 − 50 = 150; item 0's centre (200, 50) → origin (150, 0).
        let example = try Example("circle.lua", width: 400, height: 400, counts: [1], state: ["itemSize": .number(100)])
        expectEqual(try example.cell(0, 0)?.frame, Rect(x: 150, y: 0, width: 100, height: 100))
    }
}
