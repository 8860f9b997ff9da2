#if !canImport(UIKit)
// UICollectionView and its data source and delegate, transcribed from
// developer.apple.com/documentation/uikit. Each layout pass prepares an invalidated layout,
// then, as UIKit does for what is on screen, asks the data source for the cell and
// supplementary view of every element that comes into the bounds (keeping those already
// shown) and dequeues the layout's decoration views: a cell, kind or decoration nobody
// registered raises UIKit's exception. A dequeue makes the registered class; each view shown
// is given its element's frame and attributes (`apply(_:)`). Nothing is drawn; decorations
// have no view. Batch updates are in CollectionViewUpdates.swift.
import Foundation

/// developer.apple.com/documentation/uikit/uicollectionviewdatasource
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    /// …/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// …/uicollectionviewdatasource/collectionview(_:cellforitemat:)
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// …/uicollectionviewdatasource/numberofsections(in:) (optional in UIKit: 1 by default)
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// …/uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
    /// (optional in UIKit: a layout placing supplementary views then raises)
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        UIKitException.raise(
            "the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:), and the layout places a supplementary view of kind \(kind) at \(indexPath)"
        )
        return UICollectionReusableView(frame: .zero)
    }
}

/// developer.apple.com/documentation/uikit/uiscrollviewdelegate (none of its methods are
/// called here)
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {}

/// developer.apple.com/documentation/uikit/uicollectionviewdelegate (none of its methods are
/// called here; a flow layout asks it as UICollectionViewDelegateFlowLayout)
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

/// developer.apple.com/documentation/uikit/uicollectionview
@available(iOS 6.0, *)
@MainActor
open class UICollectionView: UIScrollView {
    /// developer.apple.com/documentation/uikit/uicollectionview/scrolldirection
    public enum ScrollDirection: Int, Sendable {
        case vertical = 0
        case horizontal = 1
    }

    /// developer.apple.com/documentation/uikit/uicollectionview/elementcategory
    public enum ElementCategory: UInt, Sendable {
        case cell = 0
        case supplementaryView = 1
        case decorationView = 2
    }

    /// …/uicollectionview/elementkindsectionheader
    public nonisolated static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// …/uicollectionview/elementkindsectionfooter
    public nonisolated static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// …/uicollectionview/collectionviewlayout
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    /// …/uicollectionview/datasource
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }
    /// …/uicollectionview/delegate
    open weak var delegate: (any UICollectionViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }
    /// Registered classes by "cell/ID" and "KIND/ID".
    private var registered: [String: AnyClass] = [:]
    /// The views shown for the elements in the bounds (UIKit keeps them, and asks the data
    /// source only for elements that come into view).
    var visibleViews: [VisibleElement: UICollectionReusableView] = [:]
    /// The item counts of the last layout pass, against which UIKit checks a batch update.
    var countsAtLastLayout: [Int] = []
    /// The changes of the batch update being described (`performBatchUpdates`).
    var pendingUpdates: [UICollectionViewUpdateItem]?

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

    /// …/uicollectionview/dequeuereusablecell(withreuseidentifier:for:): a plain cell; an
    /// identifier nobody registered raises, as in UIKit.
    open func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: IndexPath
    )
        -> UICollectionViewCell
    {
        if registered["cell/" + identifier] == nil {
            UIKitException.raise(
                "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier"
            )
        }
        // The registered class, as UIKit makes it.
        let type = registered["cell/" + identifier] as? UICollectionViewCell.Type ?? UICollectionViewCell.self
        let cell = type.init(frame: .zero)
        cell.reuseIdentifier = identifier
        cell.dequeuedKind = "cell"
        return cell
    }

    /// …/uicollectionview/dequeuereusablesupplementaryview(ofkind:withreuseidentifier:for:): a
    /// plain view; a kind and identifier nobody registered raises, as in UIKit.
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        if registered[elementKind + "/" + identifier] == nil {
            UIKitException.raise(
                "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier"
            )
        }
        let type =
            registered[elementKind + "/" + identifier] as? UICollectionReusableView.Type
            ?? UICollectionReusableView.self
        let view = type.init(frame: .zero)
        view.reuseIdentifier = identifier
        view.dequeuedKind = elementKind
        return view
    }

    /// …/uicollectionview/reloaddata()
    open func reloadData() {
        visibleViews = [:]
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// …/uiscrollview/contentoffset: moving the bounds asks the layout whether to invalidate.
    open override var contentOffset: CGPoint {
        didSet {
            guard contentOffset != oldValue else { return }
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
                collectionViewLayout.invalidateLayout()
            }
            setNeedsLayout()
        }
    }

    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { reloadData() } }
    }

    /// UIKit's layout pass: prepares the layout when it was invalidated, takes its content
    /// size, rests at the adjusted inset if nobody scrolled (preparing again if that
    /// invalidated the layout), then shows what is in the bounds (`displayElements`).
    open override func layoutSubviews() {
        if collectionViewLayout.isInvalid {
            collectionViewLayout.isInvalid = false
            collectionViewLayout.prepare()
        }
        contentSize = collectionViewLayout.collectionViewContentSize
        settleAtRest()
        if collectionViewLayout.isInvalid {
            collectionViewLayout.isInvalid = false
            collectionViewLayout.prepare()
            contentSize = collectionViewLayout.collectionViewContentSize
        }
        countsAtLastLayout = (0..<numberOfSections).map(numberOfItems(inSection:))
        displayElements()
    }

    /// The views of the elements in the bounds, as UIKit gets them to show: cells and
    /// supplementary views from the data source (each must come from a dequeue of its kind),
    /// decoration views from the layout's registrations; a view already shown is kept. Each is
    /// given its element's attributes (`apply(_:)`).
    private func displayElements() {
        guard dataSource != nil else { return }
        var shown: [VisibleElement: UICollectionReusableView] = [:]
        for attributes in collectionViewLayout.layoutAttributesForElements(in: bounds) ?? [] {
            let key = VisibleElement(attributes)
            guard let view = visibleViews[key] ?? view(for: attributes) else { continue }
            view.show(attributes)
            shown[key] = view
        }
        visibleViews = shown
    }

    /// A new view for an element coming into view (nil: a decoration, which has no view here).
    private func view(for attributes: UICollectionViewLayoutAttributes) -> UICollectionReusableView? {
        let path = attributes.indexPath
        switch attributes.representedElementCategory {
        case .cell:
            return cell(at: path)
        case .supplementaryView:
            let kind = attributes.representedElementKind ?? ""
            guard let dataSource else { return nil }
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path)
            if view.dequeuedKind != kind {
                UIKitException.raise(
                    "the view returned from collectionView(_:viewForSupplementaryElementOfKind:at:) for kind \(kind) at \(path) was not dequeued for that kind"
                )
            }
            return view
        case .decorationView:
            let kind = attributes.representedElementKind ?? ""
            if !collectionViewLayout.hasDecorationView(ofKind: kind, at: path) {
                UIKitException.raise(
                    "could not dequeue a view of kind: \(kind) with identifier \(kind) - must register a nib or a class for the identifier"
                )
            }
            return nil
        }
    }

    /// The data source's cell for an item (it must come from a dequeue).
    func cell(at path: IndexPath) -> UICollectionReusableView {
        guard let dataSource else { return UICollectionViewCell(frame: .zero) }
        let cell = dataSource.collectionView(self, cellForItemAt: path)
        if cell.dequeuedKind != "cell" {
            UIKitException.raise(
                "the cell returned from collectionView(_:cellForItemAt:) for \(path) was not retrieved by calling dequeueReusableCell(withReuseIdentifier:for:)"
            )
        }
        return cell
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
