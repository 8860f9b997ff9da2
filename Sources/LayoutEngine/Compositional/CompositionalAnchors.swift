/// Item anchors (docs/compositional.md, "Item supplementaries") and boundary alignment:
/// an edge set picks a unit point, the supplementary's own point meets the container's.
extension Compositional.Edges {
    /// x = 0 for leading only, 1 for trailing only, else 0.5; y likewise with top/bottom.
    var unitPoint: Point {
        let x: Double = contains(.leading) == contains(.trailing) ? 0.5 : (contains(.leading) ? 0 : 1)
        let y: Double = contains(.top) == contains(.bottom) ? 0.5 : (contains(.top) ? 0 : 1)
        return Point(x: x, y: y)
    }
}

extension Compositional.Anchor.Offset {
    /// Points; a fractional offset is a fraction of the supplementary's own size.
    func points(for size: Size) -> Point {
        switch self {
        case .absolute(let p): p
        case .fractional(let f): Point(x: f.x * size.width, y: f.y * size.height)
        }
    }
}

enum CompositionalAnchors {
    /// The frame of a supplementary of `size` anchored to `container` (a cell or a group):
    /// origin = container origin + container size × anchor − own size × own anchor + offsets.
    static func frame(of item: Compositional.SupplementaryItem, size: Size, in container: Rect) -> Rect {
        let anchor = item.containerAnchor.edges.unitPoint
        let own = (item.itemAnchor?.edges ?? item.containerAnchor.edges).unitPoint
        let offset = item.containerAnchor.offset.points(for: size)
        let ownOffset = item.itemAnchor?.offset.points(for: size) ?? .zero
        return Rect(
            x: container.x + container.width * anchor.x - size.width * own.x + offset.x + ownOffset.x,
            y: container.y + container.height * anchor.y - size.height * own.y + offset.y + ownOffset.y,
            width: size.width, height: size.height)
    }

    /// A boundary item aligned inside `container` (its own point = the container's).
    static func aligned(_ edges: Compositional.Edges, size: Size, in container: Rect, offset: Point) -> Rect {
        let anchor = edges.unitPoint
        return Rect(
            x: container.x + (container.width - size.width) * anchor.x + offset.x,
            y: container.y + (container.height - size.height) * anchor.y + offset.y,
            width: size.width, height: size.height)
    }
}
