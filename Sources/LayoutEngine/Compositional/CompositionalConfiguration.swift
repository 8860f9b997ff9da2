/// The values of UICollectionViewCompositionalLayout, mirroring the Lua API of
/// docs/compositional.md (`C.item`, `C.group`, `C.section`, …). Pure data: the Lua side reads
/// a script's tree into these once per prepare (or once per section provider call).
public enum Compositional {
    /// NSCollectionLayoutDimension.
    public enum Dimension: Hashable, Sendable {
        case fractionalWidth(Double)
        case fractionalHeight(Double)
        case absolute(Double)
        case estimated(Double)
        case uniformAcrossSiblings(Double)

        public var isEstimated: Bool {
            switch self {
            case .estimated, .uniformAcrossSiblings: true
            default: false
            }
        }

        public var isFractional: Bool {
            switch self {
            case .fractionalWidth, .fractionalHeight: true
            default: false
            }
        }
    }

    /// NSCollectionLayoutSize.
    public struct LayoutSize: Hashable, Sendable {
        public var width: Dimension
        public var height: Dimension

        public init(width: Dimension, height: Dimension) {
            self.width = width
            self.height = height
        }
    }

    /// NSDirectionalEdgeInsets (LTR: leading = left).
    public struct Insets: Hashable, Sendable {
        public var top: Double
        public var leading: Double
        public var bottom: Double
        public var trailing: Double

        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }

        public static let zero = Insets()
    }

    /// NSCollectionLayoutSpacing: fixed, or flexible with a minimum.
    public enum Spacing: Hashable, Sendable {
        case fixed(Double)
        case flexible(Double)

        /// What the spacing charges when fitting (a flexible spacing counts its minimum).
        public var minimum: Double {
            switch self {
            case .fixed(let v), .flexible(let v): v
            }
        }

        public var isFlexible: Bool {
            if case .flexible = self { return true }
            return false
        }
    }

    /// NSCollectionLayoutEdgeSpacing: space outside an item's box; nil = none.
    public struct EdgeSpacing: Hashable, Sendable {
        public var leading: Spacing?
        public var top: Spacing?
        public var trailing: Spacing?
        public var bottom: Spacing?

        public init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
            self.leading = leading
            self.top = top
            self.trailing = trailing
            self.bottom = bottom
        }

        public static let none = EdgeSpacing()
    }

    /// NSRectEdge set of an anchor.
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let top = Edges(rawValue: 1)
        public static let leading = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let trailing = Edges(rawValue: 8)
    }

    /// NSCollectionLayoutAnchor: edges plus an absolute or fractional (× own size) offset.
    public struct Anchor: Hashable, Sendable {
        public enum Offset: Hashable, Sendable {
            case absolute(Point)
            case fractional(Point)
        }

        public var edges: Edges
        public var offset: Offset

        public init(edges: Edges, offset: Offset = .absolute(.zero)) {
            self.edges = edges
            self.offset = offset
        }
    }

    /// NSCollectionLayoutSupplementaryItem anchored to an item or group (badges).
    public struct SupplementaryItem: Hashable, Sendable {
        public var kind: String
        public var size: LayoutSize
        public var containerAnchor: Anchor
        public var itemAnchor: Anchor?
        public var zIndex: Int

        public init(kind: String, size: LayoutSize, containerAnchor: Anchor, itemAnchor: Anchor? = nil, zIndex: Int = 1)
        {
            self.kind = kind
            self.size = size
            self.containerAnchor = containerAnchor
            self.itemAnchor = itemAnchor
            self.zIndex = zIndex
        }
    }

    /// NSRectAlignment of a boundary supplementary item.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

        public var edges: Edges {
            switch self {
            case .top: [.top]
            case .topLeading: [.top, .leading]
            case .leading: [.leading]
            case .bottomLeading: [.bottom, .leading]
            case .bottom: [.bottom]
            case .bottomTrailing: [.bottom, .trailing]
            case .trailing: [.trailing]
            case .topTrailing: [.top, .trailing]
            }
        }
    }

    /// NSCollectionLayoutBoundarySupplementaryItem: section (or layout) headers and footers.
    public struct BoundarySupplementaryItem: Hashable, Sendable {
        public var kind: String
        public var size: LayoutSize
        public var alignment: Alignment
        public var offset: Point
        public var pinToVisibleBounds: Bool
        public var extendsBoundary: Bool
        public var zIndex: Int

        public init(
            kind: String, size: LayoutSize, alignment: Alignment, offset: Point = .zero,
            pinToVisibleBounds: Bool = false, extendsBoundary: Bool = true, zIndex: Int = 1
        ) {
            self.kind = kind
            self.size = size
            self.alignment = alignment
            self.offset = offset
            self.pinToVisibleBounds = pinToVisibleBounds
            self.extendsBoundary = extendsBoundary
            self.zIndex = zIndex
        }
    }

    /// NSCollectionLayoutDecorationItem.background: covers the whole section.
    public struct DecorationItem: Hashable, Sendable {
        public var kind: String
        public var contentInsets: Insets
        public var zIndex: Int

        public init(kind: String, contentInsets: Insets = .zero, zIndex: Int = 0) {
            self.kind = kind
            self.contentInsets = contentInsets
            self.zIndex = zIndex
        }
    }

    /// NSCollectionLayoutItem.
    public struct Item: Hashable, Sendable {
        public var size: LayoutSize
        public var contentInsets: Insets
        public var edgeSpacing: EdgeSpacing
        public var supplementaryItems: [SupplementaryItem]

        public init(
            size: LayoutSize, contentInsets: Insets = .zero, edgeSpacing: EdgeSpacing = .none,
            supplementaryItems: [SupplementaryItem] = []
        ) {
            self.size = size
            self.contentInsets = contentInsets
            self.edgeSpacing = edgeSpacing
            self.supplementaryItems = supplementaryItems
        }
    }

    /// A group's subitem: an item, or a nested group.
    public indirect enum Subitem: Hashable, Sendable {
        case item(Item)
        case group(Group)

        public var size: LayoutSize {
            switch self {
            case .item(let item): item.size
            case .group(let group): group.size
            }
        }
    }

    /// Which subitems a horizontal or vertical group holds.
    public enum Subitems: Hashable, Sendable {
        /// `subitems = {...}`: used cyclically while they fit.
        case cyclic([Subitem])
        /// `subitem = X, count = n` (UIKit's `subitem:count:`): X resized to 1/n of the interior.
        case count(Subitem, Int)
        /// `repeatingSubitem = X, count = n` (iOS 16): X keeps its size, n placed.
        case repeating(Subitem, Int)
    }

    /// What `C.customGroup`'s `itemProvider` receives.
    public struct CustomGroupEnvironment: Sendable {
        public var container: Container
        public var displayScale: Double
        public var section: Int

        public init(container: Container, displayScale: Double, section: Int) {
            self.container = container
            self.displayScale = displayScale
            self.section = section
        }
    }

    /// One frame of a custom group, in group coordinates.
    public struct CustomGroupFrame: Hashable, Sendable {
        public var frame: Rect
        public var zIndex: Int

        public init(frame: Rect, zIndex: Int = 0) {
            self.frame = frame
            self.zIndex = zIndex
        }
    }

    /// A custom group's frames: a list, or a closure called once per section solve
    /// (`itemProvider`); hashed by `id`, which the caller keeps unique per closure.
    public struct CustomGroupItems: Hashable, @unchecked Sendable {
        public var id: Int
        public var frames: [CustomGroupFrame]?
        public var provider: ((CustomGroupEnvironment) throws -> [CustomGroupFrame])?

        public init(frames: [CustomGroupFrame]) {
            self.id = 0
            self.frames = frames
            self.provider = nil
        }

        public init(id: Int, provider: @escaping (CustomGroupEnvironment) throws -> [CustomGroupFrame]) {
            self.id = id
            self.frames = nil
            self.provider = provider
        }

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.frames == rhs.frames }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(frames)
        }
    }

    /// NSCollectionLayoutGroup.
    public struct Group: Hashable, Sendable {
        public enum Layout: Hashable, Sendable {
            case horizontal(Subitems)
            case vertical(Subitems)
            case custom(CustomGroupItems)
        }

        public var size: LayoutSize
        public var layout: Layout
        public var contentInsets: Insets
        public var edgeSpacing: EdgeSpacing
        /// nil = no spacing (UIKit's default `.fixed(0)`).
        public var interItemSpacing: Spacing?
        public var supplementaryItems: [SupplementaryItem]

        public init(
            size: LayoutSize, layout: Layout, contentInsets: Insets = .zero, edgeSpacing: EdgeSpacing = .none,
            interItemSpacing: Spacing? = nil, supplementaryItems: [SupplementaryItem] = []
        ) {
            self.size = size
            self.layout = layout
            self.contentInsets = contentInsets
            self.edgeSpacing = edgeSpacing
            self.interItemSpacing = interItemSpacing
            self.supplementaryItems = supplementaryItems
        }

        public static func horizontal(size: LayoutSize, subitems: [Subitem]) -> Group {
            Group(size: size, layout: .horizontal(.cyclic(subitems)))
        }

        public static func vertical(size: LayoutSize, subitems: [Subitem]) -> Group {
            Group(size: size, layout: .vertical(.cyclic(subitems)))
        }
    }

    /// UICollectionLayoutSectionOrthogonalScrollingBehavior.
    public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// UIContentInsetsReference.
    public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
        case automatic, none, safeArea, layoutMargins, readableContent
    }

    /// UICollectionViewCompositionalLayoutConfiguration's rounding (modern = iOS 16+ floor
    /// to the pixel grid when resolving fractions).
    public enum RoundingModel: String, Hashable, Sendable, CaseIterable {
        case modern, legacy
    }

    public enum ScrollDirection: String, Hashable, Sendable {
        case vertical, horizontal
    }

    /// The `visibleItemsInvalidationHandler`: may change transform, alpha and zIndex of the
    /// section's visible items (frames are read back and ignored). Hashed by `id`.
    public struct VisibleItemsHandler: Hashable, @unchecked Sendable {
        public var id: Int
        public var body: (inout [LayoutAttributes], Point, Environment) throws -> Void

        public init(id: Int, body: @escaping (inout [LayoutAttributes], Point, Environment) throws -> Void) {
            self.id = id
            self.body = body
        }

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// NSCollectionLayoutSection.
    public struct Section: Hashable, Sendable {
        public var group: Group
        public var contentInsets: Insets
        public var interGroupSpacing: Double
        public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
        public var boundarySupplementaryItems: [BoundarySupplementaryItem]
        public var decorationItems: [DecorationItem]
        public var supplementariesFollowContentInsets: Bool
        /// nil = the layout's reference.
        public var contentInsetsReference: ContentInsetsReference?
        public var visibleItemsInvalidationHandler: VisibleItemsHandler?

        public init(
            group: Group, contentInsets: Insets = .zero, interGroupSpacing: Double = 0,
            orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
            boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = [],
            supplementariesFollowContentInsets: Bool = true, contentInsetsReference: ContentInsetsReference? = nil,
            visibleItemsInvalidationHandler: VisibleItemsHandler? = nil
        ) {
            self.group = group
            self.contentInsets = contentInsets
            self.interGroupSpacing = interGroupSpacing
            self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
            self.boundarySupplementaryItems = boundarySupplementaryItems
            self.decorationItems = decorationItems
            self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
            self.contentInsetsReference = contentInsetsReference
            self.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        }
    }

    /// NSCollectionLayoutContainer as a section provider sees it.
    public struct Container: Hashable, Sendable {
        public var contentSize: Size
        /// `contentSize` minus `contentInsets`.
        public var effectiveContentSize: Size
        public var contentInsets: Insets

        public init(contentSize: Size, contentInsets: Insets) {
            self.contentSize = contentSize
            self.contentInsets = contentInsets
            self.effectiveContentSize = Size(
                width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
                height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
        }
    }

    /// NSCollectionLayoutEnvironment (`env` of the section provider).
    public struct Environment: Hashable, Sendable {
        public var container: Container
        public var displayScale: Double

        public init(container: Container, displayScale: Double) {
            self.container = container
            self.displayScale = displayScale
        }
    }

    /// UICollectionViewCompositionalLayoutConfiguration.
    public struct Configuration: Hashable, Sendable {
        public var scrollDirection: ScrollDirection
        public var interSectionSpacing: Double
        public var boundarySupplementaryItems: [BoundarySupplementaryItem]
        public var contentInsetsReference: ContentInsetsReference
        public var roundingModel: RoundingModel

        public init(
            scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
            boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
            contentInsetsReference: ContentInsetsReference = .safeArea, roundingModel: RoundingModel = .modern
        ) {
            self.scrollDirection = scrollDirection
            self.interSectionSpacing = interSectionSpacing
            self.boundarySupplementaryItems = boundarySupplementaryItems
            self.contentInsetsReference = contentInsetsReference
            self.roundingModel = roundingModel
        }
    }

    /// Where sections come from: one section for every data section, or a provider called
    /// once per section per prepare (nil = an empty section, skipped by interSectionSpacing).
    public enum Sections: @unchecked Sendable {
        case single(Section)
        case provider((_ sectionIndex: Int, _ environment: Environment) throws -> Section?)
    }

    /// Self-sizing answers (`preferredSizeForItem` / `preferredSizeForSupplementary`): given
    /// the element and its fitting size (estimates on the estimated axes), the preferred size,
    /// or nil to keep the estimate. Only the estimated axes are taken.
    public struct Sizing: @unchecked Sendable {
        public var item: ((_ indexPath: LayoutIndexPath, _ fitting: Size) throws -> Size?)?
        public var supplementary: ((_ kind: String, _ indexPath: LayoutIndexPath, _ fitting: Size) throws -> Size?)?

        public init(
            item: ((LayoutIndexPath, Size) throws -> Size?)? = nil,
            supplementary: ((String, LayoutIndexPath, Size) throws -> Size?)? = nil
        ) {
            self.item = item
            self.supplementary = supplementary
        }
    }
}
