/// A point in content coordinates (points, not pixels).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle with its origin at the top-left corner (y grows downwards, as in UIKit).
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// CGRectIntersectsRect: the rectangles share interior area; touching edges do not count,
    /// and an empty rect (zero width or height) intersects nothing. Every rect query of every
    /// layout goes through here.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty
            && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// CGRectIsEmpty: no area.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let lowX = min(minX, other.minX), lowY = min(minY, other.minY)
        return Rect(x: lowX, y: lowY, width: max(maxX, other.maxX) - lowX, height: max(maxY, other.maxY) - lowY)
    }

    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}

/// Insets in UIKit order: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable {
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

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// The two axes of a layout.
public enum Axis: Sendable {
    case horizontal
    case vertical
}
