/// What is visible and what is under a point: the rect query UIKit makes for the viewport,
/// each element through the single-element hooks, the moving item drawn under the finger.
extension HeadlessCollectionView {
    /// The elements in the visible bounds, in output order (the rect query UIKit makes), each
    /// through the layout's single-element hooks (`drawnAttributes`: what is drawn). While
    /// an item is moved interactively its cell is drawn where the finger is (see
    /// `movingAttributes`), even when its slot is outside the bounds.
    package func visibleElements() throws -> [LayoutAttributes] {
        var elements = try layout.drawnAttributes(
            try layout.layoutAttributesForElements(in: bounds, context: context), context: context)
        guard let movement else { return elements }
        let isMoving = { (element: LayoutAttributes) in
            element.category == .cell && element.indexPath == movement.target
        }
        let position = elements.firstIndex(where: isMoving)
        let slot =
            try position.map { elements[$0] } ?? layout.layoutAttributesForItem(at: movement.target, context: context)
        guard let slot else { return elements }
        let zIndex = (elements.filter { !isMoving($0) }.map(\.zIndex).max() ?? 0) + 1
        let moving = try movingAttributes(slot, movement.position, zIndex: zIndex)
        if let position {
            elements[position] = moving
        } else if moving.frame.intersects(bounds) {
            elements.append(moving)
        }
        return elements
    }

    /// The moving cell as drawn: centred on the finger, one zIndex above every other visible
    /// element, then edited by the layout's layoutAttributesForInteractivelyMovingItem.
    func movingAttributes(_ slot: LayoutAttributes, _ position: Point, zIndex: Int) throws -> LayoutAttributes {
        var moving = slot
        moving.frame.origin = Point(
            x: position.x - slot.frame.size.width / 2, y: position.y - slot.frame.size.height / 2)
        moving.zIndex = max(slot.zIndex, zIndex)
        return try layout.layoutAttributesForInteractivelyMovingItem(moving, position: position, context: context)
    }

    /// The visible cells' index paths, in order.
    package func indexPathsForVisibleItems() throws -> [LayoutIndexPath] {
        try visibleElements().filter { $0.category == .cell }.map(\.indexPath)
    }

    /// The visible elements as they are drawn (orthogonal sections at their offsets).
    package func drawnElements() throws -> DrawnElements {
        DrawnElements(try visibleElements(), layout: layout, context: context)
    }

    /// indexPathForItem(at:): the cell drawn under `point` (content coordinates), as
    /// `DrawnElements.cell(at:)` finds it among the elements of the visible rect query (what is
    /// on screen, every hook applied): topmost by zIndex, then the later in output order;
    /// hidden or transparent cells, gaps, insets and other elements are not hit. A point
    /// outside the viewport is looked up with a 1×1 query at the point. Also returns the point
    /// in the cell's coordinates.
    package func indexPathForItem(at point: Point) throws -> (indexPath: LayoutIndexPath, local: Point)? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let rect = bounds.contains(point) ? bounds : Rect(x: point.x, y: point.y, width: 1, height: 1)
        let drawn = try DrawnElements.drawing(
            try layout.layoutAttributesForElements(in: rect, context: context), layout: layout, context: context)
        return drawn.cell(at: point)
    }

    /// The touch point for a viewport point.
    package func touchPoint(viewport: Point) throws -> TouchPoint {
        let content = Point(x: viewport.x + contentOffset.x, y: viewport.y + contentOffset.y)
        let hit = try indexPathForItem(at: content)
        return TouchPoint(viewport: viewport, content: content, indexPath: hit?.indexPath, local: hit?.local)
    }
}
