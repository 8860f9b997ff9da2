/// UICollectionViewLayoutAttributes: where and how one element is shown.
public struct LayoutAttributes: Hashable, Sendable {
    public var key: ElementKey
    public var frame: Rect
    public var transform3D: Transform3D
    public var alpha: Double
    public var zIndex: Int
    public var hidden: Bool
    /// Layout-specific fields (UIKit subclasses add properties; here they are named values),
    /// carried through to every output.
    public var custom: [String: LayoutValue]
    /// Looping animations the outputs play over the element (see `AttributeAnimation`).
    public var animations: [AttributeAnimation]

    public init(
        key: ElementKey, frame: Rect, transform3D: Transform3D = .identity, alpha: Double = 1,
        zIndex: Int = 0, hidden: Bool = false, custom: [String: LayoutValue] = [:],
        animations: [AttributeAnimation] = []
    ) {
        self.key = key
        self.frame = frame
        self.transform3D = transform3D
        self.alpha = alpha
        self.zIndex = zIndex
        self.hidden = hidden
        self.custom = custom
        self.animations = animations
    }

    public var category: ElementCategory { key.category }
    public var kind: String { key.kind }
    public var indexPath: LayoutIndexPath { key.indexPath }
    public var center: Point { frame.center }
    public var size: Size { frame.size }
}
