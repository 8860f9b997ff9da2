/// A horizontal layout is the vertical one transposed (docs/compositional.md, Decisions):
/// every value swaps x↔y, width↔height, top↔leading and bottom↔trailing on the way in, and
/// frames swap back on the way out. Transposing twice gives the value back.
extension Point {
    var transposed: Point { Point(x: y, y: x) }
}

extension Size {
    var transposed: Size { Size(width: height, height: width) }
}

extension Rect {
    var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }
}

extension EdgeInsets {
    var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension CollectionContext {
    var transposed: CollectionContext {
        var result = self
        result.bounds = bounds.transposed
        result.contentInset = contentInset.transposed
        result.safeAreaInsets = safeAreaInsets.transposed
        result.layoutMargins = layoutMargins.transposed
        return result
    }
}

extension Compositional.Dimension {
    var transposed: Self {
        switch self {
        case .fractionalWidth(let f): .fractionalHeight(f)
        case .fractionalHeight(let f): .fractionalWidth(f)
        default: self
        }
    }
}

extension Compositional.LayoutSize {
    var transposed: Self { Self(width: height.transposed, height: width.transposed) }
}

extension Compositional.Insets {
    var transposed: Self { Self(top: leading, leading: top, bottom: trailing, trailing: bottom) }
}

extension Compositional.EdgeSpacing {
    var transposed: Self { Self(leading: top, top: leading, trailing: bottom, bottom: trailing) }
}

extension Compositional.Edges {
    var transposed: Self {
        var result: Self = []
        if contains(.top) { result.insert(.leading) }
        if contains(.leading) { result.insert(.top) }
        if contains(.bottom) { result.insert(.trailing) }
        if contains(.trailing) { result.insert(.bottom) }
        return result
    }
}

extension Compositional.Alignment {
    var transposed: Self {
        let edges = self.edges.transposed
        return Self.allCases.first { $0.edges == edges } ?? self
    }
}

extension Compositional.Anchor {
    var transposed: Self {
        let moved: Offset =
            switch offset {
            case .absolute(let p): .absolute(p.transposed)
            case .fractional(let p): .fractional(p.transposed)
            }
        return Self(edges: edges.transposed, offset: moved)
    }
}

extension Compositional.SupplementaryItem {
    var transposed: Self {
        Self(
            kind: kind, size: size.transposed, containerAnchor: containerAnchor.transposed,
            itemAnchor: itemAnchor?.transposed, zIndex: zIndex)
    }
}

extension Compositional.BoundarySupplementaryItem {
    var transposed: Self {
        Self(
            kind: kind, size: size.transposed, alignment: alignment.transposed, offset: offset.transposed,
            pinToVisibleBounds: pinToVisibleBounds, extendsBoundary: extendsBoundary, zIndex: zIndex)
    }
}

extension Compositional.DecorationItem {
    var transposed: Self { Self(kind: kind, contentInsets: contentInsets.transposed, zIndex: zIndex) }
}

extension Compositional.Item {
    var transposed: Self {
        Self(
            size: size.transposed, contentInsets: contentInsets.transposed, edgeSpacing: edgeSpacing.transposed,
            supplementaryItems: supplementaryItems.map(\.transposed))
    }
}

extension Compositional.Subitem {
    var transposed: Self {
        switch self {
        case .item(let item): .item(item.transposed)
        case .group(let group): .group(group.transposed)
        }
    }
}

extension Compositional.Subitems {
    var transposed: Self {
        switch self {
        case .cyclic(let list): .cyclic(list.map(\.transposed))
        case .count(let s, let n): .count(s.transposed, n)
        case .repeating(let s, let n): .repeating(s.transposed, n)
        }
    }
}

extension Compositional.Container {
    var transposed: Self { Self(contentSize: contentSize.transposed, contentInsets: contentInsets.transposed) }
}

extension Compositional.Environment {
    func transposed(_ flag: Bool) -> Self {
        flag ? Self(container: container.transposed, displayScale: displayScale) : self
    }
}

extension Compositional.CustomGroupItems {
    var transposed: Self {
        if let frames {
            return Self(
                frames: frames.map { Compositional.CustomGroupFrame(frame: $0.frame.transposed, zIndex: $0.zIndex) })
        }
        let provider = self.provider
        return Self(id: id) { environment in
            var real = environment
            real.container = environment.container.transposed
            return try (provider?(real) ?? []).map {
                Compositional.CustomGroupFrame(frame: $0.frame.transposed, zIndex: $0.zIndex)
            }
        }
    }
}

extension Compositional.Group {
    var transposed: Self {
        let layout: Layout =
            switch self.layout {
            case .horizontal(let s): .vertical(s.transposed)
            case .vertical(let s): .horizontal(s.transposed)
            case .custom(let c): .custom(c.transposed)
            }
        return Self(
            size: size.transposed, layout: layout, contentInsets: contentInsets.transposed,
            edgeSpacing: edgeSpacing.transposed, interItemSpacing: interItemSpacing,
            supplementaryItems: supplementaryItems.map(\.transposed))
    }
}

extension Compositional.Section {
    var transposed: Self {
        var result = self
        result.group = group.transposed
        result.contentInsets = contentInsets.transposed
        result.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
        result.decorationItems = decorationItems.map(\.transposed)
        return result
    }
}

extension Compositional.Configuration {
    var transposed: Self {
        var result = self
        result.scrollDirection = .vertical
        result.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
        return result
    }
}

extension Compositional.Sizing {
    var transposed: Self {
        let item = self.item, supplementary = self.supplementary
        return Self(
            item: item.map { body in { indexPath, fitting in try body(indexPath, fitting.transposed)?.transposed } },
            supplementary: supplementary.map { body in
                { kind, indexPath, fitting in try body(kind, indexPath, fitting.transposed)?.transposed }
            })
    }
}
