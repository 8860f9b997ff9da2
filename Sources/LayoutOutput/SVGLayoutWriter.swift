import LayoutEngine
import Platform

/// A picture of a layout: cells, supplementary and decoration views in distinct styles,
/// labelled and with a tooltip each (see `ElementDrawing`), drawn in zIndex order with their
/// alpha and their transform (projected to 2D around the element's centre, as Core Animation
/// does with the default anchor point), plus the content size and the viewport outlined.
package enum SVGLayoutWriter {
    package struct Options: Sendable, Equatable {
        /// The picture's longer side in pixels, margins and caption included; nil: natural
        /// size, the width capped at `maxNaturalWidth`.
        package var width: Double?
        /// Most elements drawn; the rest are counted in the caption.
        package var maxElements: Int
        package var maxNaturalWidth: Double
        /// Draw only the viewport (the live preview), not the whole content.
        package var viewportOnly: Bool
        /// The custom field that labels each element (default: `label` when present, else the index path).
        package var labelField: String?
        /// A background colour (`#RRGGBB`) fixed to the viewport, drawn behind the elements
        /// (`run --background`); nil: the snapshot's own (a controller's `backgroundView`), if any.
        package var background: String?
        /// The safe area's insets, marked over a viewport picture's edges as translucent bands
        /// (the status bar, the home indicator: what UIKit keeps the content out of); nil or
        /// zero: none.
        package var safeArea: EdgeInsets?

        package init(
            width: Double? = nil, maxElements: Int = 5000, maxNaturalWidth: Double = 1600, viewportOnly: Bool = false,
            labelField: String? = nil, background: String? = nil, safeArea: EdgeInsets? = nil
        ) {
            self.width = width
            self.maxElements = maxElements
            self.maxNaturalWidth = maxNaturalWidth
            self.viewportOnly = viewportOnly
            self.labelField = labelField
            self.background = background
            self.safeArea = safeArea
        }
    }

    /// Where a drawing of `area` (content points) lands in the picture: a margin around it and
    /// a caption band above, both fixed in pixels (scaled down for fits under 200 pixels).
    struct Geometry {
        var width: Double, height: Double
        /// Content points per picture pixel.
        var unit: Double
        var viewBox: Rect
        var margin: Double

        static let marginPixels = 16.0, captionPixels = 28.0

        init(area: Rect, options: Options) {
            let area = OutputGeometry.clamp(area)
            let aw = max(area.width, 1), ah = max(area.height, 1)
            var chrome = 1.0
            let scale: Double  // pixels per content point
            if let fit = options.width {
                // The longer side is exactly `fit`: the drawing gets what margins and caption leave.
                chrome = min(1, fit / 200)
                let m = Self.marginPixels * chrome, c = Self.captionPixels * chrome
                scale = min((fit - 2 * m) / aw, (fit - 2 * m - c) / ah)
            } else {
                let natural = max(480, min(aw + 2 * Self.marginPixels, options.maxNaturalWidth))
                scale = (natural - 2 * Self.marginPixels) / aw
            }
            let m = Self.marginPixels * chrome, c = Self.captionPixels * chrome
            unit = 1 / scale
            margin = m * unit
            viewBox = Rect(
                x: area.x - margin, y: area.y - margin - c * unit, width: aw + 2 * margin,
                height: ah + 2 * margin + c * unit)
            width = aw * scale + 2 * m
            height = ah * scale + 2 * m + c
            if let fit = options.width {
                // Exactly the fit on the longer side (no rounding drift in the attribute).
                if width >= height { width = fit } else { height = fit }
            }
        }
    }

    package static func write(
        _ snapshot: LayoutSnapshot, options: Options = Options(), to output: inout some TextOutputStream
    ) {
        // A whole-layout picture is sized to the content (and any element outside it), not to
        // the viewport: a short list is not drawn in a screen-high picture; the viewport's
        // outline is drawn where it falls, cut at the picture's edge.
        let content = Rect(origin: .zero, size: snapshot.contentSize)
        var area = options.viewportOnly ? snapshot.bounds : content
        // The first `maxElements` shown elements, read one by one: a listing of a million
        // elements builds the attributes of those drawn only.
        let elements = snapshot.elements
        var drawnIndexed: [(offset: Int, element: LayoutAttributes)] = []
        var position = 0
        while drawnIndexed.count < options.maxElements && position < elements.count {
            if !elements.isHidden(at: position) { drawnIndexed.append((position, elements[position])) }
            position += 1
        }
        let drawn = drawnIndexed.map(\.element)
        if !options.viewportOnly {
            for element in drawn where element.frame.isFinite { area = area.union(element.frame) }
        }
        let geometry = Geometry(area: area, options: options)
        let unit = geometry.unit
        writeHeader(
            geometry, marksStates: !snapshot.selected.isEmpty || !snapshot.highlighted.isEmpty, to: &output)
        if options.viewportOnly {
            // Everything outside the viewport is cut away, as on a device.
            output.write(
                "  <clipPath id=\"viewport\"><rect x=\"\(n(area.x))\" y=\"\(n(area.y))\" width=\"\(n(area.width))\" height=\"\(n(area.height))\"/></clipPath>\n"
            )
        }
        output.write(
            "  <rect class=\"content\" x=\"0\" y=\"0\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" stroke-width=\"\(n(unit))\"\(options.viewportOnly ? " clip-path=\"url(#viewport)\"" : "")/>\n"
        )

        // A background view: the viewport's rectangle, behind every element, not scrolling.
        if let background = (options.background ?? snapshot.background).flatMap(BackgroundColor.parse) {
            let b = snapshot.bounds
            output.write(
                "  <rect class=\"background-view\" x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" fill=\"\(background)\"/>\n"
            )
        }

        // Orthogonal sections show their scrolled cells through their own band only.
        for (index, region) in snapshot.regions.enumerated() {
            let f = region.frame
            output.write(
                "  <clipPath id=\"region-\(index)\"><rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"/></clipPath>\n"
            )
        }
        if options.viewportOnly { output.write("  <g clip-path=\"url(#viewport)\">\n") }
        for (position, element) in zOrdered(drawnIndexed) {
            let region = snapshot.regionOfElement[position]
            if let region {
                output.write(
                    "  <g clip-path=\"url(#region-\(region))\" data-region-section=\"\(snapshot.regions[region].section)\">\n"
                )
            }
            ElementDrawing.write(
                element, label: ElementDrawing.label(of: element, field: options.labelField), unit: unit,
                visible: options.viewportOnly ? area : nil, state: ElementPaint.state(of: element, in: snapshot),
                to: &output)
            if region != nil { output.write("  </g>\n") }
        }
        if let band = snapshot.refreshControl { writeRefreshControl(band, unit: unit, to: &output) }
        if options.viewportOnly { output.write("  </g>\n") }
        output.write(LoopingAnimations.styleElement(for: drawn))
        if options.viewportOnly, let safeArea = options.safeArea {
            writeSafeArea(safeArea, snapshot.bounds, to: &output)
        }

        writeViewport(snapshot.bounds, unit: unit, to: &output)
        let b = snapshot.bounds
        var caption =
            "content \(n(content.width))×\(n(content.height)) · viewport \(n(b.width))×\(n(b.height)) at \(n(b.x)),\(n(b.y)) · \(drawn.count) element\(drawn.count == 1 ? "" : "s")"
        let hidden = elements.hiddenCount
        if hidden > 0 { caption += " · \(hidden) hidden" }
        let beyond = snapshot.elements.count - hidden - drawn.count
        if beyond > 0 { caption += " · \(beyond) more not drawn" }
        if let total = snapshot.totalElements, total > snapshot.elements.count {
            caption += " · \(total - snapshot.elements.count) beyond the rect"
        }
        writeCaption(caption, geometry, to: &output)
        output.write("</svg>\n")
    }

    package static func string(_ snapshot: LayoutSnapshot, options: Options = Options()) -> String {
        var text = ""
        write(snapshot, options: options, to: &text)
        return text
    }

    /// Lower zIndex first (negative ones under the rest); equal zIndex keeps output order
    /// (cells, supplementary, decoration). Each element keeps its position in the snapshot.
    static func zOrdered(
        _ elements: [(offset: Int, element: LayoutAttributes)]
    ) -> [(offset: Int, element: LayoutAttributes)] {
        elements.sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
    }

    /// The `<svg>` element, the styles every picture shares and the white background;
    /// `marksStates`: also how selected and highlighted cells are marked (a simulation's).
    static func writeHeader(
        _ geometry: Geometry, id: String? = nil, marksStates: Bool = false, to output: inout some TextOutputStream
    ) {
        let viewBox = geometry.viewBox, unit = geometry.unit
        output.write(
            """
            <svg xmlns="http://www.w3.org/2000/svg"\(id.map { " id=\"\($0)\"" } ?? "") width="\(n(geometry.width))" height="\(n(geometry.height))" \
            viewBox="\(n(viewBox.x)) \(n(viewBox.y)) \(n(viewBox.width)) \(n(viewBox.height))" \
            font-family="Helvetica, Arial, sans-serif">

            """)
        output.write(
            """
              <style>
                .cell { fill: #4f8ef7; stroke: #1f4fa8; }
                .supplementary { fill: #f5a623; stroke: #a86a00; }
                .decoration { fill: #c8c8c8; stroke: #7a7a7a; stroke-dasharray: \(n(4 * unit)) \(n(3 * unit)); }
                .label { fill: #ffffff; stroke: none; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
                .decoration-label { fill: #444444; stroke: none; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
                .content { fill: #fafafa; stroke: #bbbbbb; }
                .viewport { fill: none; stroke: #e0245e; stroke-dasharray: \(n(8 * unit)) \(n(4 * unit)); pointer-events: none; }
                .caption { fill: #333333; }\(marksStates ? stateRules : "")
              </style>

            """)
        output.write(
            "  <rect class=\"background\" x=\"\(n(viewBox.x))\" y=\"\(n(viewBox.y))\" width=\"\(n(viewBox.width))\" height=\"\(n(viewBox.height))\" fill=\"#ffffff\"/>\n"
        )
    }

    /// The refresh control while it refreshes: a spinner of `ElementPaint.spokes` strokes in the
    /// middle of its band, the first darkest, as UIActivityIndicatorView draws one.
    static func writeRefreshControl(_ band: Rect, unit: Double, to output: inout some TextOutputStream) {
        let c = band.center
        output.write(
            "  <g class=\"refresh-control\" data-band=\"\(n(band.x)),\(n(band.y)),\(n(band.width)),\(n(band.height))\" stroke=\"\(ElementPaint.spinnerColor)\" stroke-width=\"2\" stroke-linecap=\"round\"><title>refresh control (refreshing)</title>"
        )
        for (spoke, (dx, dy)) in ElementPaint.spokeDirections.enumerated() {
            let opacity = 1 - Double(spoke) / Double(ElementPaint.spokes) * 0.85
            output.write(
                "<line x1=\"\(n(c.x + dx * ElementPaint.inner))\" y1=\"\(n(c.y + dy * ElementPaint.inner))\" x2=\"\(n(c.x + dx * ElementPaint.outer))\" y2=\"\(n(c.y + dy * ElementPaint.outer))\" opacity=\"\(n(opacity))\"/>"
            )
        }
        output.write("</g>\n")
    }

    /// A selected cell's green outline and a highlighted one's dark fill, unless its own
    /// colours say otherwise (`ElementPaint`: they are set on the box, which wins).
    static let stateRules = """

            g.is-selected rect:not(.part), g.is-selected polygon { stroke: #0a7d34; stroke-width: 4px; vector-effect: non-scaling-stroke; }
            g.is-highlighted rect:not(.part), g.is-highlighted polygon { fill: #1f4fa8; }
        """

    /// The safe area's bands over the viewport's edges, over the elements but never in the way
    /// of a click; each says what it is.
    static func writeSafeArea(_ inset: EdgeInsets, _ b: Rect, to output: inout some TextOutputStream) {
        let bands: [(String, Double, Rect)] = [
            ("top", inset.top, Rect(x: b.x, y: b.y, width: b.width, height: inset.top)),
            ("bottom", inset.bottom, Rect(x: b.x, y: b.maxY - inset.bottom, width: b.width, height: inset.bottom)),
            ("left", inset.left, Rect(x: b.x, y: b.y, width: inset.left, height: b.height)),
            ("right", inset.right, Rect(x: b.maxX - inset.right, y: b.y, width: inset.right, height: b.height)),
        ]
        for (edge, length, r) in bands where length > 0 && length.isFinite {
            output.write(
                "  <rect class=\"safe-area\" data-edge=\"\(edge)\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" fill=\"#000000\" fill-opacity=\"0.12\" pointer-events=\"none\"><title>safe area, \(edge) \(n(length))</title></rect>\n"
            )
        }
    }

    static func writeViewport(_ b: Rect, unit: Double, to output: inout some TextOutputStream) {
        output.write(
            "  <rect class=\"viewport\" x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" stroke-width=\"\(n(2 * unit))\"/>\n"
        )
    }

    /// The caption in the band above the drawing, shrunk (down to 7 pixels) to fit the width.
    static func writeCaption(_ caption: String, _ geometry: Geometry, to output: inout some TextOutputStream) {
        let unit = geometry.unit, viewBox = geometry.viewBox, margin = geometry.margin
        let room = (viewBox.width - 2 * margin) / unit  // pixels
        let pixels = max(7, min(13, room / (0.55 * Double(max(caption.count, 1)))))
        output.write(
            "  <text class=\"caption\" x=\"\(n(viewBox.x + margin))\" y=\"\(n(viewBox.y + margin + 10 * unit))\" font-size=\"\(n(pixels * unit))\">\(escape(caption))</text>\n"
        )
    }

    /// The frame's corners under `transform`, applied around the frame's centre (anchor point
    /// 0.5, 0.5) with the perspective divide: p' = p · M, then (x/w, y/w).
    package static func projectedCorners(_ frame: Rect, _ transform: Transform3D) -> [Point] {
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

    static func n(_ value: Double) -> String {
        // A whole number is its own rounding (no call to round; ·100 and back is exact here).
        if abs(value) < 1e13, case let whole = Int(value), Double(whole) == value { return String(whole) }
        guard value.isFinite else { return "0" }
        // Beyond ±1e15 a picture holds the limit: ·100 below stays finite.
        let value = OutputGeometry.clamp(value)
        // Two decimals are plenty for a picture and keep large files small.
        return NumberFormatting.format((value * 100).rounded() / 100)
    }

    package static func escape(_ text: String) -> String {
        // Most labels and tooltips need nothing escaped: one pass over the bytes tells. A byte
        // below 0x20 other than \n and \t, or one of &<>", sends the text scalar by scalar (never
        // `Character` by `Character`: "<" followed by a combining mark is one `Character`, not "<").
        let plain = !text.utf8.contains { byte in
            byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22
                || (byte < 0x20 && byte != 0x0A && byte != 0x09)
        }
        if plain { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            // XML 1.0 allows no other control characters, not even as references.
            case _ where scalar.value < 0x20: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
