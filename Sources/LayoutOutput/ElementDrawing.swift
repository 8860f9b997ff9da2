import LayoutEngine
import Platform

/// How one element is drawn, shared by `run`'s pictures and the update/transition pages: a
/// group with a `<title>` tooltip, the box (a polygon when transformed) and a label that fits.
package enum ElementDrawing {
    /// Label font sizes in picture pixels: the preferred size, and the smallest worth reading
    /// (below it the label is left out rather than spilling over its box).
    static let labelPixels = 12.0, minimumLabelPixels = 6.0
    /// A label's width is estimated at 0.6 em per character (Helvetica's digits are 0.556 em).
    static let characterWidth = 0.6

    /// The element's label: the custom field `field` when it has one, else the custom field
    /// `label`, else its index path (`[0, 1]`), after the kind for supplementary and decoration views.
    package static func label(of a: LayoutAttributes, field: String?) -> String {
        for name in [field, "label"].compactMap({ $0 }) {
            if let value = a.custom[name] { return text(value) }
        }
        let path = a.indexPath.description
        return a.category == .cell ? path : "\(a.kind) \(path)"
    }

    /// The label's font size (in content points) that fits `frame`, or nil when even the
    /// minimum does not fit. Concave in the frame's size, so a page interpolating between two
    /// fitted sizes never overflows the interpolated box.
    static func fontSize(_ label: String, in frame: Rect, unit: Double) -> Double? {
        let characters = Double(max(label.count, 1))
        let size = min(labelPixels * unit, frame.height * 0.8, frame.width * 0.9 / (characterWidth * characters))
        return size >= minimumLabelPixels * unit ? size : nil
    }

    /// The tooltip: category, kind and index path; frame; alpha, zIndex and transform when
    /// not the default; then each custom field, one a line.
    package static func tooltip(_ a: LayoutAttributes, frameText: String? = nil) -> String {
        let f = a.frame
        var lines = [
            "\(a.category.name)\(a.category == .cell ? "" : " " + a.kind) \(a.indexPath)"
        ]
        lines.append("frame " + (frameText ?? self.frameText(f)))
        if a.alpha != 1 { lines.append("alpha \(r(a.alpha))") }
        if a.zIndex != 0 { lines.append("zIndex \(a.zIndex)") }
        if !a.transform3D.isIdentity { lines.append("transform \(TransformDescription.describe(a.transform3D))") }
        if !a.animations.isEmpty { lines.append("animations \(LoopingAnimations.describe(a.animations))") }
        for key in a.custom.keys.sorted() { lines.append("\(key): \(text(a.custom[key]!))") }
        return lines.joined(separator: "\n")
    }

    static func frameText(_ f: Rect) -> String { "\(r(f.x)),\(r(f.y)) \(r(f.width))×\(r(f.height))" }

    /// What an animated page needs beyond the element at the start: where it ends, and its
    /// position in the page's plan (the script moves the drawing from `a` to `end`).
    struct Animation {
        var entry: Int
        var end: LayoutAttributes
        var tooltip: String
    }

    /// One element as an SVG group. `unit` is how many content points one picture pixel covers.
    /// `visible`: the part of the picture shown (the live preview's viewport), where labels go.
    /// `state`: the cell's state in the view, which picks its colour (`ElementPaint`).
    static func write(
        _ a: LayoutAttributes, label: String, unit: Double, visible: Rect? = nil, animation: Animation? = nil,
        state: ElementPaint.State = .normal, to output: inout some TextOutputStream
    ) {
        let f = a.frame
        guard f.isFinite else { return }
        var classes = a.category.name
        switch state {
        case .normal: break
        case .selected: classes += " is-selected"
        case .highlighted: classes += " is-highlighted"
        }
        var attributes = "class=\"\(classes)\" stroke-width=\"\(n(unit))\""
        // On the box itself, so it wins over the page's marks (a highlighted cell's default fill).
        let fill = ElementPaint.fill(of: a, state: state).map { " style=\"fill: \($0)\"" } ?? ""
        if a.alpha < 1 { attributes += " opacity=\"\(n(max(0, a.alpha)))\"" }
        attributes += " data-index-path=\"\(a.indexPath.components.map(String.init).joined(separator: ","))\""
        if a.category != .cell { attributes += " data-kind=\"\(escape(a.kind))\"" }
        if let animation { attributes += " data-entry=\"\(animation.entry)\"" }
        output.write("  <g \(attributes)><title>\(escape(animation?.tooltip ?? tooltip(a)))</title>")
        // Looping animations (an animated page's: those it ends with) play on nested groups,
        // so they compose with what the page's script moves.
        let loops = animation?.end.animations ?? a.animations
        for loop in loops { output.write("<g class=\"loop\" style=\"\(LoopingAnimations.style(loop))\">") }
        // An animated element that is transformed at either end is a polygon all along.
        if a.transform3D.isIdentity && (animation?.end.transform3D.isIdentity ?? true) {
            output.write(
                "<rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"\(fill)/>")
        } else {
            let corners = SVGLayoutWriter.projectedCorners(f, a.transform3D)
            output.write(
                "<polygon points=\"" + corners.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"\(fill)/>")
        }
        writeParts(a, unit: unit, to: &output)
        // A label sits in the visible part of its box (a header half scrolled out keeps one).
        let box = visible.flatMap { clipped(drawnBox(a), to: $0) } ?? drawnBox(a)
        let size = fontSize(label, in: box, unit: unit)
        let style = a.category == .decoration ? "decoration-label" : "label"
        let center =
            visible != nil
            ? box.center : a.transform3D.isIdentity ? f.center : SVGLayoutWriter.projectedCenter(f, a.transform3D)
        if let animation {
            // Always present: the page scales the font between the two fitted sizes (0: none).
            let endSize = animation.end.frame.isFinite ? fontSize(label, in: drawnBox(animation.end), unit: unit) : nil
            output.write(
                "<text class=\"\(style)\" x=\"\(n(center.x))\" y=\"\(n(center.y))\" font-size=\"\(n(size ?? 0))\" data-font=\"\(n(size ?? 0)) \(n(endSize ?? 0))\"\(size == nil ? " display=\"none\"" : "")>\(escape(label))</text>"
            )
        } else if let size {
            output.write(
                "<text class=\"\(style)\" x=\"\(n(center.x))\" y=\"\(n(center.y))\" font-size=\"\(n(size))\">\(escape(label))</text>"
            )
        }
        output.write(String(repeating: "</g>", count: loops.count) + "</g>\n")
    }

    /// The element's parts (`ElementPaint.parts`), each in its shape and colour.
    private static func writeParts(_ a: LayoutAttributes, unit: Double, to output: inout some TextOutputStream) {
        for part in ElementPaint.parts(of: a) {
            let f = part.frame
            let name = "class=\"part\" data-part=\"\(escape(part.name))\""
            switch part.shape {
            case .circle:
                output.write(
                    "<ellipse \(name) cx=\"\(n(f.center.x))\" cy=\"\(n(f.center.y))\" rx=\"\(n(f.width / 2))\" ry=\"\(n(f.height / 2))\" fill=\"\(part.color)\" stroke=\"#ffffff\"/>"
                )
            case .cross:
                let (x0, y0, x1, y1) = (f.x, f.y, f.x + f.width, f.y + f.height)
                output.write(
                    "<path \(name) d=\"M\(n(x0)) \(n(y0))L\(n(x1)) \(n(y1))M\(n(x1)) \(n(y0))L\(n(x0)) \(n(y1))\" fill=\"none\" stroke=\"\(part.color)\" stroke-width=\"\(n(ElementPaint.crossWidth(f)))\" stroke-linecap=\"round\"/>"
                )
            case .pill, .rounded:
                output.write(
                    "<rect \(name) x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"\(n(ElementPaint.radius(of: part)))\" fill=\"\(part.color)\" stroke=\"#ffffff\"/>"
                )
            }
        }
    }

    /// The box a label must fit: the frame, or the bounds of its projection when transformed.
    static func drawnBox(_ a: LayoutAttributes) -> Rect {
        guard !a.transform3D.isIdentity else { return a.frame }
        let corners = SVGLayoutWriter.projectedCorners(a.frame, a.transform3D)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return box.isFinite ? box : a.frame
    }

    static func clipped(_ box: Rect, to visible: Rect) -> Rect? {
        let x0 = max(box.x, visible.x), y0 = max(box.y, visible.y)
        let x1 = min(box.x + box.width, visible.x + visible.width),
            y1 = min(box.y + box.height, visible.y + visible.height)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// A custom value as a label or tooltip shows it: strings bare, numbers rounded, the rest as JSON.
    static func text(_ value: LayoutValue) -> String {
        if case .string(let s) = value { return s }
        return JSONLayoutWriter.value(value, number: r)
    }

    private static func r(_ value: Double) -> String { NumberFormatting.rounded(value) }
    static func n(_ value: Double) -> String { SVGLayoutWriter.n(value) }
    static func escape(_ text: String) -> String { SVGLayoutWriter.escape(text) }
}
