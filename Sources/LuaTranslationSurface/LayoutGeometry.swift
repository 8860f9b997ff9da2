// The geometry translated layouts compute with (phase 1 of docs/lua-to-swift.md): the shapes
// of the Lua API's tables, in Double. Phase 2 maps them onto CGRect, CGPoint, CGSize and
// UIEdgeInsets.

/// `{x=, y=, width=, height=}`: `cv.bounds`, `a.frame`.
public struct LayoutRect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// `{x=, y=}`: `a.center`, `targetContentOffset`'s proposal and answer.
public struct LayoutPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// `{width=, height=}`: `a.size`, `cv.contentSize`, a flow's item size.
public struct LayoutSize: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// `{top=, left=, bottom=, right=}`: a flow's section insets, `cv.contentInset`.
public struct LayoutInsets: Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// `{top=, leading=, bottom=, trailing=}`: a compositional container's content insets.
public struct LayoutDirectionalInsets: Equatable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
