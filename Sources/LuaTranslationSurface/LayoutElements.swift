/// `out` of a translated `prepare`: collects what the layout places, in order, and the
/// content size it sets.
public final class LayoutElements<Attributes: LayoutAttributes> {
    public private(set) var elements: [Attributes] = []
    /// Set by `contentSize(_:_:)`; nil: the far edges of what was placed.
    public private(set) var declaredContentSize: LayoutSize?

    public init() {}

    @discardableResult
    public func cell(
        _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
    )
        -> Attributes
    {
        place("cell", nil, [section, item], x, y, width, height)
    }

    @discardableResult
    public func supplementary(
        _ kind: String, _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
    ) -> Attributes {
        place("supplementary", kind, [section, item], x, y, width, height)
    }

    @discardableResult
    public func supplementary(
        _ kind: String, _ indexPath: [Int], _ x: Double, _ y: Double, _ width: Double, _ height: Double
    ) -> Attributes {
        place("supplementary", kind, indexPath, x, y, width, height)
    }

    @discardableResult
    public func decoration(
        _ kind: String, _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
    ) -> Attributes {
        place("decoration", kind, [section, item], x, y, width, height)
    }

    @discardableResult
    public func decoration(
        _ kind: String, _ indexPath: [Int], _ x: Double, _ y: Double, _ width: Double, _ height: Double
    ) -> Attributes {
        place("decoration", kind, indexPath, x, y, width, height)
    }

    public func contentSize(_ width: Double, _ height: Double) {
        declaredContentSize = LayoutSize(width: width, height: height)
    }

    /// The content size: the declared one, else the far right and bottom edges placed.
    public var contentSize: LayoutSize {
        if let declaredContentSize { return declaredContentSize }
        var size = LayoutSize(width: 0, height: 0)
        for element in elements {
            size.width = max(size.width, element.frame.x + element.frame.width)
            size.height = max(size.height, element.frame.y + element.frame.height)
        }
        return size
    }

    private func place(
        _ category: String, _ kind: String?, _ indexPath: [Int], _ x: Double, _ y: Double, _ width: Double,
        _ height: Double
    ) -> Attributes {
        let attributes = Attributes(
            category: category, kind: kind, indexPath: indexPath,
            frame: LayoutRect(x: x, y: y, width: width, height: height))
        elements.append(attributes)
        return attributes
    }
}
