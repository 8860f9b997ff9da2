import LayoutEngine
import TestExpectations
import Testing

/// The writers read plain cells from the store in batches and count hidden elements on the
/// records; both must agree with the elements one by one.
@Suite("Element store batches")
struct ElementStoreBatchTests {
    /// Cells 0…9 of section 0, cell 4 with a custom field (not plain), cell 7 hidden, then a header.
    private func store() throws -> ElementStore {
        var builder = ElementStoreBuilder()
        for item in 0..<10 {
            try builder.append(
                LayoutAttributes(
                    key: .cell(0, item), frame: Rect(x: Double(item), y: 0, width: 1, height: 1), hidden: item == 7,
                    custom: item == 4 ? ["tag": .string("x")] : [:]))
        }
        try builder.append(
            LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 1)))
        return try builder.build()
    }

    @Test func batchesStopAtTheFirstElementThatIsNotAPlainCell() throws {
        let store = try store()
        let buffer = UnsafeMutableBufferPointer<ElementStore.PlainCell>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        // From 0: cells 0, 1, 2 fill the buffer of 3.
        expectEqual(store.plainCells(from: 0, into: buffer), 3)
        expectEqual(buffer.map(\.item), [0, 1, 2])
        // From 3: cell 3, then cell 4 has a custom field: one.
        expectEqual(store.plainCells(from: 3, into: buffer), 1)
        expectEqual(buffer[0].item, 3)
        // At 4 itself: none (the writer builds its attributes instead).
        expectEqual(store.plainCells(from: 4, into: buffer), 0)
        // From 8: cells 8 and 9, then the header (position 10) is not a cell.
        expectEqual(store.plainCells(from: 8, into: buffer), 2)
        expect(buffer[0].item == 8 && buffer[1].item == 9)
        // Cell 7 is hidden and still plain: its flag travels with it (7, 8, 9 fill the buffer).
        expectEqual(store.plainCells(from: 7, into: buffer), 3)
        expectEqual(buffer.map(\.hidden), [true, false, false])
        // At and past the end: none.
        expectEqual(store.plainCells(from: 11, into: buffer), 0)
        expectEqual(store.plainCells(from: 50, into: buffer), 0)
    }

    @Test func hiddenElementsAreCountedOnTheRecords() throws {
        let store = try store()
        expectEqual(store.hiddenCount, 1)
        expectEqual((0..<store.count).filter { store.isHidden(at: $0) }, [7])
        let list = ElementList(store: store)
        expectEqual(list.hiddenCount, 1)
        expectEqual(list.indices.filter { list.isHidden(at: $0) }, [7])
        // An array-backed list answers the same, and hands out no plain cells.
        let array = ElementList(store.allAttributes())
        expectEqual(array.hiddenCount, 1)
        expectEqual(array.indices.filter { array.isHidden(at: $0) }, [7])
        let buffer = UnsafeMutableBufferPointer<ElementStore.PlainCell>.allocate(capacity: 4)
        defer { buffer.deallocate() }
        expectEqual(array.plainCells(from: 0, into: buffer), 0)
        expectEqual(list.plainCells(from: 0, into: buffer), 4)
    }
}
