/// Elements in output order, either an array or a prepared store read on demand: a
/// whole-content listing of a million elements is written straight from the store's records
/// without first building a million `LayoutAttributes`.
package struct ElementList: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    private enum Storage: Sendable {
        case array([LayoutAttributes])
        case store(ElementStore)
    }

    private var storage: Storage

    package init(_ elements: [LayoutAttributes] = []) { storage = .array(elements) }

    package init(arrayLiteral elements: LayoutAttributes...) { storage = .array(elements) }

    /// Every element of `store`, read when asked for.
    package init(store: ElementStore) { storage = .store(store) }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .array(let elements): elements.count
        case .store(let store): store.count
        }
    }

    package subscript(position: Int) -> LayoutAttributes {
        get {
            switch storage {
            case .array(let elements): elements[position]
            case .store(let store): store.attributes(at: position)
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
        guard case .store(let store) = storage else { return nil }
        return store.plainCell(at: position)
    }

    /// Copies the plain cells from `position` on into `buffer` (up to its size, stopping at the
    /// first element that is not one); returns how many: always 0 when the list is an array.
    package func plainCells(from position: Int, into buffer: UnsafeMutableBufferPointer<ElementStore.PlainCell>) -> Int
    {
        guard case .store(let store) = storage else { return 0 }
        return store.plainCells(from: position, into: buffer)
    }

    /// Whether the element at `position` is hidden, without building its attributes.
    package func isHidden(at position: Int) -> Bool {
        switch storage {
        case .array(let elements): elements[position].hidden
        case .store(let store): store.isHidden(at: position)
        }
    }

    /// How many elements are hidden.
    package var hiddenCount: Int {
        switch storage {
        case .array(let elements): elements.reduce(0) { $0 + ($1.hidden ? 1 : 0) }
        case .store(let store): store.hiddenCount
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
        }
    }

    package static func == (lhs: ElementList, rhs: ElementList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
