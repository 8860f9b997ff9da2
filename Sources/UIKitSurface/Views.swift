#if !canImport(UIKit)
// The views a layout runs in: enough of UIView and UIScrollView for a host to give a
// collection view a size, insets, margins, a safe area (from its view controller), a layout
// direction and traits, and lay it out. Transcribed from developer.apple.com/documentation/uikit.
// Nothing is drawn here, and there is no window: a view's safe area comes from its view
// controller's `additionalSafeAreaInsets` alone.
import Foundation

/// developer.apple.com/documentation/uikit/uiview
@available(iOS 2.0, *)
@MainActor
open class UIView: NSObject {
    /// …/uiview/frame
    open var frame: CGRect
    /// …/uiview/layoutmargins (UIKit's default: 8 points on every side)
    @available(iOS 8.0, *)
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { setNeedsLayout() }
    }
    /// …/uiview/traitoverrides
    @available(iOS 17.0, *)
    open var traitOverrides: UITraitOverrides {
        get { UITraitOverrides(overriddenTraits) }
        set {
            overriddenTraits = newValue.values
            setNeedsLayout()
        }
    }
    var overriddenTraits = TraitValues()
    /// …/uiview/semanticcontentattribute
    @available(iOS 9.0, *)
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { setNeedsLayout() }
    }
    var needsLayout = true
    /// The view controller whose root view this is (its safe area comes from there).
    weak var owningViewController: UIViewController?

    /// …/uiview/init(frame:)
    public init(frame: CGRect) {
        self.frame = frame
    }

    /// …/uiview/bounds
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// …/uiview/safeareainsets: the view controller's additional insets (no window here).
    @available(iOS 11.0, *)
    open var safeAreaInsets: UIEdgeInsets { owningViewController?.additionalSafeAreaInsets ?? .zero }

    /// …/uitraitenvironment/traitcollection: UIKit's defaults with `traitOverrides` applied;
    /// the display scale is 1 without an override (there is no screen here).
    @available(iOS 8.0, *)
    open var traitCollection: UITraitCollection {
        var traits = overriddenTraits
        if traits.displayScale <= 0 { traits.displayScale = 1 }
        return UITraitCollection(traits)
    }

    /// …/uiview/effectiveuserinterfacelayoutdirection
    @available(iOS 10.0, *)
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return overriddenTraits.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        }
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
@available(iOS 2.0, *)
@MainActor
open class UIScrollView: UIView {
    /// …/uiscrollview/contentoffset
    open var contentOffset: CGPoint = .zero {
        didSet { if !isSettlingAtRest { isAtRest = false } }
    }
    /// Not UIKit's API: whether the offset is where UIKit rests a scroll view nobody has
    /// scrolled (−adjustedContentInset.left, −adjustedContentInset.top), following the adjusted
    /// inset as it changes (docs/lua-api.md, "The resting offset"). Setting the offset ends it.
    var isAtRest = true
    private var isSettlingAtRest = false
    /// …/uiscrollview/contentsize
    open var contentSize: CGSize = .zero
    /// …/uiscrollview/contentinset
    open var contentInset: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }

    /// …/uiscrollview/adjustedcontentinset: the content inset plus the safe area on the edges
    /// the default behaviour (`.automatic`, for a view controller's content view) adjusts: the
    /// top and bottom always, the sides when the content is wider than the view.
    @available(iOS 11.0, *)
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        let sides = contentSize.width > frame.size.width
        return UIEdgeInsets(
            top: contentInset.top + safe.top, left: contentInset.left + (sides ? safe.left : 0),
            bottom: contentInset.bottom + safe.bottom, right: contentInset.right + (sides ? safe.right : 0))
    }

    /// A scroll view at rest moves to the resting offset of its adjusted inset, as UIKit keeps
    /// a view nobody scrolled at rest while its insets change.
    func settleAtRest() {
        guard isAtRest else { return }
        let inset = adjustedContentInset
        let resting = CGPoint(x: -inset.left, y: -inset.top)
        guard resting != contentOffset else { return }
        isSettlingAtRest = true
        contentOffset = resting
        isSettlingAtRest = false
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
@available(iOS 6.0, *)
@MainActor
open class UICollectionReusableView: UIView {
    /// …/uicollectionreusableview/reuseidentifier
    open internal(set) var reuseIdentifier: String?
    /// The kind it was dequeued for (UIKit checks a returned view against it).
    var dequeuedKind: String?

    /// …/uiview/init(frame:): required here (not in UIKit) because Swift makes a registered
    /// class from its metatype only through a required initializer, as the collection view
    /// makes the class registered for a cell or a kind. The one difference a subclass sees: it
    /// overrides `init(frame:)` as `required`.
    public required override init(frame: CGRect) { super.init(frame: frame) }

    /// …/uicollectionreusableview/preferredlayoutattributesfitting(_:): the attributes as
    /// given (no Auto Layout here).
    @available(iOS 8.0, *)
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        layoutAttributes
    }

    /// …/uicollectionreusableview/apply(_:)
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// developer.apple.com/documentation/uikit/uicollectionviewcell
@available(iOS 6.0, *)
@MainActor
open class UICollectionViewCell: UICollectionReusableView {}
#endif
