#if !canImport(UIKit)
// The views a layout runs in: enough of UIView, UIScrollView and UICollectionView for a host
// to install a layout, give it data counts, a size and a display scale, and read what it
// placed. Transcribed from developer.apple.com/documentation/uikit. Nothing is drawn here.
import Foundation

/// developer.apple.com/documentation/uikit/uitraitcollection (the display scale only)
open class UITraitCollection: NSObject {
    /// …/uitraitcollection/displayscale
    public let displayScale: CGFloat

    /// …/uitraitcollection/init(displayscale:)
    public init(displayScale scale: CGFloat) {
        displayScale = scale
    }
}

/// developer.apple.com/documentation/uikit/uitraitoverrides (iOS 17; the display scale only)
public struct UITraitOverrides {
    /// …/uimutabletraits/displayscale
    public var displayScale: CGFloat = 0
}

/// developer.apple.com/documentation/uikit/uiview
open class UIView: NSObject {
    /// …/uiview/frame
    open var frame: CGRect
    /// …/uiview/layoutmargins (UIKit's default: 8 points on every side)
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// …/uiview/traitoverrides (iOS 17)
    open var traitOverrides = UITraitOverrides() {
        didSet { setNeedsLayout() }
    }
    var needsLayout = true

    /// …/uiview/init(frame:)
    public init(frame: CGRect) {
        self.frame = frame
    }

    /// …/uiview/bounds
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// …/uiview/safeareainsets: zero, as for a view in no window.
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// …/uitraitenvironment/traitcollection: the display scale of `traitOverrides`, else 1
    /// (there is no screen here).
    open var traitCollection: UITraitCollection {
        UITraitCollection(displayScale: traitOverrides.displayScale > 0 ? traitOverrides.displayScale : 1)
    }

    /// …/uiview/setneedslayout()
    open func setNeedsLayout() { needsLayout = true }

    /// …/uiview/layoutifneeded()
    open func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// …/uiview/layoutsubviews()
    open func layoutSubviews() {}
}

/// developer.apple.com/documentation/uikit/uiscrollview
open class UIScrollView: UIView {
    /// …/uiscrollview/contentoffset
    open var contentOffset: CGPoint = .zero
    /// …/uiscrollview/contentsize
    open var contentSize: CGSize = .zero
    /// …/uiscrollview/contentinset
    open var contentInset: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }

    /// …/uiscrollview/adjustedcontentinset: the content inset plus the safe area.
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        return UIEdgeInsets(
            top: contentInset.top + safe.top, left: contentInset.left + safe.left,
            bottom: contentInset.bottom + safe.bottom, right: contentInset.right + safe.right)
    }

    /// …/uiview/bounds: a scroll view's bounds start at its content offset.
    open override var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set {
            frame.size = newValue.size
            contentOffset = newValue.origin
        }
    }
}

/// developer.apple.com/documentation/uikit/uicollectionreusableview
open class UICollectionReusableView: UIView {
    /// …/uicollectionreusableview/reuseidentifier
    open internal(set) var reuseIdentifier: String?
}

/// developer.apple.com/documentation/uikit/uicollectionviewcell
open class UICollectionViewCell: UICollectionReusableView {}

/// developer.apple.com/documentation/uikit/uicollectionviewdatasource
public protocol UICollectionViewDataSource: NSObjectProtocol {
    /// …/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// …/uicollectionviewdatasource/collectionview(_:cellforitemat:) (never called here: nothing is drawn)
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// …/uicollectionviewdatasource/numberofsections(in:) (optional in UIKit: 1 by default)
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// …/uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
    /// (optional in UIKit; never called here)
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        UICollectionReusableView(frame: .zero)
    }
}

/// developer.apple.com/documentation/uikit/uicollectionview
open class UICollectionView: UIScrollView {
    /// developer.apple.com/documentation/uikit/uicollectionview/scrolldirection
    public enum ScrollDirection: Int, Sendable {
        case vertical = 0
        case horizontal
    }

    /// developer.apple.com/documentation/uikit/uicollectionview/elementcategory
    public enum ElementCategory: UInt, Sendable {
        case cell = 0
        case supplementaryView
        case decorationView
    }

    /// …/uicollectionview/elementkindsectionheader
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// …/uicollectionview/elementkindsectionfooter
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// …/uicollectionview/collectionviewlayout
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            setNeedsLayout()
        }
    }
    /// …/uicollectionview/datasource
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { setNeedsLayout() }
    }
    private var registered: [String: AnyClass] = [:]

    /// …/uicollectionview/init(frame:collectionviewlayout:)
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// …/uicollectionview/numberofsections
    open var numberOfSections: Int { dataSource.map { $0.numberOfSections(in: self) } ?? 0 }

    /// …/uicollectionview/numberofitems(insection:)
    open func numberOfItems(inSection section: Int) -> Int {
        dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }

    /// …/uicollectionview/register(_:forcellwithreuseidentifier:)
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered["cell/" + identifier] = cellClass
    }

    /// …/uicollectionview/register(_:forsupplementaryviewofkind:withreuseidentifier:)
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        registered[elementKind + "/" + identifier] = viewClass
    }

    /// …/uicollectionview/dequeuereusablecell(withreuseidentifier:for:): a plain cell (nothing
    /// is drawn here, so the registered class is not instantiated).
    open func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: IndexPath
    )
        -> UICollectionViewCell
    {
        let cell = UICollectionViewCell(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// …/uicollectionview/dequeuereusablesupplementaryview(ofkind:withreuseidentifier:for:)
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        let view = UICollectionReusableView(frame: .zero)
        view.reuseIdentifier = identifier
        return view
    }

    /// …/uicollectionview/reloaddata()
    open func reloadData() {
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// …/uiscrollview/contentoffset: moving the bounds asks the layout whether to invalidate.
    open override var contentOffset: CGPoint {
        didSet {
            guard contentOffset != oldValue else { return }
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
                collectionViewLayout.invalidateLayout()
                setNeedsLayout()
            }
        }
    }

    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { reloadData() } }
    }

    /// Prepares the layout when it was invalidated, as UIKit's layout pass does.
    open override func layoutSubviews() {
        if collectionViewLayout.isInvalid {
            collectionViewLayout.isInvalid = false
            collectionViewLayout.prepare()
        }
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    /// …/uicollectionview/layoutattributesforitem(at:)
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// …/uicollectionview/layoutattributesforsupplementaryelement(ofkind:at:)
    open func layoutAttributesForSupplementaryElement(
        ofKind kind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
}
#endif
