/// Elements in output order, either an array or a prepared store read on demand: a
/// whole-content listing of a million elements is written straight from the store's records
/// without first building a million `LayoutAttributes`.
package struct ElementList: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    private enum Storage: Sendable {
        case array([LayoutAttributes])
        case store(ElementStore)
        /// Opaque cells with no other attribute (`PackedCell`), then the other elements.
        case packed(ContiguousArray<PackedCell>, rest: [LayoutAttributes])
    }

    private var storage: Storage

    package init(_ elements: [LayoutAttributes] = []) { storage = .array(elements) }

    package init(arrayLiteral elements: LayoutAttributes...) { storage = .array(elements) }

    /// Every element of `store`, read when asked for.
    package init(store: ElementStore) { storage = .store(store) }

    /// `cells` (in output order, each a cell with only a frame) followed by `rest`.
    package init(packed cells: ContiguousArray<PackedCell>, rest: [LayoutAttributes]) {
        storage = cells.isEmpty ? .array(rest) : .packed(cells, rest: rest)
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .array(let elements): elements.count
        case .store(let store): store.count
        case .packed(let cells, let rest): cells.count + rest.count
        }
    }

    package subscript(position: Int) -> LayoutAttributes {
        get {
            switch storage {
            case .array(let elements): elements[position]
            case .store(let store): store.attributes(at: position)
            case .packed(let cells, let rest):
                position < cells.count ? cells[position].attributes : rest[position - cells.count]
            }
        }
        set {
            // Changing one element of a store-backed list materialises it (tests, rare paths).
            var elements = array
            storage = .array([])  // drop the second reference before mutating in place
            elements[position] = newValue
            storage = .array(elements)
        }
    }

    /// The element at `position` as a plain cell when the list reads a store and the element
    /// is one (the writers' fast path); nil otherwise.
    @inline(__always)
    package func plainCell(at position: Int) -> ElementStore.PlainCell? {
        switch storage {
        case .array: return nil
        case .store(let store): return store.plainCell(at: position)
        case .packed(let cells, _): return position < cells.count ? cells[position].plain : nil
        }
    }

    /// Copies the plain cells from `position` on into `buffer` (up to its size, stopping at the
    /// first element that is not one); returns how many: always 0 when the list is an array.
    package func plainCells(from position: Int, into buffer: UnsafeMutableBufferPointer<ElementStore.PlainCell>) -> Int
    {
        switch storage {
        case .array: return 0
        case .store(let store): return store.plainCells(from: position, into: buffer)
        case .packed(let cells, _):
            let end = Swift.min(cells.count, position + buffer.count)
            guard position < end else { return 0 }
            for i in position..<end { buffer[i - position] = cells[i].plain }
            return end - position
        }
    }

    /// The leading elements that are packed cells from `position` on, copied into `buffer` (up
    /// to its size, stopping at the first that is not one); returns how many. What `watch`'s
    /// worker sends as raw records.
    package func packedCells(from position: Int, into buffer: UnsafeMutableBufferPointer<PackedCell>) -> Int {
        switch storage {
        case .array: return 0
        case .store(let store): return store.packedCells(from: position, into: buffer)
        case .packed(let cells, _):
            let end = Swift.min(cells.count, position + buffer.count)
            guard position < end else { return 0 }
            for i in position..<end { buffer[i - position] = cells[i] }
            return end - position
        }
    }

    /// Whether the element at `position` is hidden, without building its attributes.
    package func isHidden(at position: Int) -> Bool {
        switch storage {
        case .array(let elements): elements[position].hidden
        case .store(let store): store.isHidden(at: position)
        case .packed(let cells, let rest): position < cells.count ? false : rest[position - cells.count].hidden
        }
    }

    /// How many elements are hidden.
    package var hiddenCount: Int {
        switch storage {
        case .array(let elements): elements.reduce(0) { $0 + ($1.hidden ? 1 : 0) }
        case .store(let store): store.hiddenCount
        case .packed(_, let rest): rest.reduce(0) { $0 + ($1.hidden ? 1 : 0) }
        }
    }

    /// The store the list reads, or nil when it holds an array.
    package var store: ElementStore? {
        guard case .store(let store) = storage else { return nil }
        return store
    }

    /// The elements as an array (built once here when the list reads a store).
    package var array: [LayoutAttributes] {
        switch storage {
        case .array(let elements): elements
        case .store(let store): store.allAttributes()
        case .packed(let cells, let rest): cells.map(\.attributes) + rest
        }
    }

    package static func == (lhs: ElementList, rhs: ElementList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

/// A cell that is nothing but its index path and frame: opaque, zIndex 0, shown, no
/// transform, custom fields or animations. Most elements of a large layout are such cells;
/// `watch`'s worker sends them as these fixed-size records, copied as they are.
package struct PackedCell: Sendable, Equatable {
    package var frame: Rect
    package var section: Int32
    package var item: Int32

    package init(frame: Rect, section: Int32, item: Int32) {
        self.frame = frame
        self.section = section
        self.item = item
    }

    package var plain: ElementStore.PlainCell {
        ElementStore.PlainCell(
            frame: frame, alpha: 1, section: Int(section), item: Int(item), zIndex: 0, hidden: false)
    }

    package var attributes: LayoutAttributes {
        LayoutAttributes(
            key: ElementKey(category: .cell, indexPath: LayoutIndexPath(Int(section), Int(item))), frame: frame,
            alpha: 1, zIndex: 0, hidden: false)
    }
}
