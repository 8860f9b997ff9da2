#if !canImport(UIKit)
// developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout, computed by the
// engine's compositional layout (docs/compositional.md): the sections given in UIKit's objects
// become the engine's values at every prepare.
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutsectionprovider
@available(iOS 13.0, *)
public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment) ->
    NSCollectionLayoutSection?

/// developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutconfiguration
@available(iOS 13.0, *)
@MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject {
    /// …/uicollectionviewcompositionallayoutconfiguration/scrolldirection
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// …/uicollectionviewcompositionallayoutconfiguration/intersectionspacing
    open var interSectionSpacing: CGFloat = 0
    /// …/uicollectionviewcompositionallayoutconfiguration/boundarysupplementaryitems
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// …/uicollectionviewcompositionallayoutconfiguration/contentinsetsreference
    @available(iOS 14.0, *)
    open var contentInsetsReference: UIContentInsetsReference {
        get { UIContentInsetsReference(insetsReference) }
        set { insetsReference = newValue.engineReference }
    }
    var insetsReference = Compositional.ContentInsetsReference.automatic

    public override init() {}
}

/// developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
@available(iOS 13.0, *)
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The section for an index, given the environment and the collection view's traits
    /// (a provider's environment carries them, as UIKit's does).
    private let sections: (Int, Compositional.Environment, UITraitCollection) -> NSCollectionLayoutSection?
    /// …/uicollectionviewcompositionallayout/configuration
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }
    private var engine = EnginePrepared()

    /// …/uicollectionviewcompositionallayout/init(section:)
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// …/uicollectionviewcompositionallayout/init(section:configuration:)
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sections = { _, _, _ in section }
        self.configuration = configuration
        super.init()
    }

    /// …/uicollectionviewcompositionallayout/init(sectionprovider:)
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// …/uicollectionviewcompositionallayout/init(sectionprovider:configuration:)
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        sections = { index, environment, traits in
            sectionProvider(index, LayoutEnvironment(environment, traits: traits))
        }
        self.configuration = configuration
        super.init()
    }

    public required init?(coder: NSCoder) { nil }

    /// The sections laid out as lists in the last prepare: their separators and backgrounds
    /// are the list's own, which need no registered decoration view.
    private var listSections: Set<Int> = []

    /// Computes the layout. What UIKit rejects raises: a nil section ("Invalid section
    /// definition"), a layout it cannot lay out (an item wider than its group).
    open override func prepare() {
        guard let collectionView else { return }
        let sections = self.sections
        let traits = collectionView.traitCollection
        var lists: Set<Int> = []
        do {
            let result = try CompositionalEngine.prepare(
                sections: .provider { index, environment in
                    guard let section = sections(index, environment, traits) else {
                        UIKitException.raise(
                            "Invalid section definition. Please specify a valid section definition when content is to be rendered for a section index of \(index)"
                        )
                        return nil
                    }
                    if section.listConfiguration != nil { lists.insert(index) }
                    return section.engineSection
                },
                configuration: configuration.engineConfiguration, context: collectionView.engineContext)
            engine.prepared = result.prepared
        } catch {
            engine.prepared = .empty
            UIKitException.raise("UICollectionViewCompositionalLayout: \(error)")
        }
        listSections = lists
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
        engine.element(.supplementary(elementKind, indexPath.section, indexPath.item), of: self)
    }

    open override func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        engine.element(.decoration(elementKind, indexPath.section, indexPath.item), of: self)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        engine.shouldInvalidate(forBoundsChange: newBounds, of: self)
    }

    /// UIKit's compositional layout flips in a right-to-left collection view.
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    override func hasDecorationView(ofKind kind: String, at indexPath: IndexPath) -> Bool {
        listSections.contains(indexPath.section) || super.hasDecorationView(ofKind: kind, at: indexPath)
    }
}

/// The environment a section provider, an item provider or a visible-items handler receives.
@MainActor
final class LayoutEnvironment: NSObject, NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
    let environment: Compositional.Environment
    let traits: UITraitCollection

    init(_ environment: Compositional.Environment, traits: UITraitCollection? = nil) {
        self.environment = environment
        self.traits = traits ?? UITraitCollection(displayScale: CGFloat(environment.displayScale))
    }

    var container: any NSCollectionLayoutContainer { self }
    var traitCollection: UITraitCollection { traits }
    var contentSize: CGSize { CGSize(environment.container.contentSize) }
    var effectiveContentSize: CGSize { CGSize(environment.container.effectiveContentSize) }
    var contentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(environment.container.contentInsets) }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}

/// A section's visible item as its invalidation handler sees it.
@MainActor
final class VisibleItem: NSObject, NSCollectionLayoutVisibleItem {
    var attributes: LayoutAttributes

    init(_ attributes: LayoutAttributes) { self.attributes = attributes }

    var alpha: CGFloat {
        get { CGFloat(attributes.alpha) }
        set { attributes.alpha = Double(newValue) }
    }
    var zIndex: Int {
        get { attributes.zIndex }
        set { attributes.zIndex = newValue }
    }
    var isHidden: Bool {
        get { attributes.hidden }
        set { attributes.hidden = newValue }
    }
    /// Read-only here: the engine keeps frames (setting it is ignored).
    var center: CGPoint {
        get { CGPoint(x: attributes.frame.center.x, y: attributes.frame.center.y) }
        set {}
    }
    var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    var transform3D: CATransform3D {
        get { CATransform3D(attributes.transform3D) }
        set { attributes.transform3D = newValue.engineTransform }
    }
    var name: String { attributes.kind }
    var indexPath: IndexPath { IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section) }
    var frame: CGRect { CGRect(attributes.frame) }
    var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    var representedElementCategory: UICollectionView.ElementCategory {
        switch attributes.category {
        case .cell: .cell
        case .supplementary: .supplementaryView
        case .decoration: .decorationView
        }
    }
    var representedElementKind: String? { attributes.category == .cell ? nil : attributes.kind }
}

// MARK: UIKit's objects as the engine's values

@MainActor
extension NSDirectionalEdgeInsets {
    init(_ insets: Compositional.Insets) {
        self.init(
            top: CGFloat(insets.top), leading: CGFloat(insets.leading), bottom: CGFloat(insets.bottom),
            trailing: CGFloat(insets.trailing))
    }

    var engineInsets: Compositional.Insets {
        Compositional.Insets(
            top: Double(top), leading: Double(leading), bottom: Double(bottom), trailing: Double(trailing))
    }
}

@available(iOS 14.0, *)
extension UIContentInsetsReference {
    init(_ reference: Compositional.ContentInsetsReference) {
        switch reference {
        case .automatic: self = .automatic
        case .none: self = .none
        case .safeArea: self = .safeArea
        case .layoutMargins: self = .layoutMargins
        case .readableContent: self = .readableContent
        }
    }

    var engineReference: Compositional.ContentInsetsReference {
        switch self {
        case .automatic: .automatic
        case .none: .none
        case .safeArea: .safeArea
        case .layoutMargins: .layoutMargins
        case .readableContent: .readableContent
        }
    }
}

@MainActor
extension UICollectionViewCompositionalLayoutConfiguration {
    var engineConfiguration: Compositional.Configuration {
        Compositional.Configuration(
            scrollDirection: scrollDirection == .vertical ? .vertical : .horizontal,
            interSectionSpacing: Double(interSectionSpacing),
            boundarySupplementaryItems: boundarySupplementaryItems.map(\.engineBoundaryItem),
            contentInsetsReference: insetsReference)
    }
}

@MainActor
extension NSCollectionLayoutDimension {
    var engineDimension: Compositional.Dimension {
        let value = Double(dimension)
        switch kind {
        case .fractionalWidth: return .fractionalWidth(value)
        case .fractionalHeight: return .fractionalHeight(value)
        case .absolute: return .absolute(value)
        case .estimated: return .estimated(value)
        case .uniformAcrossSiblings: return .uniformAcrossSiblings(value)
        }
    }
}

@MainActor
extension NSCollectionLayoutSize {
    var engineSize: Compositional.LayoutSize {
        Compositional.LayoutSize(width: widthDimension.engineDimension, height: heightDimension.engineDimension)
    }
}

@MainActor
extension NSCollectionLayoutSpacing {
    var engineSpacing: Compositional.Spacing {
        isFlexible ? .flexible(Double(spacing)) : .fixed(Double(spacing))
    }
}

@MainActor
extension Optional where Wrapped == NSCollectionLayoutEdgeSpacing {
    var engineEdgeSpacing: Compositional.EdgeSpacing {
        guard let spacing = self else { return .none }
        return Compositional.EdgeSpacing(
            leading: spacing.leading?.engineSpacing, top: spacing.top?.engineSpacing,
            trailing: spacing.trailing?.engineSpacing, bottom: spacing.bottom?.engineSpacing)
    }
}

@MainActor
extension NSCollectionLayoutAnchor {
    var engineAnchor: Compositional.Anchor {
        var edges: Compositional.Edges = []
        if self.edges.contains(.top) { edges.insert(.top) }
        if self.edges.contains(.leading) { edges.insert(.leading) }
        if self.edges.contains(.bottom) { edges.insert(.bottom) }
        if self.edges.contains(.trailing) { edges.insert(.trailing) }
        let point = Point(offset)
        return Compositional.Anchor(edges: edges, offset: isAbsoluteOffset ? .absolute(point) : .fractional(point))
    }
}

@MainActor
extension NSCollectionLayoutSupplementaryItem {
    var engineSupplementaryItem: Compositional.SupplementaryItem {
        Compositional.SupplementaryItem(
            kind: elementKind, size: layoutSize.engineSize, containerAnchor: containerAnchor.engineAnchor,
            itemAnchor: itemAnchor?.engineAnchor, zIndex: zIndex)
    }
}

@MainActor
extension NSCollectionLayoutBoundarySupplementaryItem {
    var engineBoundaryItem: Compositional.BoundarySupplementaryItem {
        let alignments: [NSRectAlignment: Compositional.Alignment] = [
            .top: .top, .topLeading: .topLeading, .leading: .leading, .bottomLeading: .bottomLeading,
            .bottom: .bottom, .bottomTrailing: .bottomTrailing, .trailing: .trailing, .topTrailing: .topTrailing,
        ]
        return Compositional.BoundarySupplementaryItem(
            kind: elementKind, size: layoutSize.engineSize, alignment: alignments[alignment] ?? .top,
            offset: Point(offset), pinToVisibleBounds: pinToVisibleBounds, extendsBoundary: extendsBoundary,
            zIndex: zIndex)
    }
}

@MainActor
extension NSCollectionLayoutItem {
    /// An item, or a group with its subitems.
    var engineSubitem: Compositional.Subitem {
        if let group = self as? NSCollectionLayoutGroup { return .group(group.engineGroup) }
        return .item(
            Compositional.Item(
                size: layoutSize.engineSize, contentInsets: contentInsets.engineInsets,
                edgeSpacing: edgeSpacing.engineEdgeSpacing,
                supplementaryItems: supplementaryItems.map(\.engineSupplementaryItem)))
    }
}

@MainActor
extension NSCollectionLayoutGroup {
    var engineGroup: Compositional.Group {
        let children = subitems.map(\.engineSubitem)
        let arranged: Compositional.Subitems
        switch repetition {
        case .cyclic: arranged = .cyclic(children)
        case .count(let n): arranged = .count(children[0], n)
        case .repeating(let n): arranged = .repeating(children[0], n)
        }
        let layout: Compositional.Group.Layout
        switch arrangement {
        case .horizontal: layout = .horizontal(arranged)
        case .vertical: layout = .vertical(arranged)
        case .custom(let provider):
            layout = .custom(
                Compositional.CustomGroupItems(id: ObjectIdentifier(self).hashValue) { environment in
                    let surface = LayoutEnvironment(
                        Compositional.Environment(
                            container: environment.container, displayScale: environment.displayScale))
                    return provider(surface).map {
                        Compositional.CustomGroupFrame(frame: Rect($0.frame), zIndex: $0.zIndex)
                    }
                })
        }
        return Compositional.Group(
            size: layoutSize.engineSize, layout: layout, contentInsets: contentInsets.engineInsets,
            edgeSpacing: edgeSpacing.engineEdgeSpacing, interItemSpacing: interItemSpacing?.engineSpacing,
            supplementaryItems: supplementaryItems.map(\.engineSupplementaryItem))
    }
}

@MainActor
extension NSCollectionLayoutDecorationItem {
    var engineDecorationItem: Compositional.DecorationItem {
        Compositional.DecorationItem(kind: elementKind, contentInsets: contentInsets.engineInsets, zIndex: zIndex)
    }
}

@MainActor
extension NSCollectionLayoutSection {
    var engineSection: Compositional.Section {
        if let listConfiguration { return .list(listConfiguration) }
        let behaviours:
            [UICollectionLayoutSectionOrthogonalScrollingBehavior: Compositional.OrthogonalScrollingBehavior] = [
                .none: .none, .continuous: .continuous,
                .continuousGroupLeadingBoundary: .continuousGroupLeadingBoundary,
                .paging: .paging, .groupPaging: .groupPaging, .groupPagingCentered: .groupPagingCentered,
            ]
        var handler: Compositional.VisibleItemsHandler?
        if let body = visibleItemsInvalidationHandler {
            handler = Compositional.VisibleItemsHandler(id: ObjectIdentifier(self).hashValue) {
                items, offset, environment in
                let visible = items.map(VisibleItem.init)
                body(visible, CGPoint(x: offset.x, y: offset.y), LayoutEnvironment(environment))
                items = visible.map(\.attributes)
            }
        }
        return Compositional.Section(
            group: group.engineGroup, contentInsets: contentInsets.engineInsets,
            interGroupSpacing: Double(interGroupSpacing),
            orthogonalScrollingBehavior: behaviours[orthogonalScrollingBehavior] ?? .none,
            boundarySupplementaryItems: boundarySupplementaryItems.map(\.engineBoundaryItem),
            decorationItems: decorationItems.map(\.engineDecorationItem),
            supplementariesFollowContentInsets: followsContentInsets,
            contentInsetsReference: insetsReference == .automatic ? nil : insetsReference,
            visibleItemsInvalidationHandler: handler)
    }
}
#endif
