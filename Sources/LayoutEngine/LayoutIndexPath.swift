/// A UIKit index path: (section, item), both 0-based.
/// Named apart from Foundation's `IndexPath` so both can be imported side by side.
public struct LayoutIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public init(_ section: Int, _ item: Int) {
        self.init(section: section, item: item)
    }

    public static func < (lhs: LayoutIndexPath, rhs: LayoutIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
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
