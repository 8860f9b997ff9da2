import LayoutEngine

/// What a picture paints beyond an element's box, read from its custom attributes, shared by
/// the SVG pictures (`run`, simulate's HTML, the preview) and the PNGs of image snapshots:
///
/// - **State colours** (the guide's Listings 2-4 and 2-5): `backgroundColor`,
///   `selectedBackgroundColor` and `highlightedBackgroundColor` (`#RRGGBB`). UIKit layers a
///   cell's `selectedBackgroundView` above its `backgroundView` when the cell is selected, and
///   its content view above both; a highlighted cell shows the content view's highlight
///   colour. So: highlighted → highlighted, else selected, else background colour; selected →
///   selected, else background colour; otherwise the background colour. That a selected
///   background also shows while a cell is highlighted is what UIKit does on device, not what
///   its documentation says (our decision, docs/lua-api.md "Cell colours and parts"). A cell
///   with none of the three keeps the category's colour and the simulator's own marks.
/// - **Parts** (the springboard's close button): a custom field `NAMEFrame` `{x, y, w, h}` in
///   the element's own coordinates, drawn unless `NAMEHidden` is true, shaped by `NAMEShape`
///   (`circle`, `rounded`, `cross`; absent: a pill, the ends rounded by half the width) and
///   filled with `NAMEColor` (`#RRGGBB`; default red, a cross white).
package enum ElementPaint {
    /// A cell's state in the view.
    package enum State: Sendable {
        case normal, selected, highlighted
    }

    /// The state of element `a` in `snapshot` (supplementary and decoration views are never
    /// selected or highlighted).
    package static func state(of a: LayoutAttributes, in snapshot: LayoutSnapshot) -> State {
        guard a.category == .cell else { return .normal }
        if snapshot.highlighted.contains(a.indexPath) { return .highlighted }
        return snapshot.selected.contains(a.indexPath) ? .selected : .normal
    }

    /// The fill the element's colours give it in `state` (`#RRGGBB`), or nil for the
    /// category's own.
    package static func fill(of a: LayoutAttributes, state: State) -> String? {
        let background = color(a, "backgroundColor")
        guard a.category == .cell else { return background }
        let selected = color(a, "selectedBackgroundColor")
        switch state {
        case .highlighted: return color(a, "highlightedBackgroundColor") ?? selected ?? background
        case .selected: return selected ?? background
        case .normal: return background
        }
    }

    /// The custom field `name` when it is a colour `#RRGGBB`, else nil (other values draw nothing).
    static func color(_ a: LayoutAttributes, _ name: String) -> String? {
        guard case .string(let text)? = a.custom[name] else { return nil }
        return BackgroundColor.parse(text)
    }

    // MARK: Parts

    package enum Shape: String, Sendable {
        /// A rectangle whose ends are rounded by half its width (a circle when square).
        case pill
        case circle
        /// Corners rounded by a quarter of the shorter side.
        case rounded
        /// Two strokes corner to corner, an eighth of the shorter side thick.
        case cross
    }

    package struct Part: Sendable, Equatable {
        package var name: String
        /// In content coordinates.
        package var frame: Rect
        package var shape: Shape
        /// `#RRGGBB`.
        package var color: String
    }

    /// The default colours: a red part, a white cross (drawn over a red circle it is a close
    /// button).
    static let partColor = "#e0245e", crossColor = "#ffffff"

    /// The element's parts in name order (a later one is drawn over an earlier one).
    /// Untransformed elements only (a transformed one draws none).
    package static func parts(of a: LayoutAttributes) -> [Part] {
        guard a.transform3D.isIdentity else { return [] }
        return a.custom.keys.sorted().compactMap { key in
            guard key.hasSuffix("Frame"), key.count > 5, case .array(let values)? = a.custom[key], values.count == 4
            else { return nil }
            let numbers = values.compactMap(\.number)
            let name = String(key.dropLast(5))
            guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0, a.custom[name + "Hidden"] != .bool(true) else {
                return nil
            }
            let frame = Rect(
                x: a.frame.x + numbers[0], y: a.frame.y + numbers[1], width: numbers[2], height: numbers[3])
            guard frame.isFinite else { return nil }
            var shape = Shape.pill
            if case .string(let text)? = a.custom[name + "Shape"], let given = Shape(rawValue: text), given != .pill {
                shape = given
            }
            let color = Self.color(a, name + "Color") ?? (shape == .cross ? crossColor : partColor)
            return Part(name: name, frame: frame, shape: shape, color: color)
        }
    }

    /// The corner radius of a part's shape (x and y radii for a circle).
    package static func radius(of part: Part) -> Double {
        let f = part.frame
        switch part.shape {
        case .pill: return f.width / 2
        case .rounded: return min(f.width, f.height) / 4
        case .circle, .cross: return 0
        }
    }

    /// A cross's stroke width.
    package static func crossWidth(_ frame: Rect) -> Double { max(1, min(frame.width, frame.height) / 8) }

    // MARK: The refresh control

    /// The spinner: `spokes` strokes around the band's centre, from `inner` to `outer` points
    /// out, the first darkest (UIActivityIndicatorView's medium style, grey).
    package static let spokes = 12, inner = 5.0, outer = 10.0
    package static let spinnerColor = "#8e8e93"

    /// Unit vectors every 30° clockwise from straight up (screen coordinates, y down).
    static let spokeDirections: [(Double, Double)] = {
        let h = 3.0.squareRoot() / 2
        let quarter: [(Double, Double)] = [(0, -1), (0.5, -h), (h, -0.5)]
        // Each quarter turn clockwise maps (x, y) to (−y, x).
        return (0..<4).flatMap { turn in
            quarter.map { v in (0..<turn).reduce(v) { p, _ in (-p.1, p.0) } }
        }
    }()
}
