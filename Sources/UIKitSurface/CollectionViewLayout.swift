#if !canImport(UIKit)
// The layout base class and its attributes, transcribed from
// developer.apple.com/documentation/uikit (UICollectionViewLayout.h). A subclass written
// against UIKit's API (prepare, collectionViewContentSize, layoutAttributesForElements(in:), …)
// runs here unchanged.
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
open class UICollectionViewLayoutAttributes: NSObject {
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
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    /// …/uicollectionviewlayoutattributes/transform3d
    open var transform3D = CATransform3DIdentity
    /// …/uicollectionviewlayoutattributes/alpha
    open var alpha: CGFloat = 1
    /// …/uicollectionviewlayoutattributes/zindex
    open var zIndex = 0
    /// …/uicollectionviewlayoutattributes/ishidden
    open var isHidden = false
    /// …/uicollectionviewlayoutattributes/indexpath
    open var indexPath: IndexPath
    /// …/uicollectionviewlayoutattributes/representedelementcategory
    public let representedElementCategory: UICollectionView.ElementCategory
    /// …/uicollectionviewlayoutattributes/representedelementkind
    public let representedElementKind: String?

    init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        representedElementCategory = category
        representedElementKind = kind
        self.indexPath = indexPath
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
}

/// developer.apple.com/documentation/uikit/uicollectionviewlayout
open class UICollectionViewLayout: NSObject {
    /// …/uicollectionviewlayout/collectionview
    open internal(set) weak var collectionView: UICollectionView?
    /// Set by `invalidateLayout()`; the collection view's next layout pass prepares.
    var isInvalid = true

    public override init() {}

    /// …/uicollectionviewlayout/init(coder:) (nothing is archived here)
    public required init?(coder: NSCoder) { nil }

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

    /// …/uicollectionviewlayout/shouldinvalidatelayout(forboundschange:)
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// …/uicollectionviewlayout/invalidatelayout()
    open func invalidateLayout() {
        isInvalid = true
        collectionView?.setNeedsLayout()
    }

    /// …/uicollectionviewlayout/targetcontentoffset(forproposedcontentoffset:withscrollingvelocity:)
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint { proposedContentOffset }
}
#endif
