/// What the update planner reads from a listing: each element's key, its attributes when an
/// entry needs them, and where an element of a given key is. An element store answers from its
/// records (nothing built per element); an array of attributes answers through tables.
protocol PlannedListing {
    var count: Int { get }
    func category(at position: Int) -> ElementCategory
    func indexPath(at position: Int) -> LayoutIndexPath
    func key(at position: Int) -> ElementKey
    func attributes(at position: Int) -> LayoutAttributes
    func frame(at position: Int) -> Rect
    func position(of key: ElementKey) -> Int?
    /// The position of cell `indexPath`; `hint` is where a walk in order expects it.
    func position(ofCell indexPath: LayoutIndexPath, hint: Int) -> Int?
}

extension ElementStore: PlannedListing {}

/// A listing of attributes (a layout whose hooks or query-time elements change its store's
/// answer): cells (most elements, in index-path order at the front) are found by binary search,
/// other elements through a table.
struct AttributesListing: PlannedListing {
    let elements: [LayoutAttributes]
    private let cellCount: Int
    private let others: [ElementKey: Int]

    /// `indexed`: build the table of non-cell elements (only the listing before is searched).
    init(_ elements: [LayoutAttributes], indexed: Bool) {
        self.elements = elements
        cellCount = elements.prefix { $0.category == .cell }.count
        var others: [ElementKey: Int] = [:]
        if indexed {
            for position in cellCount..<elements.count { others[elements[position].key] = position }
        }
        self.others = others
    }

    var count: Int { elements.count }
    func category(at position: Int) -> ElementCategory { elements[position].category }
    func indexPath(at position: Int) -> LayoutIndexPath { elements[position].indexPath }
    func key(at position: Int) -> ElementKey { elements[position].key }
    func attributes(at position: Int) -> LayoutAttributes { elements[position] }
    func frame(at position: Int) -> Rect { elements[position].frame }

    func position(of key: ElementKey) -> Int? {
        key.category == .cell ? position(ofCell: key.indexPath, hint: -1) : others[key]
    }

    func position(ofCell indexPath: LayoutIndexPath, hint: Int) -> Int? {
        var low = 0, high = cellCount
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].indexPath < indexPath { low = middle + 1 } else { high = middle }
        }
        return low < cellCount && elements[low].indexPath == indexPath ? low : nil
    }
}
