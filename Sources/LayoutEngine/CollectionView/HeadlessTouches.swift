/// The touch and gesture state machine: a finger down, moving (a pan past the slop takes the
/// touch over), lifting or cancelled; taps, double taps, long presses, pinches and drags built
/// from them, with UIKit's highlight and selection call order.
extension HeadlessCollectionView {
    /// A finger goes down: on a cell, when selection is allowed, shouldHighlight → (highlighted)
    /// didHighlight. Any touch still in progress is cancelled first.
    package func touchDown(at point: TouchPoint) throws {
        closeMenu()
        try cancelTouch()
        touch = Touch(start: point, last: point.viewport)
        guard allowsSelection, let path = point.indexPath else { return }
        let allowed = try ask("shouldHighlightItem", path) { try $0.shouldHighlightItem(self, at: path, point: point) }
        guard allowed else { return }
        touch?.highlighted = true
        setHighlighted(path, true)
        try tell("didHighlightItem", path) { try $0.didHighlightItem(self, at: path, point: point) }
    }

    /// The finger lifts at `point`. Inside the highlighted cell it selects (see `select`);
    /// anywhere else the highlight is cancelled. A touch that began and ended on empty space is
    /// a background tap.
    package func touchUp(at point: TouchPoint) throws {
        guard let current = touch else { return }
        touch = nil
        // A pan settles (paging, an orthogonal section's behaviour): nothing is selected or tapped.
        guard !current.panning else { return try settle(current) }
        guard let path = current.start.indexPath else {
            if point.indexPath == nil {
                try tell("didTapBackground", nil) { try $0.didTapBackground(self, point: point) }
            }
            return
        }
        guard current.highlighted else { return }
        guard point.indexPath == path else {
            try unhighlight(path, point)
            return
        }
        try tapSelect(path, point)
    }

    /// The touch is cancelled (a pan or a long press took it over): the highlight goes, nothing
    /// is selected.
    package func cancelTouch(at point: TouchPoint? = nil) throws {
        guard let current = touch else { return }
        touch = nil
        if current.highlighted, let path = current.start.indexPath {
            try unhighlight(path, point ?? current.start)
        }
        if current.panning { try settle(current) }
    }

    /// A long press: the touch goes down (highlighting), the recognizer fires and cancels it
    /// (didUnhighlight). On a cell the delegate is asked `shouldShowMenuForItem`; when it
    /// answers true the edit menu opens with those of its `menuActions` that
    /// `canPerformAction` allows (none allowed: no menu) and `didLongPress` is not called.
    /// Otherwise `didLongPress` with the point (item nil on empty space).
    package func longPress(at point: TouchPoint) throws {
        try touchDown(at: point)
        try cancelTouch(at: point)
        if let path = point.indexPath, let delegate {
            let show = try ask("shouldShowMenuForItem", path) { try $0.shouldShowMenuForItem(self, at: path) }
            if show {
                var actions: [String] = []
                for action in delegate.menuActions {
                    let allowed = try ask("canPerformAction(\(action))", path) {
                        try $0.canPerformAction(self, action: action, at: path)
                    }
                    if allowed { actions.append(action) }
                }
                guard !actions.isEmpty else { return }
                menu = EditMenu(indexPath: path, actions: actions)
                events.append(.editMenu(path, actions: actions))
                return
            }
        }
        try tell("didLongPress", point.indexPath) { try $0.didLongPress(self, point: point) }
    }

    /// A double tap. When the delegate has a double-tap recognizer (`recognizesDoubleTap`), it
    /// takes priority, as a single-tap recognizer required to wait for it: nothing is
    /// highlighted or selected, and `didDoubleTap` is called once. Otherwise it is two taps.
    package func doubleTap(at point: TouchPoint) throws {
        guard let delegate, delegate.recognizesDoubleTap else {
            try tap(at: point)
            try tap(at: point)
            return
        }
        closeMenu()
        try cancelTouch()
        try tell("didDoubleTap", point.indexPath) { try $0.didDoubleTap(self, point: point) }
    }

    /// A pinch centred on `point` from scale 1 to `scale` in `steps` steps (UIPinchGestureRecognizer):
    /// any touch in progress is cancelled, then `didPinch` is told "began" (scale 1), "changed"
    /// once a step with the scale growing linearly (1 + (scale − 1)·(k/steps), k = 1…steps: k/steps
    /// first, so no step overflows past the final scale, however large) and
    /// "ended" (scale). With `ends` false the fingers are still down: no "ended" (the live
    /// preview's pinch in progress).
    package func pinch(at point: TouchPoint, scale: Double, steps: Int, ends: Bool = true) throws {
        closeMenu()
        try cancelTouch()
        release = nil
        // Built step by step with its type spelled out: as one `+` of literals and a `map`, this
        // took the type checker about 5 s of CPU, in every build of the engine.
        let count = max(steps, 1)
        var phases: [(phase: String, scale: Double)] = [("began", 1.0)]
        for step in 1...count { phases.append(("changed", 1 + (scale - 1) * (Double(step) / Double(count)))) }
        if ends { phases.append(("ended", scale)) }
        for (phase, value) in phases {
            try tell("didPinch", point.indexPath) { try $0.didPinch(self, scale: value, point: point, phase: phase) }
        }
    }

    /// A tap: touch down and up at the same point.
    package func tap(at point: TouchPoint) throws {
        try touchDown(at: point)
        try touchUp(at: point)
    }

    /// The finger moves to `viewport`. Once it has gone more than `panThreshold` from where it
    /// went down, the scroll view's pan takes the touch over (the highlight is cancelled), and
    /// from then on every move scrolls the content by the finger's movement, clamped (no
    /// rubber-banding).
    package func touchMove(to viewport: Point) throws {
        guard var current = touch else { return }
        if !current.panning {
            let dx = viewport.x - current.start.viewport.x, dy = viewport.y - current.start.viewport.y
            guard (dx * dx + dy * dy).squareRoot() > Self.panThreshold else {
                touch?.last = viewport
                return
            }
            current.panning = true
            current.section = sectionToPan(at: current.start.content, dx: dx, dy: dy)
            let wasHighlighted = current.highlighted
            current.highlighted = false
            touch = current
            if wasHighlighted, let path = current.start.indexPath {
                try unhighlight(path, try touchPoint(viewport: viewport))
            }
        }
        let dx = viewport.x - current.last.x, dy = viewport.y - current.last.y
        touch?.last = viewport
        if let section = current.section, let region = region(section), let offset = sectionOffset(section) {
            // Right to left, a horizontal region's offset runs from its leading (right) edge:
            // the finger moving right brings its later groups in from the left.
            let along = region.horizontal ? dx : dy
            try setSectionOffset(section, offset + (layout.isFlippedHorizontally && region.horizontal ? along : -along))
        } else {
            let start = current.raw ?? contentOffset
            let raw = Point(x: start.x - dx, y: start.y - dy)
            touch?.raw = raw
            try moveBounds(to: rubberBandedOffset(raw))
        }
    }

    /// Whether the touch in progress is a pan (it moved past `panThreshold`).
    package var isPanning: Bool { touch?.panning ?? false }

    /// A drag from `start` to `end` (viewport points): touch down, one move, touch up. Past
    /// `panThreshold` it is a pan (highlight cancelled, content moved by start − end, no
    /// fling); a shorter move is a tap that lifts at `end`.
    package func drag(from start: Point, to end: Point) throws {
        try touchDown(at: try touchPoint(viewport: start))
        try touchMove(to: end)
        try touchUp(at: try touchPoint(viewport: end))
    }

    /// Touch up inside the highlighted cell: shouldSelect (shouldDeselect for a selected cell
    /// in multiple selection) → didUnhighlight → in single selection, each other selected item
    /// is deselected (shouldDeselect → didDeselect; a false keeps it and stops the selection) →
    /// didSelect (didDeselect).
    func tapSelect(_ path: LayoutIndexPath, _ point: TouchPoint) throws {
        if allowsMultipleSelection && selectedItems.contains(path) {
            let allowed = try ask("shouldDeselectItem", path) {
                try $0.shouldDeselectItem(self, at: path, point: point)
            }
            try unhighlight(path, point)
            guard allowed else { return }
            setSelected(path, false)
            try tell("didDeselectItem", path) { try $0.didDeselectItem(self, at: path, point: point) }
            return
        }
        let allowed = try ask("shouldSelectItem", path) { try $0.shouldSelectItem(self, at: path, point: point) }
        try unhighlight(path, point)
        guard allowed else { return }
        if !allowsMultipleSelection {
            for other in selectedItems where other != path {
                let deselect = try ask("shouldDeselectItem", other) {
                    try $0.shouldDeselectItem(self, at: other, point: point)
                }
                guard deselect else { return }
                setSelected(other, false)
                try tell("didDeselectItem", other) { try $0.didDeselectItem(self, at: other, point: point) }
            }
        }
        setSelected(path, true)
        try tell("didSelectItem", path) { try $0.didSelectItem(self, at: path, point: point) }
    }

    func unhighlight(_ path: LayoutIndexPath, _ point: TouchPoint) throws {
        guard highlightedItems.contains(path) else { return }
        setHighlighted(path, false)
        try tell("didUnhighlightItem", path) { try $0.didUnhighlightItem(self, at: path, point: point) }
    }
}
