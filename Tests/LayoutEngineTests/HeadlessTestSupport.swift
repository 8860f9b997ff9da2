import LayoutEngine

/// A Swift layout for the headless view's tests: by default a grid of 100×100 cells, two a row,
/// 10 apart with a 10-point inset (cell i at x = 10 + 110·(i mod 2), y = 10 + 110·(i div 2));
/// content 230 wide, 10 + 110·rows high. `elements` replaces the grid; `target` and
/// `invalidates` stand in for the scrolling overrides. Counts prepares.
final class TestLayout: CollectionViewLayout {
    var elements: ((CollectionContext) -> [LayoutAttributes])?
    var target: ((Point, Point) -> Point)?
    var invalidates = false
    private(set) var prepareCount = 0
    private(set) var proposals: [(proposed: Point, velocity: Point)] = []
    private var placed: [LayoutAttributes] = []
    private var size = Size.zero

    static func grid(_ context: CollectionContext) -> [LayoutAttributes] {
        (0..<context.data.numberOfItems(inSection: 0)).map { item in
            LayoutAttributes(
                key: .cell(0, item),
                frame: Rect(x: 10 + Double(item % 2) * 110, y: 10 + Double(item / 2) * 110, width: 100, height: 100))
        }
    }

    func prepare(in context: CollectionContext) throws {
        prepareCount += 1
        placed = (elements ?? Self.grid)(context)
        let rows = (context.data.numberOfItems(inSection: 0) + 1) / 2
        size =
            elements == nil
            ? Size(width: 230, height: 10 + Double(rows) * 110)
            : placed.reduce(Size.zero) {
                Size(width: max($0.width, $1.frame.maxX), height: max($0.height, $1.frame.maxY))
            }
    }

    var collectionViewContentSize: Size { size }

    func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        placed.filter { $0.frame.intersects(rect) }
    }

    func layoutAttributesForItem(at indexPath: LayoutIndexPath, context: CollectionContext) throws -> LayoutAttributes?
    {
        placed.first { $0.key == .cell(indexPath.section, indexPath.item) }
    }

    func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        placed.first { $0.key == .supplementary(kind, indexPath.section, indexPath.item) }
    }

    func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        nil
    }

    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool {
        invalidates
    }

    func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point, context: CollectionContext
    ) throws -> Point {
        proposals.append((proposed, velocity))
        return target?(proposed, velocity) ?? proposed
    }

    func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] { placed }
}

/// A delegate that records every call as "name[s, i]" and refuses what it is told to.
final class RecordingDelegate: CollectionViewDelegate {
    var calls: [String] = []
    var refuse: Set<String> = []
    var points: [TouchPoint] = []

    private func record(_ name: String, _ path: LayoutIndexPath?) -> Bool {
        let entry = name + (path.map { "[\($0.section), \($0.item)]" } ?? "")
        calls.append(entry)
        return !refuse.contains(entry) && !refuse.contains(name)
    }

    func shouldHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        record("shouldHighlightItem", indexPath)
    }
    func didHighlightItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws {
        _ = record("didHighlightItem", indexPath)
    }
    func didUnhighlightItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws {
        _ = record("didUnhighlightItem", indexPath)
    }
    func shouldSelectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        record("shouldSelectItem", indexPath)
    }
    func didSelectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws {
        _ = record("didSelectItem", indexPath)
    }
    func shouldDeselectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        record("shouldDeselectItem", indexPath)
    }
    func didDeselectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws {
        _ = record("didDeselectItem", indexPath)
    }
    func didLongPress(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        points.append(point)
        _ = record("didLongPress", point.indexPath)
    }
    func didTapBackground(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        points.append(point)
        _ = record("didTapBackground", nil)
    }
}

/// A collection of `items` cells in one section, viewport `width`×`height` at `offset`.
func headlessContext(
    items: Int, width: Double = 300, height: Double = 400, offset: Point = .zero,
    contentInset: EdgeInsets = .zero, safeArea: EdgeInsets = .zero
) -> CollectionContext {
    CollectionContext(
        bounds: Rect(origin: offset, size: Size(width: width, height: height)), data: CollectionData(counts: [items]),
        contentInset: contentInset, safeAreaInsets: safeArea)
}

extension HeadlessCollectionView {
    /// Taps the cell centre (content coordinates) of the grid's item.
    func tapItem(_ item: Int) throws {
        try tap(at: try touchPoint(viewport: gridCentre(item, offset: contentOffset)))
    }
}

/// The viewport point at the centre of grid item `item`.
func gridCentre(_ item: Int, offset: Point = .zero) -> Point {
    Point(x: 60 + Double(item % 2) * 110 - offset.x, y: 60 + Double(item / 2) * 110 - offset.y)
}
