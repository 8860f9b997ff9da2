#if !canImport(UIKit)
// The value objects of UIKit's compositional layout (UICollectionViewCompositionalLayout.h),
// transcribed from developer.apple.com/documentation/uikit: same names, initializers and
// properties. Class methods UIKit declares as returning `Self` return the class here.
import Foundation

/// developer.apple.com/documentation/uikit/nscollectionlayoutdimension
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
    /// …/nscollectionlayoutdimension/uniformacrosssiblings(estimate:) (iOS 17)
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
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutsize
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
open class NSCollectionLayoutSpacing: NSObject {
    /// …/nscollectionlayoutspacing/spacing
    public let spacing: CGFloat
    /// …/nscollectionlayoutspacing/isflexiblespacing
    public let isFlexibleSpacing: Bool
    /// …/nscollectionlayoutspacing/isfixedspacing
    open var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
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
open class NSCollectionLayoutEdgeSpacing: NSObject {
    /// …/nscollectionlayoutedgespacing/leading, top, trailing, bottom
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
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
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none = 0
    case continuous
    case continuousGroupLeadingBoundary
    case paging
    case groupPaging
    case groupPagingCentered
}

/// developer.apple.com/documentation/uikit/uicontentinsetsreference
public enum UIContentInsetsReference: Int, Sendable {
    case automatic = 0
    case none
    case safeArea
    case layoutMargins
    case readableContent
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutcontainer
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutenvironment
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem: what a section's
/// visibleItemsInvalidationHandler may read and change (here: alpha, zIndex, isHidden and
/// transform3D are taken back; frames are read-only, as the engine keeps them).
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
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
