/// What a custom transition layout (a UICollectionViewTransitionLayout subclass) adds to the
/// linear interpolation: a hook that bends each element's path, and animated keys
/// (`updateValue(_:forAnimatedKey:)`, `value(forAnimatedKey:)`) the hook reads.
package protocol TransitionPathBending: AnyObject {
    /// The animated keys and their values now.
    var animatedValues: [String: LayoutValue] { get }
    func updateValue(_ value: LayoutValue, forAnimatedKey key: String)
    /// The element at `progress`: `linear` (the interpolation of `from` and `to`) as the hook
    /// edits it. `from` is nil for an element only the next layout places, `to` for one only
    /// the current layout places.
    func bend(
        _ linear: LayoutAttributes, from: LayoutAttributes?, to: LayoutAttributes?, progress: Double,
        context: CollectionContext
    ) throws -> LayoutAttributes
}

/// UICollectionViewTransitionLayout: installed in place of the current layout during an
/// interactive transition, it answers every query with the elements between the current layout
/// (`transitionProgress` 0) and the next one (1): paired elements interpolated linearly, the
/// others fading in or out in place (`TransitionPlanner`), each then bent by the custom
/// transition, if any. Setting the progress or an animated key recomputes the elements without
/// preparing the two layouts again; `prepare` prepares both (and pairs them anew).
///
/// The content size is the linear interpolation of the two layouts' content sizes (UIKit does
/// not document it; the interpolation keeps every element of a progress inside the content
/// when both layouts' elements are). No region scrolls on its own while it is installed.
package final class TransitionLayout: CollectionViewLayout {
    package let currentLayout: any CollectionViewLayout
    package let nextLayout: any CollectionViewLayout
    package let bending: (any TransitionPathBending)?
    package private(set) var transitionProgress = 0.0
    /// The animated keys of a transition without a custom hook (UIKit stores them too).
    private var ownAnimatedValues: [String: LayoutValue] = [:]
    private var plan: AnimationPlan?
    /// The elements at `transitionProgress`, in output order, and where each key is.
    private var elements: [LayoutAttributes] = []
    private var positions: [ElementKey: Int] = [:]

    package init(
        current: any CollectionViewLayout, next: any CollectionViewLayout, bending: (any TransitionPathBending)? = nil
    ) {
        currentLayout = current
        nextLayout = next
        self.bending = bending
    }

    /// The animated keys and their values (`value(forAnimatedKey:)`).
    package var animatedValues: [String: LayoutValue] { bending?.animatedValues ?? ownAnimatedValues }

    package func prepare(in context: CollectionContext) throws {
        let plan = try TransitionPlanner.plan(from: currentLayout, to: nextLayout, context: context)
        self.plan = plan
        try computeElements(plan, context: context)
    }

    /// Sets `transitionProgress` (the caller checks it is in 0…1) and recomputes the elements.
    package func setTransitionProgress(_ progress: Double, context: CollectionContext) throws {
        transitionProgress = progress
        if let plan { try computeElements(plan, context: context) }
    }

    /// updateValue(_:forAnimatedKey:): the hook reads it as `cv.animatedValues[key]`.
    package func updateValue(_ value: LayoutValue, forAnimatedKey key: String, context: CollectionContext) throws {
        if let bending { bending.updateValue(value, forAnimatedKey: key) } else { ownAnimatedValues[key] = value }
        if let plan { try computeElements(plan, context: context) }
    }

    private func computeElements(_ plan: AnimationPlan, context: CollectionContext) throws {
        elements = try Self.elements(of: plan, at: transitionProgress, bending: bending, context: context)
        positions = Dictionary(elements.enumerated().map { ($1.key, $0) }) { first, _ in first }
    }

    /// Every element of `plan` at `progress`, bent by `bending` when given, in output order
    /// (by key): what `lualayout transition --progress` prints and the transition layout shows.
    package static func elements(
        of plan: AnimationPlan, at progress: Double, bending: (any TransitionPathBending)?,
        context: CollectionContext
    ) throws -> [LayoutAttributes] {
        guard bending != nil else { return plan.attributes(at: progress) }
        return try entries(of: plan, at: progress, bending: bending, context: context).sorted { $0.key < $1.key }
    }

    /// Every entry of `plan` at `progress`, bent by `bending` when given, in the plan's order.
    package static func entries(
        of plan: AnimationPlan, at progress: Double, bending: (any TransitionPathBending)?,
        context: CollectionContext
    ) throws -> [LayoutAttributes] {
        try plan.entries.map { entry in
            let linear = entry.attributes(at: progress)
            guard let bending else { return linear }
            return try bending.bend(
                linear, from: entry.change == .insert ? nil : entry.from,
                to: entry.change == .delete ? nil : entry.to, progress: progress, context: context)
        }
    }

    package var collectionViewContentSize: Size {
        guard let plan else { return .zero }
        let t = transitionProgress
        func mix(_ a: Double, _ b: Double) -> Double { t == 0 ? a : t == 1 ? b : a + (b - a) * t }
        return Size(
            width: mix(plan.contentSizeBefore.width, plan.contentSizeAfter.width),
            height: mix(plan.contentSizeBefore.height, plan.contentSizeAfter.height))
    }

    package func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        elements.filter { $0.frame.intersects(rect) }
    }

    private func element(_ key: ElementKey) -> LayoutAttributes? {
        positions[key].map { elements[$0] }
    }

    package func layoutAttributesForItem(
        at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws
        -> LayoutAttributes?
    {
        element(ElementKey(category: .cell, indexPath: indexPath))
    }

    package func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        element(ElementKey(category: .supplementary, kind: kind, indexPath: indexPath))
    }

    package func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        element(ElementKey(category: .decoration, kind: kind, indexPath: indexPath))
    }

    /// Scrolling during a transition moves the viewport only; the elements stay where the
    /// progress puts them (prepared again only when invalidated otherwise).
    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool {
        false
    }

    package func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point {
        proposedContentOffset
    }

    package func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] { elements }
}
