import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

/// Whole-content listings are written straight from the element store (plain cells without
/// building their attributes); the text must be the same as from the attributes themselves.
@Suite("Elements streamed from the store")
struct StreamedElementsTests {
    /// Plain cells (whole, fractional, hidden, z-ordered, translucent), a cell with a transform,
    /// one with custom fields, a header and a decoration: every path of the writers.
    private func elements() -> [LayoutAttributes] {
        [
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 12, y: 10, width: 50, height: 40)),
            LayoutAttributes(
                key: .cell(0, 1), frame: Rect(x: 72.2, y: 10.5, width: 50.25, height: 1e-7), alpha: 0.5, zIndex: -3),
            LayoutAttributes(
                key: .cell(0, 2), frame: Rect(x: -0.0, y: 1e15, width: 0.1 + 0.2, height: 1.0 / 3), hidden: true),
            LayoutAttributes(
                key: .cell(0, 3), frame: Rect(x: 0, y: 0, width: 10, height: 10), transform3D: .scale(x: 2, y: 2, z: 1)),
            LayoutAttributes(
                key: .cell(1, 0), frame: Rect(x: 1, y: 2, width: 3, height: 4),
                custom: ["label": .string("a \"b\""), "weight": .number(2.5)]),
            LayoutAttributes(
                key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 0, width: 375, height: 44), zIndex: 10),
            LayoutAttributes(
                key: .decoration("back\u{1}", 1, 0), frame: Rect(x: 0, y: 50, width: 375, height: 100), zIndex: -1),
        ]
    }

    private func store() throws -> ElementStore {
        var builder = ElementStoreBuilder()
        for element in elements() { try builder.append(element) }
        return try builder.build()
    }

    @Test func storeAndArrayWriteTheSameText() throws {
        let size = Size(width: 375, height: 150)
        let fromArray = LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 375, height: 667), contentSize: size, elements: elements())
        let fromStore = LayoutSnapshot(
            bounds: fromArray.bounds, contentSize: size, elements: ElementList(store: try store()))
        // The store keeps output order (cells, supplementary, decoration), as the array above is.
        expectEqual(fromStore.elements.array, elements())
        expectEqual(JSONLayoutWriter.string(fromStore), JSONLayoutWriter.string(fromArray))
        expectEqual(TableLayoutWriter.string(fromStore), TableLayoutWriter.string(fromArray))
        expectEqual(SVGLayoutWriter.string(fromStore), SVGLayoutWriter.string(fromArray))
        // Only the first three are plain cells: the transform, custom fields and other
        // categories take the general path.
        expect(
            fromStore.elements.indices.map { fromStore.elements.plainCell(at: $0) != nil } == [
                true, true, true, false, false, false, false,
            ])
    }

    @Test func rowsBeyondTheWidthSampleAgree() throws {
        // Column widths come from the header and the first 1999 rows; row 2050 is wider (x
        // 123456.789, hidden) and must be written the same way from the store and the array.
        var many = (0..<2100).map {
            LayoutAttributes(key: .cell(0, $0), frame: Rect(x: 1.5, y: Double($0), width: 2, height: 2))
        }
        many[2050].frame = Rect(x: 123_456.789, y: 2050, width: 2, height: 2)
        many[2050].hidden = true
        var builder = ElementStoreBuilder()
        for element in many { try builder.append(element) }
        let size = Size(width: 10, height: 10)
        let fromArray = LayoutSnapshot(bounds: .zero, contentSize: size, elements: many)
        let fromStore = LayoutSnapshot(
            bounds: .zero, contentSize: size, elements: ElementList(store: try builder.build()))
        let table = TableLayoutWriter.string(fromStore)
        expectEqual(table, TableLayoutWriter.string(fromArray))
        // x is right-aligned in a column as wide as "x" and "1.5" (3), so the wider value
        // pushes the row: two spaces after the index path, then the number.
        expectContains(table, "[0, 2050]  123456.789  2050")
    }

    @Test func plainCellTextIsTheContractsElementObject() {
        // 72.2 and 10.5 keep their decimals; alpha 0.5; zIndex -3; hidden false.
        let cell = elements()[1]
        #expect(
            JSONLayoutWriter.element(cell) == """
                {"category": "cell", "indexPath": [0, 1], "frame": {"x": 72.2, "y": 10.5, "width": 50.25, "height": 1e-07}, "alpha": 0.5, "zIndex": -3, "hidden": false}
                """)
    }

    @Test func chunksFlushedMidListingKeepTheText() {
        // 12,000 elements of about 150 bytes: past the 1 MiB chunk, so the text reaches the
        // stream in pieces, each ending between two elements.
        let many = (0..<12_000).map {
            LayoutAttributes(key: .cell(0, $0), frame: Rect(x: Double($0) / 4, y: 0, width: 1, height: 1))
        }
        let snapshot = LayoutSnapshot(bounds: .zero, contentSize: Size(width: 1, height: 1), elements: many)
        var pieces = Pieces()
        JSONLayoutWriter.write(snapshot, to: &pieces)
        expect(pieces.texts.count >= 2)
        expect(pieces.texts.dropLast().allSatisfy { $0.hasSuffix("}") })
        let expected = """
            {
              "bounds": {"x": 0, "y": 0, "width": 0, "height": 0},
              "contentSize": {"width": 1, "height": 1},
              "elements": [

            """ + many.map { "    " + JSONLayoutWriter.element($0) }.joined(separator: ",\n") + "\n  ]\n}\n"
        expectEqual(pieces.texts.joined(), expected)
    }

    /// Records each piece of text as the writer hands it over.
    private struct Pieces: TextOutputStream {
        var texts: [String] = []
        mutating func write(_ string: String) { texts.append(string) }
    }
}
