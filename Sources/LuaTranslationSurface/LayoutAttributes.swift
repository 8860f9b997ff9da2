/// An element's attributes as a translated layout reads and writes them (`a` in the hooks),
/// with UIKit's rules: setting `size` keeps the centre; `center` moves the frame. A translated
/// script's custom fields live in its subclass (`…Attributes`).
open class LayoutAttributes {
    /// `"cell"`, `"supplementary"` or `"decoration"`.
    public let category: String
    /// nil for cells.
    public let kind: String?
    public let indexPath: LayoutIndexPath
    public var frame: LayoutRect
    public var alpha: Double = 1
    public var zIndex: Int = 0
    public var hidden: Bool = false
    /// 16 numbers, row-major (CATransform3D's m11…m44).
    public var transform3D: [Double] = LayoutAttributes.identity
    public var animations: [LayoutAnimation] = []

    public static let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    public required init(category: String, kind: String?, indexPath: [Int], frame: LayoutRect) {
        self.category = category
        self.kind = kind
        self.indexPath = LayoutIndexPath(components: indexPath)
        self.frame = frame
    }

    public var section: Int { indexPath.section }
    public var item: Int { indexPath.item }

    public var x: Double {
        get { frame.x }
        set { frame.x = newValue }
    }

    public var y: Double {
        get { frame.y }
        set { frame.y = newValue }
    }

    public var width: Double {
        get { frame.width }
        set { frame.width = newValue }
    }

    public var height: Double {
        get { frame.height }
        set { frame.height = newValue }
    }

    public var center: LayoutPoint {
        get { LayoutPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2) }
        set {
            frame.x = newValue.x - frame.width / 2
            frame.y = newValue.y - frame.height / 2
        }
    }

    public var size: LayoutSize {
        get { LayoutSize(width: frame.width, height: frame.height) }
        set {
            let kept = center
            frame.width = newValue.width
            frame.height = newValue.height
            center = kept
        }
    }

    /// A copy with every field, custom ones included (a super query's answer).
    public func copy() -> Self {
        let copy = Self(category: category, kind: kind, indexPath: indexPath.components, frame: frame)
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.hidden = hidden
        copy.transform3D = transform3D
        copy.animations = animations
        copy.copyCustomFields(from: self)
        return copy
    }

    /// Overridden by a script's subclass to copy its custom fields.
    open func copyCustomFields(from other: LayoutAttributes) {}

    /// The custom fields that are set, for outputs.
    open var customFields: [(name: String, value: CustomValue)] { [] }
}
