import LayoutEngine
import TestExpectations
import Testing

/// compositional/size-classes.lua, 400 wide, 8 items, rows 100 high: compact → 2 columns of
/// 400 / 2 = 200, so item i at (200·(i mod 2), 100·⌊i / 2⌋); regular → 4 columns of 100, item i
/// at (100·(i mod 4), 100·⌊i / 4⌋).
@Suite("Example: compositional/size-classes.lua")
struct CompositionalSizeClassesExampleTests {
    private func cells(horizontal sizeClass: String?) throws -> [Rect] {
        var example = try Example.compositional("size-classes.lua", width: 400, height: 600, counts: [8])
        if let sizeClass {
            example.context.traits.horizontalSizeClass = sizeClass
            try example.layout.prepare(in: example.context)
        }
        return try example.cells().map(\.frame)
    }

    // The expected frames are typed before the comparison: inside `#expect` each took the
    // type checker about 0.9 s.
    @Test func compactByDefaultTwoColumns() throws {
        let expected: [Rect] = (0..<8).map { (i: Int) -> Rect in
            Rect(x: Double(i % 2) * 200, y: Double(i / 2) * 100, width: 200, height: 100)
        }
        expectEqual(try cells(horizontal: nil), expected)
    }

    @Test func regularFourColumns() throws {
        let expected: [Rect] = (0..<8).map { (i: Int) -> Rect in
            Rect(x: Double(i % 4) * 100, y: Double(i / 4) * 100, width: 100, height: 100)
        }
        expectEqual(try cells(horizontal: "regular"), expected)
    }
}
