import LayoutEngine

/// A picture of a layout: cells, supplementary and decoration views in distinct styles,
/// labelled with their index path (and kind), drawn in zIndex order with their alpha and
/// their transform (projected to 2D around the element's centre, as Core Animation does with
/// the default anchor point), plus the content size and the viewport outlined.
public enum SVGLayoutWriter {
    public struct Options: Sendable, Equatable {
        /// The picture's longer side in pixels (the drawing scales to fit a square of this
        /// size); nil: natural size, the width capped at `maxNaturalWidth`.
        public var width: Double?
        /// Most elements drawn; the rest are counted in the caption.
        public var maxElements: Int
        public var maxNaturalWidth: Double
        /// Draw only the viewport (the live preview), not the whole content.
        public var viewportOnly: Bool

        public init(width: Double? = nil, maxElements: Int = 5000, maxNaturalWidth: Double = 1600, viewportOnly: Bool = false) {
            self.width = width
            self.maxElements = maxElements
            self.maxNaturalWidth = maxNaturalWidth
            self.viewportOnly = viewportOnly
        }
    }

    public static func write(_ snapshot: LayoutSnapshot, options: Options = Options(), to output: inout some TextOutputStream) {
        let content = Rect(origin: .zero, size: snapshot.contentSize)
        var area = options.viewportOnly ? snapshot.bounds : content.union(snapshot.bounds)
        let drawn = Array(snapshot.elements.filter { !$0.hidden }.prefix(options.maxElements))
        if !options.viewportOnly {
            for element in drawn where element.frame.isFinite { area = area.union(element.frame) }
        }
        // Margins, strokes and text are sized in pixels of the final picture: `unit` is how many
        // content points one pixel covers.
        let marginPixels = 16.0, captionPixels = 28.0
        var width = max(480, min(max(area.width, 1) + 2 * marginPixels, options.maxNaturalWidth))
        if let fit = options.width {
            // Tall drawings fit by their height; keep room for the caption.
            width = area.height > area.width ? fit * area.width / max(area.height, 1) : fit
        }
        let unit = max(area.width, 1) / max(width - 2 * marginPixels, 1)
        let margin = marginPixels * unit, captionHeight = captionPixels * unit
        let viewBox = Rect(x: area.x - margin, y: area.y - margin - captionHeight,
                           width: area.width + 2 * margin, height: area.height + 2 * margin + captionHeight)
        let height = viewBox.height * width / max(viewBox.width, 1)

        output.write("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="\(n(viewBox.x)) \(n(viewBox.y)) \(n(viewBox.width)) \(n(viewBox.height))" \
            font-family="Helvetica, Arial, sans-serif">

            """)
        output.write("""
              <style>
                .cell { fill: #4f8ef7; stroke: #1f4fa8; }
                .supplementary { fill: #f5a623; stroke: #a86a00; }
                .decoration { fill: #c8c8c8; stroke: #7a7a7a; stroke-dasharray: \(n(4 * unit)) \(n(3 * unit)); }
                .label { fill: #ffffff; stroke: none; text-anchor: middle; dominant-baseline: central; }
                .decoration-label { fill: #444444; stroke: none; text-anchor: middle; dominant-baseline: central; }
                .content { fill: #fafafa; stroke: #bbbbbb; }
                .viewport { fill: none; stroke: #e0245e; stroke-dasharray: \(n(8 * unit)) \(n(4 * unit)); }
                .caption { fill: #333333; }
              </style>

            """)
        output.write("  <rect class=\"background\" x=\"\(n(viewBox.x))\" y=\"\(n(viewBox.y))\" width=\"\(n(viewBox.width))\" height=\"\(n(viewBox.height))\" fill=\"#ffffff\"/>\n")
        if options.viewportOnly {
            // Everything outside the viewport is cut away, as on a device.
            output.write("  <clipPath id=\"viewport\"><rect x=\"\(n(area.x))\" y=\"\(n(area.y))\" width=\"\(n(area.width))\" height=\"\(n(area.height))\"/></clipPath>\n")
        }
        output.write("  <rect class=\"content\" x=\"0\" y=\"0\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" stroke-width=\"\(n(unit))\"\(options.viewportOnly ? " clip-path=\"url(#viewport)\"" : "")/>\n")

        // Lower zIndex first; equal zIndex keeps output order (cells, supplementary, decoration).
        let ordered = drawn.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
        if options.viewportOnly { output.write("  <g clip-path=\"url(#viewport)\">\n") }
        for element in ordered { write(element, unit: unit, to: &output) }
        if options.viewportOnly { output.write("  </g>\n") }

        let b = snapshot.bounds
        output.write("  <rect class=\"viewport\" x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" stroke-width=\"\(n(2 * unit))\"/>\n")
        var caption = "content \(n(content.width))×\(n(content.height)) · viewport \(n(b.width))×\(n(b.height)) at \(n(b.x)),\(n(b.y)) · \(drawn.count) element\(drawn.count == 1 ? "" : "s")"
        let hidden = snapshot.elements.filter(\.hidden).count
        if hidden > 0 { caption += " · \(hidden) hidden" }
        let beyond = snapshot.elements.count - hidden - drawn.count
        if beyond > 0 { caption += " · \(beyond) more not drawn" }
        if let total = snapshot.totalElements, total > snapshot.elements.count {
            caption += " · \(total - snapshot.elements.count) beyond the rect"
        }
        output.write("  <text class=\"caption\" x=\"\(n(viewBox.x + margin))\" y=\"\(n(viewBox.y + margin + 10 * unit))\" font-size=\"\(n(13 * unit))\">\(escape(caption))</text>\n")
        output.write("</svg>\n")
    }

    public static func string(_ snapshot: LayoutSnapshot, options: Options = Options()) -> String {
        var text = ""
        write(snapshot, options: options, to: &text)
        return text
    }

    private static func write(_ a: LayoutAttributes, unit: Double, to output: inout some TextOutputStream) {
        let f = a.frame
        guard f.isFinite else { return }
        let category = a.category.name
        let label = a.category == .cell ? "\(a.indexPath.section).\(a.indexPath.item)" : "\(a.kind) \(a.indexPath.section).\(a.indexPath.item)"
        var attributes = "class=\"\(category)\" stroke-width=\"\(n(unit))\""
        if a.alpha < 1 { attributes += " opacity=\"\(n(max(0, a.alpha)))\"" }
        attributes += " data-index-path=\"\(a.indexPath.section),\(a.indexPath.item)\""
        if a.category != .cell { attributes += " data-kind=\"\(escape(a.kind))\"" }
        output.write("  <g \(attributes)>")
        if a.transform3D.isIdentity {
            output.write("<rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"/>")
        } else {
            let corners = projectedCorners(f, a.transform3D)
            output.write("<polygon points=\"" + corners.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>")
        }
        // A label only where it fits.
        let size = min(f.height * 0.45, f.width / Double(max(label.count, 1)) * 1.6, 14 * unit * 1.5)
        if size >= 6 * unit {
            let center = a.transform3D.isIdentity ? f.center : projectedCenter(f, a.transform3D)
            let style = a.category == .decoration ? "decoration-label" : "label"
            output.write("<text class=\"\(style)\" x=\"\(n(center.x))\" y=\"\(n(center.y))\" font-size=\"\(n(size))\">\(escape(label))</text>")
        }
        output.write("</g>\n")
    }

    /// The frame's corners under `transform`, applied around the frame's centre (anchor point
    /// 0.5, 0.5) with the perspective divide: p' = p · M, then (x/w, y/w).
    static func projectedCorners(_ frame: Rect, _ transform: Transform3D) -> [Point] {
        let hw = frame.width / 2, hh = frame.height / 2
        return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { corner in
            project(x: corner.0, y: corner.1, transform, around: frame.center)
        }
    }

    static func projectedCenter(_ frame: Rect, _ transform: Transform3D) -> Point {
        project(x: 0, y: 0, transform, around: frame.center)
    }

    private static func project(x: Double, y: Double, _ t: Transform3D, around center: Point) -> Point {
        let m = t.m
        let px = x * m[0] + y * m[4] + m[12]
        let py = x * m[1] + y * m[5] + m[13]
        let pw = x * m[3] + y * m[7] + m[15]
        let w = abs(pw) < 1e-9 ? 1e-9 : pw
        return Point(x: center.x + px / w, y: center.y + py / w)
    }

    private static func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Two decimals are plenty for a picture and keep large files small.
        return NumberFormatting.format((value * 100).rounded() / 100)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// A self-contained HTML page showing the SVG picture and the element count.
public enum HTMLLayoutWriter {
    public static func write(_ snapshot: LayoutSnapshot, title: String, options: SVGLayoutWriter.Options = .init(),
                             to output: inout some TextOutputStream) {
        output.write("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(SVGLayoutWriter.escape(title)) — LuaLayout</title>
            <style>
              body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
              h1 { font-size: 18px; margin: 0 0 12px; }
              .legend span { display: inline-block; margin-right: 16px; }
              .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: middle; }
              svg { max-width: 100%; height: auto; border: 1px solid #eee; }
            </style>
            </head>
            <body>
            <h1>\(SVGLayoutWriter.escape(title))</h1>
            <p class="legend"><span><i class="swatch" style="background:#4f8ef7"></i>cell</span>\
            <span><i class="swatch" style="background:#f5a623"></i>supplementary</span>\
            <span><i class="swatch" style="background:#c8c8c8"></i>decoration</span>\
            <span><i class="swatch" style="border:2px dashed #e0245e"></i>viewport</span></p>

            """)
        SVGLayoutWriter.write(snapshot, options: options, to: &output)
        output.write("</body>\n</html>\n")
    }
}
