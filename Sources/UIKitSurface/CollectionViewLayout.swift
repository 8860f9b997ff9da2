#if !canImport(UIKit)
// The layout base class and its attributes, transcribed from
// developer.apple.com/documentation/uikit (UICollectionViewLayout.h). Both are open, as Apple
// declares them: a subclass written against UIKit's API (prepare, collectionViewContentSize,
// layoutAttributesForElements(in:), the single-element queries, the appearing and
// disappearing attributes, targetContentOffset, shouldInvalidateLayout) runs here unchanged.
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
@available(iOS 6.0, *)
@MainActor
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// …/uicollectionviewlayoutattributes/frame
    open var frame: CGRect = .zero
    /// …/uicollectionviewlayoutattributes/center
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// …/uicollectionviewlayoutattributes/size
    open var size: CGSize {
        get { frame.size }
        set {
            let center = self.center
            frame = CGRect(
                x: center.x - newValue.width / 2, y: center.y - newValue.height / 2, width: newValue.width,
                height: newValue.height)
        }
    }
    /// …/uicollectionviewlayoutattributes/bounds
    @available(iOS 7.0, *)
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    /// …/uicollectionviewlayoutattributes/transform3d
    open var transform3D = CATransform3DIdentity
    /// …/uicollectionviewlayoutattributes/transform: the 3D transform's affine part.
    @available(iOS 7.0, *)
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// …/uicollectionviewlayoutattributes/alpha
    open var alpha: CGFloat = 1
    /// …/uicollectionviewlayoutattributes/zindex
    open var zIndex = 0
    /// …/uicollectionviewlayoutattributes/ishidden
    open var isHidden = false
    /// …/uicollectionviewlayoutattributes/indexpath
    open var indexPath: IndexPath
    /// …/uicollectionviewlayoutattributes/representedelementcategory
    open var representedElementCategory: UICollectionView.ElementCategory { category }
    /// …/uicollectionviewlayoutattributes/representedelementkind
    open var representedElementKind: String? { kind }
    private var category = UICollectionView.ElementCategory.cell
    private var kind: String?

    /// NSObject's `init()`: a cell at [0, 0] (a copy of a subclass starts here).
    public required override init() {
        indexPath = IndexPath(item: 0, section: 0)
    }

    convenience init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        self.init()
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    /// A new element of `layout`'s `layoutAttributesClass`, as UIKit's flow and compositional
    /// layouts make theirs (a subclass's overrides receive its own attributes class).
    static func make(
        for layout: UICollectionViewLayout, category: UICollectionView.ElementCategory, kind: String?,
        indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes {
        let type =
            Swift.type(of: layout).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
            ?? UICollectionViewLayoutAttributes.self
        let attributes = type.init()
        attributes.category = category
        attributes.kind = kind
        attributes.indexPath = indexPath
        return attributes
    }

    /// …/uicollectionviewlayoutattributes/init(forcellwith:)
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// …/uicollectionviewlayoutattributes/init(forsupplementaryviewofkind:with:)
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
    }

    /// …/uicollectionviewlayoutattributes/init(fordecorationviewofkind:with:)
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: decorationViewKind, indexPath: indexPath)
    }

    /// NSCopying: an equal copy, of this object's class (a subclass adding attributes
    /// overrides it and copies its own).
    open nonisolated func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { () -> UICollectionViewLayoutAttributes in
            let copy = Swift.type(of: self).init()
            copy.category = category
            copy.kind = kind
            copy.indexPath = indexPath
            copy.frame = frame
            copy.transform3D = transform3D
            copy.alpha = alpha
            copy.zIndex = zIndex
            copy.isHidden = isHidden
            return copy
        }
    }
}

/// developer.apple.com/documentation/uikit/uicollectionviewupdateitem
@available(iOS 6.0, *)
@MainActor
open class UICollectionViewUpdateItem: NSObject {
    /// developer.apple.com/documentation/uikit/uicollectionviewupdateitem/action
    public enum Action: Int, Sendable {
        case insert = 0
        case delete = 1
        case reload = 2
        case move = 3
        case none = 4
    }

    /// …/uicollectionviewupdateitem/indexpathbeforeupdate
    open var indexPathBeforeUpdate: IndexPath? { before }
    /// …/uicollectionviewupdateitem/indexpathafterupdate
    open var indexPathAfterUpdate: IndexPath? { after }
    /// …/uicollectionviewupdateitem/updateaction
    open var updateAction: UICollectionViewUpdateItem.Action { action }
    private let before: IndexPath?
    private let after: IndexPath?
    private let action: Action

    init(action: Action, before: IndexPath?, after: IndexPath?) {
        self.action = action
        self.before = before
        self.after = after
    }
}

/// developer.apple.com/documentation/uikit/uicollectionviewlayout
@available(iOS 6.0, *)
@MainActor
open class UICollectionViewLayout: NSObject {
    /// …/uicollectionviewlayout/collectionview
    open internal(set) weak var collectionView: UICollectionView?
    /// Set by `invalidateLayout()`; the collection view's next layout pass prepares.
    var isInvalid = true
    /// Decoration view classes by kind (`register(_:forDecorationViewOfKind:)`).
    private var decorationClasses: [String: AnyClass] = [:]

    /// …/uicollectionviewlayout/init()
    public override init() {}

    /// …/uicollectionviewlayout/init(coder:) (nothing is archived here)
    public required init?(coder: NSCoder) { nil }

    /// …/uicollectionviewlayout/layoutattributesclass
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// …/uicollectionviewlayout/prepare()
    open func prepare() {}

    /// …/uicollectionviewlayout/collectionviewcontentsize
    open var collectionViewContentSize: CGSize { .zero }

    /// …/uicollectionviewlayout/layoutattributesforelements(in:)
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// …/uicollectionviewlayout/layoutattributesforitem(at:)
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// …/uicollectionviewlayout/layoutattributesforsupplementaryview(ofkind:at:)
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// …/uicollectionviewlayout/layoutattributesfordecorationview(ofkind:at:)
    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// …/uicollectionviewlayout/initiallayoutattributesforappearingitem(at:)
    open func initialLayoutAttributesForAppearingItem(
        at itemIndexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// …/uicollectionviewlayout/finallayoutattributesfordisappearingitem(at:)
    open func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// …/uicollectionviewlayout/initiallayoutattributesforappearingsupplementaryelement(ofkind:at:)
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// …/uicollectionviewlayout/finallayoutattributesfordisappearingsupplementaryelement(ofkind:at:)
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// …/uicollectionviewlayout/initiallayoutattributesforappearingdecorationelement(ofkind:at:)
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// …/uicollectionviewlayout/finallayoutattributesfordisappearingdecorationelement(ofkind:at:)
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// …/uicollectionviewlayout/prepare(forcollectionviewupdates:) (`performBatchUpdates` calls it)
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// …/uicollectionviewlayout/finalizecollectionviewupdates()
    open func finalizeCollectionViewUpdates() {}

    /// …/uicollectionviewlayout/shouldinvalidatelayout(forboundschange:)
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// …/uicollectionviewlayout/invalidatelayout()
    open func invalidateLayout() {
        isInvalid = true
        collectionView?.setNeedsLayout()
    }

    /// …/uicollectionviewlayout/targetcontentoffset(forproposedcontentoffset:)
    @available(iOS 7.0, *)
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// …/uicollectionviewlayout/targetcontentoffset(forproposedcontentoffset:withscrollingvelocity:)
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint { proposedContentOffset }

    /// …/uicollectionviewlayout/flipshorizontallyinoppositelayoutdirection: false, as UIKit's
    /// base class answers (its flow and compositional layouts answer true).
    @available(iOS 9.0, *)
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// …/uicollectionviewlayout/register(_:fordecorationviewofkind:)
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass
    }

    /// Whether the collection view can show the decoration of `kind` at `indexPath`: a view
    /// class registered for it (list sections' own decorations need none).
    func hasDecorationView(ofKind kind: String, at indexPath: IndexPath) -> Bool {
        decorationClasses[kind] != nil
    }

    /// Whether frames are mirrored across the content (a right-to-left collection view and a
    /// layout that flips).
    var isMirrored: Bool {
        flipsHorizontallyInOppositeLayoutDirection
            && collectionView?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }
}
#endif
