/// UIScrollView.ContentInsetAdjustmentBehavior: which edges of the safe area join the content
/// inset in `adjustedContentInset` (docs/lua-api.md, "The resting offset").
///
/// Apple's pages (UIScrollView.ContentInsetAdjustmentBehavior): `automatic` adjusts content
/// vertically when the scroll view is a view controller's content view, and horizontally when
/// it is horizontally scrollable; `scrollableAxes` adjusts only the scrollable directions (the
/// content larger than the bounds on that axis); `never` does not adjust; `always` always
/// includes the safe area. The headless view counts as a full-screen view controller's content
/// view, so `automatic` always adjusts vertically.
public enum ContentInsetAdjustmentBehavior: String, Hashable, Sendable, CaseIterable {
    case automatic, scrollableAxes, never, always

    /// Whether the safe area joins the inset horizontally (left, right) and vertically (top,
    /// bottom) for content of `contentSize` in bounds of `boundsSize`.
    package func adjustsAxes(contentSize: Size, boundsSize: Size) -> (horizontal: Bool, vertical: Bool) {
        let scrollsHorizontally = contentSize.width > boundsSize.width
        let scrollsVertically = contentSize.height > boundsSize.height
        return switch self {
        case .automatic: (scrollsHorizontally, true)
        case .scrollableAxes: (scrollsHorizontally, scrollsVertically)
        case .never: (false, false)
        case .always: (true, true)
        }
    }
}

extension CollectionContext {
    /// UIScrollView's `adjustedContentInset`: the content inset plus the safe area on the edges
    /// `contentInsetAdjustmentBehavior` adjusts (plus, at the top, a refreshing refresh control).
    public var adjustedContentInset: EdgeInsets {
        let axes = contentInsetAdjustmentBehavior.adjustsAxes(contentSize: contentSize, boundsSize: bounds.size)
        let safe = safeAreaInsets
        return EdgeInsets(
            top: contentInset.top + (axes.vertical ? safe.top : 0) + refreshControlInset,
            left: contentInset.left + (axes.horizontal ? safe.left : 0),
            bottom: contentInset.bottom + (axes.vertical ? safe.bottom : 0),
            right: contentInset.right + (axes.horizontal ? safe.right : 0))
    }

    /// Where the content rests before anyone scrolls: UIScrollView's `contentOffset` of
    /// −adjustedContentInset.left, −adjustedContentInset.top.
    public var restingContentOffset: Point {
        let inset = adjustedContentInset
        return Point(x: -inset.left, y: -inset.top)
    }

    /// The layout pass told the view its content size (UIScrollView.contentSize): the adjusted
    /// inset may follow it (`scrollableAxes`, and `automatic` horizontally). Returns whether the
    /// adjusted inset changed, so that the layout must be prepared again; a view resting at its
    /// offset (`atRest`) moves to the new resting offset, as UIKit keeps a resting view at rest.
    public mutating func takeContentSize(_ size: Size, atRest: Bool) -> Bool {
        let before = adjustedContentInset
        contentSize = size
        guard adjustedContentInset != before else { return false }
        if atRest { bounds.origin = restingContentOffset }
        return true
    }
}

extension CollectionViewLayout {
    /// Prepares the layout in `context` as a collection view's layout pass does: when the
    /// content size it reports changes the adjusted content inset, the context takes the new
    /// inset (and, when `atRest`, the new resting offset) and the layout is prepared once more.
    /// Returns whether it was prepared twice.
    @discardableResult
    package func prepareSettlingInsets(in context: inout CollectionContext, atRest: Bool) throws -> Bool {
        try prepare(in: context)
        guard context.takeContentSize(collectionViewContentSize, atRest: atRest) else { return false }
        try prepare(in: context)
        // Content that would change the inset back (it scrolls only with the other inset) keeps
        // the inset it was prepared with: the simulator's choice, so a pass always ends.
        var next = context
        if !next.takeContentSize(collectionViewContentSize, atRest: false) { context = next }
        return true
    }
}
