import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: pinch.lua")
struct PinchExampleTests {
    /// 320 wide, inset 10: A = 300; k = ⌊(300 + 10) / (90 + 10)⌋ = 3, gap = (300 − 270) / 2 = 15:
    /// x = 10, 115, 220; rows at y = 10 + 100·row.
    @Test func withoutAPinchItIsAPlainGrid() throws {
        let example = try Example("pinch.lua", width: 320, height: 480, counts: [6])
        let elements = try example.all()
        expect(
            elements.map(\.frame) == [
                Rect(x: 10, y: 10, width: 90, height: 90), Rect(x: 115, y: 10, width: 90, height: 90),
                Rect(x: 220, y: 10, width: 90, height: 90), Rect(x: 10, y: 110, width: 90, height: 90),
                Rect(x: 115, y: 110, width: 90, height: 90), Rect(x: 220, y: 110, width: 90, height: 90),
            ])
        expect(elements.allSatisfy { $0.transform3D.isIdentity && $0.zIndex == 0 })
    }

    /// Item 4 pinched at (200, 150), scale 1.5: its 90×90 frame is centred on the pinch point,
    /// origin (155, 105), with a 1.5× scale transform and zIndex 1; the others do not move.
    @Test func thePinchedItemFollowsTheGesture() throws {
        let state: [String: LayoutValue] = [
            "pinchedItem": .number(4), "pinchScale": .number(1.5), "pinchX": .number(200), "pinchY": .number(150),
        ]
        let example = try Example("pinch.lua", width: 320, height: 480, counts: [6], state: state)
        let pinched = try require(try example.cell(0, 4))
        expectEqual(pinched.frame, Rect(x: 155, y: 105, width: 90, height: 90))
        expectEqual(pinched.transform3D, .scale(x: 1.5, y: 1.5, z: 1))
        expectEqual(pinched.zIndex, 1)
        expectEqual(try example.cell(0, 3)?.frame, Rect(x: 10, y: 110, width: 90, height: 90))
        expectEqual(try example.cell(0, 3)?.transform3D, .identity)
    }

    /// The gesture moving is a state change: the next query shows the new place at once.
    @Test func aNewGestureStateJumpsTheItem() throws {
        var example = try Example(
            "pinch.lua", width: 320, height: 480, counts: [6],
            state: ["pinchedItem": .number(0), "pinchX": .number(100), "pinchY": .number(100)])
        expectEqual(try example.cell(0, 0)?.frame, Rect(x: 55, y: 55, width: 90, height: 90))
        example.context.state["pinchX"] = .number(250)
        try example.layout.prepare(in: example.context)
        expectEqual(try example.cell(0, 0)?.frame, Rect(x: 205, y: 55, width: 90, height: 90))
    }
}
