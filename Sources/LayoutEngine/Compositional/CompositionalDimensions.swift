/// Dimension resolution and the two rounding models (docs/compositional.md, "Rounding").
struct CompositionalRounding: Sendable {
    var scale: Double
    var model: Compositional.RoundingModel

    /// Modern: a fractional result is floored to the pixel grid, with a 1e-9 tolerance so a
    /// binary fraction just under a pixel boundary (0.7 × 335 = 234.49999…) lands on it.
    func floorFraction(_ value: Double) -> Double {
        guard model == .modern, scale > 0, value.isFinite else { return value }
        return (value * scale + 1e-9).rounded(.down) / scale
    }

    /// Every frame component, and the content size, to the nearest pixel (halves away from 0).
    func round(_ value: Double) -> Double { PixelRounding.round(value, scale: scale) }

    func round(_ rect: Rect) -> Rect {
        Rect(x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height))
    }
}

extension Compositional.Dimension {
    /// The points this dimension takes in `container` (estimates count as their estimate).
    func resolve(in container: Size, _ rounding: CompositionalRounding) -> Double {
        switch self {
        case .fractionalWidth(let f): rounding.floorFraction(f * container.width)
        case .fractionalHeight(let f): rounding.floorFraction(f * container.height)
        case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v): v
        }
    }

    /// The raw number, for validation.
    var rawValue: Double {
        switch self {
        case .fractionalWidth(let v), .fractionalHeight(let v), .absolute(let v), .estimated(let v),
            .uniformAcrossSiblings(let v):
            v
        }
    }

    var describe: String {
        switch self {
        case .fractionalWidth(let v): "fractionalWidth(\(AttributeRules.number(v)))"
        case .fractionalHeight(let v): "fractionalHeight(\(AttributeRules.number(v)))"
        case .absolute(let v): "absolute(\(AttributeRules.number(v)))"
        case .estimated(let v): "estimated(\(AttributeRules.number(v)))"
        case .uniformAcrossSiblings(let v): "uniformAcrossSiblings(\(AttributeRules.number(v)))"
        }
    }
}

extension Compositional.LayoutSize {
    func resolve(in container: Size, _ rounding: CompositionalRounding) -> Size {
        Size(width: width.resolve(in: container, rounding), height: height.resolve(in: container, rounding))
    }

    /// A layout size with a non-finite or negative number is rejected before any solving.
    func problem() -> String? {
        for (name, d) in [("width", width), ("height", height)] {
            let v = d.rawValue
            guard v.isFinite else { return "\(name) \(d.describe) is not a finite number" }
            guard v >= 0 else { return "\(name) \(d.describe) is negative" }
        }
        return nil
    }
}

extension Compositional.Insets {
    var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
}
