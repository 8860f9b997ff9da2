#if !canImport(UIKit)
// developer.apple.com/documentation/uikit/uicollectionviewflowlayout, computed by the
// engine's flow layout (docs/flow-layout.md), asking the collection view's delegate when it
// conforms to UICollectionViewDelegateFlowLayout. With an estimatedItemSize the estimates
// stand (no cell measures itself here).
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout. UIKit's methods
/// are optional; here each has a default that answers what UIKit uses without it (the
/// layout's property), so a delegate implements only those it needs.
@MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// …/uicollectionviewdelegateflowlayout/collectionview(_:layout:sizeforitemat:)
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    /// …/uicollectionviewdelegateflowlayout/collectionview(_:layout:insetforsectionat:)
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets
    /// …/uicollectionviewdelegateflowlayout/collectionview(_:layout:minimumlinespacingforsectionat:)
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    /// …/uicollectionviewdelegateflowlayout/collectionview(_:layout:minimuminteritemspacingforsectionat:)
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    /// …/uicollectionviewdelegateflowlayout/collectionview(_:layout:referencesizeforheaderinsection:)
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    /// …/uicollectionviewdelegateflowlayout/collectionview(_:layout:referencesizeforfooterinsection:)
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { (collectionViewLayout as? UICollectionViewFlowLayout)?.effectiveItemSize ?? .zero }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets { (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0 }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0 }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize { (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize { (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero }
}

/// developer.apple.com/documentation/uikit/uicollectionviewflowlayout
@available(iOS 6.0, *)
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectioninsetreference-swift.enum
    @available(iOS 11.0, *)
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset = 0
        case fromSafeArea = 1
        case fromLayoutMargins = 2
    }

    /// …/uicollectionviewflowlayout/automaticsize: a placeholder estimate asking each cell for
    /// its size; here, with no cell to ask, items take `itemSize`.
    @available(iOS 10.0, *)
    public nonisolated static let automaticSize = CGSize(width: Double.ulpOfOne, height: Double.ulpOfOne)

    /// …/uicollectionviewflowlayout/scrolldirection
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/itemsize
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/estimateditemsize
    @available(iOS 8.0, *)
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/minimumlinespacing
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/minimuminteritemspacing
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectioninset
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectioninsetreference-swift.property
    @available(iOS 11.0, *)
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/headerreferencesize
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/footerreferencesize
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectionheaderspintovisiblebounds
    @available(iOS 9.0, *)
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectionfooterspintovisiblebounds
    @available(iOS 9.0, *)
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    private var engine = EnginePrepared(
        kindNames: [
            "header": UICollectionView.elementKindSectionHeader, "footer": UICollectionView.elementKindSectionFooter,
        ])

    public override init() { super.init() }
    public required init?(coder: NSCoder) { nil }

    /// The size items take without a delegate: the estimate when one is set (no cell measures
    /// itself here; `automaticSize` leaves `itemSize`), else `itemSize`.
    var effectiveItemSize: CGSize {
        estimatedItemSize == .zero || estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
    }

    /// The properties as the engine's configuration.
    var configuration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = scrollDirection == .vertical ? .vertical : .horizontal
        configuration.itemSize = Size(effectiveItemSize)
        configuration.minimumLineSpacing = Double(minimumLineSpacing)
        configuration.minimumInteritemSpacing = Double(minimumInteritemSpacing)
        configuration.sectionInset = EdgeInsets(sectionInset)
        switch sectionInsetReference {
        case .fromContentInset: configuration.sectionInsetReference = .contentInset
        case .fromSafeArea: configuration.sectionInsetReference = .safeArea
        case .fromLayoutMargins: configuration.sectionInsetReference = .layoutMargins
        }
        configuration.headerReferenceSize = Size(headerReferenceSize)
        configuration.footerReferenceSize = Size(footerReferenceSize)
        configuration.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        configuration.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        return configuration
    }

    /// Computes the layout; a configuration UIKit would reject (negative sizes) raises.
    open override func prepare() {
        guard let collectionView else { return }
        let delegate = (collectionView.delegate as? UICollectionViewDelegateFlowLayout).map {
            FlowDelegateAnswers(delegate: $0, collectionView: collectionView, layout: self)
        }
        do {
            engine.prepared = try FlowLayout.compute(
                configuration: configuration, delegate: delegate, context: collectionView.engineContext)
        } catch {
            engine.prepared = .empty
            UIKitException.raise("UICollectionViewFlowLayout: \(error)")
        }
    }

    open override var collectionViewContentSize: CGSize { engine.contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        engine.elements(in: rect, of: self)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        engine.element(.cell(indexPath.section, indexPath.item), of: self)
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        engine.element(.supplementary(engine.engineKind(elementKind), indexPath.section, indexPath.item), of: self)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        engine.shouldInvalidate(forBoundsChange: newBounds, of: self)
    }

    /// UIKit's flow layout flips in a right-to-left collection view.
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }
}

/// The delegate's answers as the engine asks for them (the engine calls them synchronously,
/// within the layout's prepare on the main actor).
@MainActor
private final class FlowDelegateAnswers: @preconcurrency FlowLayoutDelegate {
    let delegate: any UICollectionViewDelegateFlowLayout
    unowned let collectionView: UICollectionView
    unowned let layout: UICollectionViewFlowLayout

    init(
        delegate: any UICollectionViewDelegateFlowLayout, collectionView: UICollectionView,
        layout: UICollectionViewFlowLayout
    ) {
        self.delegate = delegate
        self.collectionView = collectionView
        self.layout = layout
    }

    func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? {
        (0..<count).map {
            Size(
                delegate.collectionView(
                    collectionView, layout: layout, sizeForItemAt: IndexPath(item: $0, section: section)))
        }
    }

    func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? {
        EdgeInsets(delegate.collectionView(collectionView, layout: layout, insetForSectionAt: section))
    }

    func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
        Double(delegate.collectionView(collectionView, layout: layout, minimumLineSpacingForSectionAt: section))
    }

    func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
        Double(delegate.collectionView(collectionView, layout: layout, minimumInteritemSpacingForSectionAt: section))
    }

    func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size? {
        Size(delegate.collectionView(collectionView, layout: layout, referenceSizeForHeaderInSection: section))
    }

    func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size? {
        Size(delegate.collectionView(collectionView, layout: layout, referenceSizeForFooterInSection: section))
    }
}
#endif
