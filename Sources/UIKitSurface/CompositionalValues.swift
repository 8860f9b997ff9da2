#if !canImport(UIKit)
// The value objects of UIKit's compositional layout (UICollectionViewCompositionalLayout.h),
// transcribed from developer.apple.com/documentation/uikit: same names, initializers,
// properties, isolation (the main actor, as UIKit's NS_SWIFT_UI_ACTOR classes) and
// availability. Class methods UIKit declares as returning `Self` return the class here.
import Foundation

/// developer.apple.com/documentation/uikit/nscollectionlayoutdimension
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutDimension: NSObject {
    enum Kind: Equatable {
        case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings
    }

    let kind: Kind
    /// …/nscollectionlayoutdimension/dimension
    public let dimension: CGFloat

    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// …/nscollectionlayoutdimension/fractionalwidth(_:)
    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth, fractionalWidth)
    }
    /// …/nscollectionlayoutdimension/fractionalheight(_:)
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight, fractionalHeight)
    }
    /// …/nscollectionlayoutdimension/absolute(_:)
    open class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute, absoluteDimension)
    }
    /// …/nscollectionlayoutdimension/estimated(_:)
    open class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated, estimatedDimension)
    }
    /// …/nscollectionlayoutdimension/uniformacrosssiblings(estimate:)
    @available(iOS 17.0, *)
    open class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.uniformAcrossSiblings, estimatedDimension)
    }

    /// …/nscollectionlayoutdimension/isfractionalwidth
    open var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// …/nscollectionlayoutdimension/isfractionalheight
    open var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// …/nscollectionlayoutdimension/isabsolute
    open var isAbsolute: Bool { kind == .absolute }
    /// …/nscollectionlayoutdimension/isestimated
    open var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
    /// …/nscollectionlayoutdimension/isuniformacrosssiblings
    @available(iOS 17.0, *)
    open var isUniformAcrossSiblings: Bool { kind == .uniformAcrossSiblings }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutsize
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutSize: NSObject {
    /// …/nscollectionlayoutsize/widthdimension
    public let widthDimension: NSCollectionLayoutDimension
    /// …/nscollectionlayoutsize/heightdimension
    public let heightDimension: NSCollectionLayoutDimension

    /// …/nscollectionlayoutsize/init(widthdimension:heightdimension:)
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension)
    {
        widthDimension = width
        heightDimension = height
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutspacing
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutSpacing: NSObject {
    /// …/nscollectionlayoutspacing/spacing
    open var spacing: CGFloat { value }
    /// …/nscollectionlayoutspacing/isflexible
    open var isFlexible: Bool { flexible }
    /// …/nscollectionlayoutspacing/isfixed
    open var isFixed: Bool { !flexible }
    private let value: CGFloat
    private let flexible: Bool

    init(_ spacing: CGFloat, flexible: Bool) {
        value = spacing
        self.flexible = flexible
    }

    /// …/nscollectionlayoutspacing/fixed(_:)
    open class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(fixedSpacing, flexible: false)
    }
    /// …/nscollectionlayoutspacing/flexible(_:)
    open class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(flexibleSpacing, flexible: true)
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutedgespacing
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutEdgeSpacing: NSObject {
    /// …/nscollectionlayoutedgespacing/leading
    public let leading: NSCollectionLayoutSpacing?
    /// …/nscollectionlayoutedgespacing/top
    public let top: NSCollectionLayoutSpacing?
    /// …/nscollectionlayoutedgespacing/trailing
    public let trailing: NSCollectionLayoutSpacing?
    /// …/nscollectionlayoutedgespacing/bottom
    public let bottom: NSCollectionLayoutSpacing?

    /// …/nscollectionlayoutedgespacing/init(leading:top:trailing:bottom:)
    public init(
        leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
        bottom: NSCollectionLayoutSpacing?
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutanchor
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutAnchor: NSObject {
    /// …/nscollectionlayoutanchor/edges
    public let edges: NSDirectionalRectEdge
    /// …/nscollectionlayoutanchor/offset
    public let offset: CGPoint
    /// …/nscollectionlayoutanchor/isabsoluteoffset
    public let isAbsoluteOffset: Bool
    /// …/nscollectionlayoutanchor/isfractionaloffset
    open var isFractionalOffset: Bool { !isAbsoluteOffset }

    /// …/nscollectionlayoutanchor/init(edges:)
    public convenience init(edges: NSDirectionalRectEdge) { self.init(edges: edges, absoluteOffset: .zero) }

    /// …/nscollectionlayoutanchor/init(edges:absoluteoffset:)
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.edges = edges
        offset = absoluteOffset
        isAbsoluteOffset = true
    }

    /// …/nscollectionlayoutanchor/init(edges:fractionaloffset:)
    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.edges = edges
        offset = fractionalOffset
        isAbsoluteOffset = false
    }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutgroupcustomitem
@available(iOS 13.0, *)
@MainActor
open class NSCollectionLayoutGroupCustomItem: NSObject {
    /// …/nscollectionlayoutgroupcustomitem/frame
    public let frame: CGRect
    /// …/nscollectionlayoutgroupcustomitem/zindex
    public let zIndex: Int

    /// …/nscollectionlayoutgroupcustomitem/init(frame:)
    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }

    /// …/nscollectionlayoutgroupcustomitem/init(frame:zindex:)
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// developer.apple.com/documentation/uikit/uicollectionlayoutsectionorthogonalscrollingbehavior
@available(iOS 13.0, *)
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none = 0
    case continuous
    case continuousGroupLeadingBoundary
    case paging
    case groupPaging
    case groupPagingCentered
}

/// developer.apple.com/documentation/uikit/uicontentinsetsreference
@available(iOS 14.0, *)
public enum UIContentInsetsReference: Int, Sendable {
    case automatic = 0
    case none
    case safeArea
    case layoutMargins
    case readableContent
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutcontainer
@available(iOS 13.0, *)
@MainActor
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutenvironment
@available(iOS 13.0, *)
@MainActor
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem: what a section's
/// visibleItemsInvalidationHandler may read and change (here: alpha, zIndex, isHidden and
/// transform3D are taken back; frames are read-only, as the engine keeps them). UIKit's
/// protocol refines UIDynamicItem, whose members (`center`, `bounds`, `transform`) are here.
@available(iOS 13.0, *)
@MainActor
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var name: String { get }
    var indexPath: IndexPath { get }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutgroupcustomitemprovider
public typealias NSCollectionLayoutGroupCustomItemProvider = (any NSCollectionLayoutEnvironment) ->
    [NSCollectionLayoutGroupCustomItem]

/// developer.apple.com/documentation/uikit/nscollectionlayoutsectionvisibleitemsinvalidationhandler
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = (
    [any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment
) -> Void
#endif
