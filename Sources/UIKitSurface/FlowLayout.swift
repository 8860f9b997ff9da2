#if !canImport(UIKit)
// developer.apple.com/documentation/uikit/uicollectionviewflowlayout, computed by the
// engine's flow layout (docs/flow-layout.md). No delegate: every section takes the layout's
// properties, and with an estimatedItemSize the estimates stand (no cell measures itself here).
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uicollectionviewflowlayout
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectioninsetreference-swift.enum
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset = 0
        case fromSafeArea
        case fromLayoutMargins
    }

    /// …/uicollectionviewflowlayout/scrolldirection
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/itemsize
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/estimateditemsize
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/minimumlinespacing
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/minimuminteritemspacing
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectioninset
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectioninsetreference-swift.property
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/headerreferencesize
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/footerreferencesize
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectionheaderspintovisiblebounds
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// …/uicollectionviewflowlayout/sectionfooterspintovisiblebounds
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    private var engine = EnginePrepared(
        kindNames: [
            "header": UICollectionView.elementKindSectionHeader, "footer": UICollectionView.elementKindSectionFooter,
        ])

    public override init() { super.init() }
    public required init?(coder: NSCoder) { nil }

    /// The properties as the engine's configuration.
    var configuration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = scrollDirection == .vertical ? .vertical : .horizontal
        configuration.itemSize = Size(estimatedItemSize == .zero ? itemSize : estimatedItemSize)
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

    /// Computes the layout; a configuration UIKit would reject (negative sizes) traps, as
    /// UIKit raises an exception.
    open override func prepare() {
        guard let collectionView else { return }
        do {
            engine.prepared = try FlowLayout.compute(
                configuration: configuration, delegate: nil, context: collectionView.engineContext)
        } catch {
            fatalError("UICollectionViewFlowLayout: \(error)")
        }
    }

    open override var collectionViewContentSize: CGSize { engine.contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        engine.elements(in: rect, of: collectionView)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        engine.element(.cell(indexPath.section, indexPath.item), of: collectionView)
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        engine.element(
            .supplementary(engine.engineKind(elementKind), indexPath.section, indexPath.item), of: collectionView)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        engine.shouldInvalidate(forBoundsChange: newBounds, of: collectionView)
    }
}
#endif
