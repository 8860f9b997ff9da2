/// What a batch update animates: every element before and after, with its change and the
/// attributes it animates from and to (UIKit's update animation, headless).
package struct AnimationPlan: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var change: UpdateMapping.Change
        package var category: ElementCategory
        package var kind: String
        package var indexPathBefore: LayoutIndexPath?
        package var indexPathAfter: LayoutIndexPath?
        package var from: LayoutAttributes
        package var to: LayoutAttributes

        /// The element's attributes at `progress` ∈ [0, 1]: frame, alpha, transform and numeric
        /// custom fields interpolated linearly; the rest switch at the half-way point, except
        /// zIndex, which takes its final value as soon as the animation starts.
        package func attributes(at progress: Double) -> LayoutAttributes {
            let t = min(1, max(0, progress))
            var result = t < 0.5 ? from : to
            result.key = (t < 1 ? from : to).key
            func mix(_ a: Double, _ b: Double) -> Double { t == 0 ? a : t == 1 ? b : a + (b - a) * t }
            result.frame = Rect(
                x: mix(from.frame.x, to.frame.x), y: mix(from.frame.y, to.frame.y),
                width: mix(from.frame.width, to.frame.width), height: mix(from.frame.height, to.frame.height))
            result.alpha = mix(from.alpha, to.alpha)
            result.zIndex = t == 0 ? from.zIndex : to.zIndex
            result.hidden = t == 0 ? from.hidden : t == 1 ? to.hidden : (from.hidden && to.hidden)
            if !(from.transform3D.isIdentity && to.transform3D.isIdentity) {
                result.transform3D = Transform3D(zip(from.transform3D.m, to.transform3D.m).map { mix($0, $1) })
            }
            for (name, start) in from.custom {
                if case .number(let a) = start, case .number(let b)? = to.custom[name] {
                    result.custom[name] = .number(mix(a, b))
                }
            }
            return result
        }
    }

    package var bounds: Rect
    package var contentSizeBefore: Size
    package var contentSizeAfter: Size
    package var updates: [CollectionUpdate]
    package var entries: [Entry]

    /// Every element at `progress` (deleted ones included until they end), in output order.
    package func attributes(at progress: Double) -> [LayoutAttributes] {
        entries.map { $0.attributes(at: progress) }.sorted { $0.key < $1.key }
    }
}
