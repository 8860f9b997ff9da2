/// A UIKit index path: (section, item), both 0-based, and for supplementary and decoration
/// views any further components (the guide's tree: a connector indexed by depth, parent and
/// child). Named apart from Foundation's `IndexPath` so both can be imported side by side.
public struct LayoutIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    /// Components after the second (empty for the usual two-component path).
    public var deeper: [Int]

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
        self.deeper = []
    }

    public init(_ section: Int, _ item: Int) {
        self.init(section: section, item: item)
    }

    /// A path of two or more components.
    public init(components: [Int]) {
        precondition(components.count >= 2, "an index path has at least two components")
        section = components[0]
        item = components[1]
        deeper = Array(components.dropFirst(2))
    }

    /// Every component, section and item first.
    public var components: [Int] { [section, item] + deeper }

    /// Component by component; on a tie the shorter path comes first.
    public static func < (lhs: LayoutIndexPath, rhs: LayoutIndexPath) -> Bool {
        if (lhs.section, lhs.item) != (rhs.section, rhs.item) {
            return (lhs.section, lhs.item) < (rhs.section, rhs.item)
        }
        return lhs.deeper.lexicographicallyPrecedes(rhs.deeper)
    }

    public var description: String { "[" + components.map(String.init).joined(separator: ", ") + "]" }

    /// This path with section and item replaced, the deeper components kept.
    public func with(section: Int, item: Int) -> LayoutIndexPath {
        var path = self
        path.section = section
        path.item = item
        return path
    }
}

/// What an element is: a cell (an item of the data), a supplementary view (data-driven, of a
/// kind such as "header") or a decoration view (owned by the layout). The order is the
/// output order.
public enum ElementCategory: UInt8, Comparable, Sendable, CaseIterable {
    case cell = 0
    case supplementary = 1
    case decoration = 2

    public static func < (lhs: ElementCategory, rhs: ElementCategory) -> Bool { lhs.rawValue < rhs.rawValue }

    public var name: String {
        switch self {
        case .cell: "cell"
        case .supplementary: "supplementary"
        case .decoration: "decoration"
        }
    }
}

/// Identifies one element of a layout: category, kind (empty for cells) and index path.
/// Ordered as the outputs list elements: category, then kind, then index path.
public struct ElementKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    public var kind: String
    public var indexPath: LayoutIndexPath

    public init(category: ElementCategory, kind: String = "", indexPath: LayoutIndexPath) {
        self.category = category
        self.kind = category == .cell ? "" : kind
        self.indexPath = indexPath
    }

    public static func cell(_ section: Int, _ item: Int) -> ElementKey {
        ElementKey(category: .cell, indexPath: LayoutIndexPath(section, item))
    }

    public static func supplementary(_ kind: String, _ section: Int, _ item: Int) -> ElementKey {
        ElementKey(category: .supplementary, kind: kind, indexPath: LayoutIndexPath(section, item))
    }

    public static func decoration(_ kind: String, _ section: Int, _ item: Int) -> ElementKey {
        ElementKey(category: .decoration, kind: kind, indexPath: LayoutIndexPath(section, item))
    }

    public static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.indexPath < rhs.indexPath
    }

    public var description: String {
        category == .cell ? "cell \(indexPath)" : "\(category.name) \"\(kind)\" \(indexPath)"
    }
}
