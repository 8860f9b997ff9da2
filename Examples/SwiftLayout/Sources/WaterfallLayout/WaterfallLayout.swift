// WaterfallLayout.swift — the app's own layout, written against UIKit: the Swift port of
// Examples/waterfall.lua, its Lua prototype. Items go to the shortest of `columns` columns
// (ties to the leftmost), as tall as the app's data says; each section starts with a
// full-width header that sticks to the top of the visible rect until the next one pushes it
// out. On Linux it builds against UIKitSurface, so CI can lay it out and compare it.
#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

@MainActor
public final class WaterfallLayout: UICollectionViewLayout {
    /// Item heights by section: the app's data.
    public var heights: [[CGFloat]] = [] { didSet { invalidateLayout() } }
    public var columns = 2 { didSet { invalidateLayout() } }

    static let headerHeight: CGFloat = 40
    static let inset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    static let gap: CGFloat = 10
    static let headerKind = "header"

    private var cells: [UICollectionViewLayoutAttributes] = []
    private var headers: [UICollectionViewLayoutAttributes] = []
    /// Where each section starts and ends.
    private var sections: [(top: CGFloat, bottom: CGFloat)] = []
    private var contentSize: CGSize = .zero

    public override func prepare() {
        guard let collectionView else { return }
        let width = collectionView.bounds.width
        let inset = Self.inset
        let columnWidth = (width - inset.left - inset.right - CGFloat(columns - 1) * Self.gap) / CGFloat(columns)
        cells = []
        headers = []
        sections = []
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let itemsTop = y + Self.headerHeight + inset.top
            var columnTop = Array(repeating: itemsTop, count: columns)
            var bottom = itemsTop
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                var shortest = 0
                for column in 1..<columns where columnTop[column] < columnTop[shortest] { shortest = column }
                let height = section < heights.count && item < heights[section].count ? heights[section][item] : 100
                let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                cell.frame = CGRect(
                    x: inset.left + CGFloat(shortest) * (columnWidth + Self.gap), y: columnTop[shortest],
                    width: columnWidth, height: height)
                cells.append(cell)
                columnTop[shortest] += height + Self.gap
                bottom = max(bottom, cell.frame.maxY)
            }
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: Self.headerKind, with: IndexPath(item: 0, section: section))
            header.frame = CGRect(x: 0, y: y, width: width, height: Self.headerHeight)
            header.zIndex = 10
            headers.append(header)
            sections.append((y, bottom + inset.bottom))
            y = bottom + inset.bottom
        }
        contentSize = CGSize(width: width, height: y)
    }

    public override var collectionViewContentSize: CGSize { contentSize }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let visible = cells.filter { $0.frame.intersects(rect) }
        let stuck = sections.indices.filter { sections[$0].top < rect.maxY && sections[$0].bottom > rect.minY }
        return visible + stuck.map { stick(headers[$0]) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells.first { $0.indexPath == indexPath }
    }

    public override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        guard elementKind == Self.headerKind, headers.indices.contains(indexPath.section) else { return nil }
        return stick(headers[indexPath.section])
    }

    /// Only a width change lays it out again; a scroll moves the sticky headers.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    /// A copy of `header` at its sticky place for the current bounds.
    private func stick(_ header: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let copy = header.copy() as? UICollectionViewLayoutAttributes, let collectionView else { return header }
        let section = sections[header.indexPath.section]
        copy.frame.origin.y = max(section.top, min(collectionView.bounds.minY, section.bottom - Self.headerHeight))
        return copy
    }
}
