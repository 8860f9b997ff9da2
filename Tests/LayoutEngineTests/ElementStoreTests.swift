import LayoutEngine
import TestExpectations
import Testing

@Suite("Element store")
struct ElementStoreTests {
    @Test func ordersByCategoryKindAndIndexPath() throws {
        var builder = ElementStoreBuilder()
        try builder.append(
            LayoutAttributes(key: .decoration("shelf", 0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        try builder.append(
            LayoutAttributes(key: .supplementary("header", 1, 0), frame: Rect(x: 0, y: 20, width: 10, height: 10)))
        try builder.append(LayoutAttributes(key: .cell(1, 0), frame: Rect(x: 0, y: 30, width: 10, height: 10)))
        try builder.append(
            LayoutAttributes(key: .supplementary("footer", 0, 0), frame: Rect(x: 0, y: 40, width: 10, height: 10)))
        try builder.append(LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 0, y: 50, width: 10, height: 10)))
        try builder.append(
            LayoutAttributes(
                key: .cell(0, 10), frame: Rect(x: 0, y: 60, width: 10, height: 10), alpha: 0.5, zIndex: 3,
                custom: ["tag": .string("x")]))
        let store = try builder.build()
        expect(
            store.allAttributes().map(\.key) == [
                .cell(0, 2), .cell(0, 10), .cell(1, 0), .supplementary("footer", 0, 0), .supplementary("header", 1, 0),
                .decoration("shelf", 0, 0),
            ])
        let found = store.attributes(for: .cell(0, 10))
        expectEqual(found?.alpha, 0.5)
        expectEqual(found?.zIndex, 3)
        expectEqual(found?.custom, ["tag": .string("x")])
        expect(store.attributes(for: .cell(0, 3)) == nil)
        expect(store.attributes(for: .supplementary("header", 0, 0)) == nil)
        expect(store.attributes(for: .decoration("nope", 0, 0)) == nil)
        // y 31…45 meets the cell at 30…40 and the footer at 40…50, not the header at 20…30.
        expect(
            store.positions(in: Rect(x: 0, y: 31, width: 5, height: 14)).map { store.key(at: $0) } == [
                .cell(1, 0), .supplementary("footer", 0, 0),
            ])
    }

    @Test func rejectsTheSameElementTwice() throws {
        var builder = ElementStoreBuilder()
        try builder.append(LayoutAttributes(key: .cell(0, 1), frame: .zero))
        try builder.append(LayoutAttributes(key: .cell(0, 0), frame: .zero))
        try builder.append(LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 1, y: 1, width: 1, height: 1)))
        #expect(throws: LayoutError("cell [0, 1] was placed twice")) { try builder.build() }
    }

    @Test func staysCompact() throws {
        var builder = ElementStoreBuilder()
        for item in 0..<10_000 {
            builder.append(
                category: .cell, kindID: 0, section: 0, item: Int32(item),
                frame: Rect(x: Double(item % 4) * 60, y: Double(item / 4) * 60, width: 50, height: 50))
        }
        let store = try builder.build()
        expect(store.approximateBytesPerElement < 150)
    }
}
