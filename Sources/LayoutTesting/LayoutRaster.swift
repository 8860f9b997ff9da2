import LayoutEngine
import LayoutOutput

/// The visible layout as RGBA pixels: the viewport (bounds) at the test's scale on white, each
/// element filled in its category's color (the colors of `run --format svg`), or the colour its
/// state calls for (`ElementPaint`), with its alpha, drawn as it is transformed (the projected
/// quad), in zIndex order, with a one-pixel border (green on a selected cell), then its parts
/// in their shapes and the refresh control's placeholder while it refreshes. Labels are not
/// drawn (text would tie the pixels to a font).
package struct LayoutRaster: Equatable {
    package var width: Int
    package var height: Int
    /// width × height × 4 bytes, rows top to bottom.
    package var pixels: [UInt8]

    /// Images larger than this a side are refused (a 16384-pixel side is 1 GB of RGBA).
    package static let maximumSide = 8192

    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package enum RenderError: Error, CustomStringConvertible {
        case tooLarge(Int, Int)
        package var description: String {
            switch self {
            case .tooLarge(let w, let h):
                "the image would be \(w)×\(h) pixels, more than \(LayoutRaster.maximumSide) a side (use a smaller --bounds or --scale)"
            }
        }
    }

    package static func render(_ snapshot: LayoutSnapshot, scale: Double) throws(RenderError) -> LayoutRaster {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let bounds = snapshot.bounds
        let w = Int((bounds.width * scale).rounded()), h = Int((bounds.height * scale).rounded())
        guard w <= maximumSide, h <= maximumSide else { throw .tooLarge(w, h) }
        var raster = LayoutRaster(
            width: max(0, w), height: max(0, h), pixels: [UInt8](repeating: 255, count: max(0, w) * max(0, h) * 4))
        let ordered = snapshot.elements.enumerated().sorted {
            $0.element.zIndex != $1.element.zIndex ? $0.element.zIndex < $1.element.zIndex : $0.offset < $1.offset
        }
        let place = { (p: Point) in Point(x: (p.x - bounds.x) * scale, y: (p.y - bounds.y) * scale) }
        for (_, element) in ordered where !element.hidden && element.alpha > 0 && element.frame.isFinite {
            let corners = SVGLayoutWriter.projectedCorners(element.frame, element.transform3D).map(place)
            guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            let (fill, stroke) = colors(element, state: ElementPaint.state(of: element, in: snapshot))
            let alpha = min(1, element.alpha)
            raster.fill(quad: corners, fill: fill, stroke: stroke, alpha: alpha)
            for part in ElementPaint.parts(of: element) { raster.draw(part, scale: scale, place: place, alpha: alpha) }
        }
        if let band = snapshot.refreshControl { raster.drawRefreshPlaceholder(band, scale: scale, place: place) }
        return raster
    }

    typealias RGB = (UInt8, UInt8, UInt8)

    /// Fill and border colors: cells blue, supplementary views orange, decorations gray; a
    /// cell's state colour (`ElementPaint`) or the simulator's highlight, and a green border on
    /// a selected cell, as the SVG pictures draw them.
    static func colors(_ a: LayoutAttributes, state: ElementPaint.State) -> (fill: RGB, stroke: RGB) {
        var (fill, stroke): (RGB, RGB) =
            switch a.category {
            case .cell: ((0x4f, 0x8e, 0xf7), (0x1f, 0x4f, 0xa8))
            case .supplementary: ((0xf5, 0xa6, 0x23), (0xa8, 0x6a, 0x00))
            case .decoration: ((0xc8, 0xc8, 0xc8), (0x7a, 0x7a, 0x7a))
            }
        if state == .highlighted { fill = (0x1f, 0x4f, 0xa8) }
        if state == .selected { stroke = (0x0a, 0x7d, 0x34) }
        if let own = ElementPaint.fill(of: a, state: state).flatMap(rgb) { fill = own }
        return (fill, stroke)
    }

    /// `#RRGGBB` as three bytes.
    static func rgb(_ hex: String) -> RGB? {
        guard hex.utf8.count == 7, let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return (UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    }

    /// Fills the convex quad (pixel centers inside it), the pixels within one pixel of an edge
    /// in the border color, each blended over what is there with `alpha`.
    private mutating func fill(
        quad: [Point], fill: (UInt8, UInt8, UInt8), stroke: (UInt8, UInt8, UInt8), alpha: Double
    ) {
        let xs = quad.map(\.x), ys = quad.map(\.y)
        let minX = max(0, Int(xs.min()!.rounded(.down))), maxX = min(width - 1, Int(xs.max()!.rounded(.up)))
        let minY = max(0, Int(ys.min()!.rounded(.down))), maxY = min(height - 1, Int(ys.max()!.rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        // The quad's orientation, so "inside" is on the same side of every edge.
        var area = 0.0
        for i in 0..<4 {
            let a = quad[i], b = quad[(i + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0 else { return }
        let sign = area > 0 ? 1.0 : -1.0
        let edges = (0..<4).map { i -> (Point, Double, Double, Double) in
            let a = quad[i], b = quad[(i + 1) % 4]
            let length = max(1e-12, ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
            return (a, (b.x - a.x) / length, (b.y - a.y) / length, length)
        }
        for y in minY...maxY {
            for x in minX...maxX {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                var nearest = Double.infinity
                var inside = true
                for (a, dx, dy, _) in edges {
                    // Signed distance from the edge, positive inside.
                    let distance = sign * (dx * (py - a.y) - dy * (px - a.x))
                    if distance < 0 {
                        inside = false
                        break
                    }
                    nearest = min(nearest, distance)
                }
                guard inside else { continue }
                blend(x, y, nearest < 1 ? stroke : fill, alpha)
            }
        }
    }

    mutating func blend(_ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8), _ alpha: Double) {
        let index = (y * width + x) * 4
        func mix(_ under: UInt8, _ over: UInt8) -> UInt8 {
            UInt8((Double(over) * alpha + Double(under) * (1 - alpha)).rounded())
        }
        pixels[index] = mix(pixels[index], color.0)
        pixels[index + 1] = mix(pixels[index + 1], color.1)
        pixels[index + 2] = mix(pixels[index + 2], color.2)
        pixels[index + 3] = 255
    }

    /// The pixels that differ from `other` (same size): how many, and a picture of `self`
    /// faded to a fifth with each differing pixel in red.
    package func difference(from other: LayoutRaster) -> (count: Int, picture: LayoutRaster)? {
        guard width == other.width, height == other.height else { return nil }
        var picture = self
        var count = 0
        for pixel in 0..<(width * height) {
            let i = pixel * 4
            if pixels[i..<i + 4] != other.pixels[i..<i + 4] {
                count += 1
                picture.pixels.replaceSubrange(i..<i + 4, with: [255, 0, 0, 255])
            } else {
                for channel in 0..<3 {
                    picture.pixels[i + channel] = UInt8(255 - (255 - Int(other.pixels[i + channel])) / 5)
                }
                picture.pixels[i + 3] = 255
            }
        }
        return (count, picture)
    }
}
