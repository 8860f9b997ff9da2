/// Interactive movement (beginInteractiveMovementForItem…): an item picked up, following the
/// finger while the others make room, dropped or put back.
extension HeadlessCollectionView {
    /// The item being moved interactively, where it is laid out now (nil when none is).
    package var movingItem: LayoutIndexPath? { movement?.target }

    /// The item's attributes as the layout's per-item query answers them; for the item being
    /// moved, where it is drawn (following the finger) when that is in the viewport.
    package func attributesOfItem(at path: LayoutIndexPath) throws -> LayoutAttributes? {
        if let movement, movement.target == path,
            let drawn = try visibleElements().first(where: { $0.category == .cell && $0.indexPath == path })
        {
            return drawn
        }
        return try layout.layoutAttributesForItem(at: path, context: context)
    }

    /// beginInteractiveMovementForItem(at:): the item under `point` (content coordinates) starts
    /// moving when the delegate's canMoveItem allows it. Any touch in progress is cancelled.
    /// Returns whether the movement began (false on empty space, when refused, or when one is
    /// already in progress).
    @discardableResult
    package func beginInteractiveMovement(at point: Point) throws -> Bool {
        guard movement == nil, let path = try indexPathForItem(at: point)?.indexPath else { return false }
        closeMenu()
        try cancelTouch()
        release = nil
        guard delegate != nil else { return false }
        guard try ask("canMoveItem", path, { try $0.canMoveItem(self, at: path) }) else { return false }
        movement = Movement(original: context.data, from: path, target: path, position: point)
        return true
    }

    /// updateInteractiveMovementTargetPosition: the finger is at `point` (content coordinates).
    /// The layout's targetIndexPathForInteractivelyMovingItem proposes where the item goes (by
    /// default the item drawn under the point, the moving one left out, else the current
    /// target); the delegate's targetIndexPathForMove has the last word. When the target
    /// changes, the data is the original with the item moved there and the layout is prepared
    /// again: the other items make room live.
    package func updateInteractiveMovement(to point: Point) throws {
        guard var current = movement else { return }
        current.position = point
        movement = current
        let proposed: LayoutIndexPath
        if let fromLayout = try layout.targetIndexPathForInteractivelyMovingItem(
            current.target, position: point, context: context)
        {
            proposed = fromLayout
        } else {
            var drawn = try drawnElements()
            drawn.elements = drawn.elements.map { element in
                guard element.category == .cell, element.indexPath == current.target else { return element }
                var hidden = element
                hidden.hidden = true
                return hidden
            }
            proposed = drawn.cell(at: point)?.indexPath ?? current.target
        }
        var target = proposed
        if let delegate, delegate.implements("targetIndexPathForMove") {
            events.append(.delegateCall(name: "targetIndexPathForMove", indexPath: proposed, result: nil))
            target = try deferringInvalidation {
                try delegate.targetIndexPathForMove(self, from: current.from, proposed: proposed)
            }
        }
        guard target != current.target else { return }
        guard let data = Self.moving(current.original, current.from, to: target) else {
            let problem = Self.moveTargetProblem(context.data, from: current.target, to: target) ?? "no such place"
            throw LayoutError(
                "the item at [\(current.from.section), \(current.from.item)] cannot move to [\(target.section), \(target.item)]: \(problem)"
            )
        }
        movement?.target = target
        context.data = data
        try prepare(reason: "interactive movement")
        try reclampOffset()
    }

    /// endInteractiveMovement(): the item stays at its target; selection follows the items it
    /// passed; the delegate's moveItem is told (from the original index path to the target).
    package func endInteractiveMovement() throws {
        guard let current = movement else { return }
        movement = nil
        let selected = selectedItems
        selectedItems = selected.map { Self.movedPath($0, current.from, current.target) }.sorted()
        try prepare(reason: "interactive movement (end)")
        try reclampOffset()
        try tell("moveItem", current.target) { try $0.moveItem(self, from: current.from, to: current.target) }
    }

    /// cancelInteractiveMovement(): the original order comes back.
    package func cancelInteractiveMovement() throws {
        guard let current = movement else { return }
        movement = nil
        context.data = current.original
        try prepare(reason: "interactive movement (cancelled)")
        try reclampOffset()
    }

    /// Where `path` of the data before the move is once the item at `from` moved to `to`: the
    /// item leaves `from` (the later items of its section move up one), then goes in at `to`
    /// (the items at and after `to` in that section move down one).
    package static func movedPath(
        _ path: LayoutIndexPath, _ from: LayoutIndexPath, _ to: LayoutIndexPath
    )
        -> LayoutIndexPath
    {
        guard path != from else { return to }
        var moved = path
        if moved.section == from.section && moved.item > from.item {
            moved = LayoutIndexPath(moved.section, moved.item - 1)
        }
        if moved.section == to.section && moved.item >= to.item {
            moved = LayoutIndexPath(moved.section, moved.item + 1)
        }
        return moved
    }

    /// `data` with the item at `from` moved to `to` (payload and counts), or nil when `to` is
    /// not a place in the data after the move, or the two sections do not both have payloads.
    package static func moving(
        _ data: CollectionData, _ from: LayoutIndexPath, to: LayoutIndexPath
    )
        -> CollectionData?
    {
        var data = data
        guard data.sections.indices.contains(from.section), data.sections.indices.contains(to.section),
            from.item >= 0, from.item < data.sections[from.section].count
        else { return nil }
        let lastAfter = data.sections[to.section].count - (to.section == from.section ? 1 : 0)
        guard to.item >= 0, to.item <= lastAfter else { return nil }
        if to.section == from.section {
            if var items = data.sections[from.section].items {
                items.insert(items.remove(at: from.item), at: to.item)
                data.sections[from.section].items = items
            }
            return data
        }
        guard (data.sections[from.section].items == nil) == (data.sections[to.section].items == nil) else {
            return nil
        }
        if var source = data.sections[from.section].items, var destination = data.sections[to.section].items {
            destination.insert(source.remove(at: from.item), at: to.item)
            data.sections[from.section].items = source
            data.sections[to.section].items = destination
        }
        data.sections[from.section].count -= 1
        data.sections[to.section].count += 1
        return data
    }

    /// Why `to` is no place for the moving item now at `at` in `data` (nil when it is one):
    /// what a layout's or a delegate's answer is told, at that callback's own line.
    package static func moveTargetProblem(
        _ data: CollectionData, from at: LayoutIndexPath, to: LayoutIndexPath
    ) -> String? {
        guard moving(data, at, to: to) == nil else { return nil }
        guard data.sections.indices.contains(to.section) else {
            return
                "no such place in the data: there is no section \(to.section) (\(data.numberOfSections) section\(data.numberOfSections == 1 ? "" : "s"))"
        }
        let last = data.sections[to.section].count - (to.section == at.section ? 1 : 0)
        guard (0...max(0, last)).contains(to.item) else {
            return
                "no such place in the data: the moving item can go to items 0…\(max(0, last)) of section \(to.section)"
        }
        return "no such place in the data: sections \(at.section) and \(to.section) do not both have item payloads"
    }
}
