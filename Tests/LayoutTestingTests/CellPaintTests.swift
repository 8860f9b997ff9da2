import LayoutEngine
import LayoutOutput
import TestExpectations
import Testing

@testable import LayoutTesting

/// What every picture paints from a cell's attributes and state (issue 34 items 2, 4 and 6):
/// state colours, parts in their shapes and colours, and the refresh control while it
/// refreshes — in the SVG (run, simulate's HTML, the preview) and in the PNG of image
/// snapshots alike. Scale 1, so a point is a pixel; the raster paints a pixel when its centre
/// (x + 0.5, y + 0.5) is inside a shape, and a box's pixels within one pixel of its edge in the
/// border colour.
@Suite("Pictures: cell colours for state, parts, the refresh control")
struct CellPaintTests {
    static let colours: [String: LayoutValue] = [
        "backgroundColor": .string("#102030"), "selectedBackgroundColor": .string("#a00000"),
        "highlightedBackgroundColor": .string("#0000b0"),
    ]

    /// Three 100-point cells in a row, with the guide's three colours: [0, 0] normal, [0, 1]
    /// selected, [0, 2] selected and highlighted (the highlight wins: the content view is above
    /// the selected background); [0, 3] below has no colours and is highlighted.
    static var states: LayoutSnapshot {
        var snapshot = LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 300, height: 200), contentSize: Size(width: 300, height: 200),
            elements: (0..<3).map {
                LayoutAttributes(
                    key: .cell(0, $0), frame: Rect(x: Double($0) * 100, y: 0, width: 100, height: 100),
                    custom: colours)
            } + [LayoutAttributes(key: .cell(0, 3), frame: Rect(x: 0, y: 100, width: 100, height: 100))])
        snapshot.selected = [LayoutIndexPath(0, 1), LayoutIndexPath(0, 2)]
        snapshot.highlighted = [LayoutIndexPath(0, 2), LayoutIndexPath(0, 3)]
        return snapshot
    }

    static func pixel(_ raster: LayoutRaster, _ x: Int, _ y: Int) -> UInt32 {
        let i = (y * raster.width + x) * 4
        return UInt32(raster.pixels[i]) << 16 | UInt32(raster.pixels[i + 1]) << 8 | UInt32(raster.pixels[i + 2])
    }

    @Test func eachStateHasItsColourInTheSVG() {
        let svg = SVGLayoutWriter.string(Self.states)
        #expect(svg.contains(##"<rect x="0" y="0" width="100" height="100" style="fill: #102030"/>"##))
        #expect(svg.contains(##"class="cell is-selected""##))
        #expect(svg.contains(##"<rect x="100" y="0" width="100" height="100" style="fill: #a00000"/>"##))
        #expect(svg.contains(##"<rect x="200" y="0" width="100" height="100" style="fill: #0000b0"/>"##))
        // A cell without colours keeps the simulator's highlight mark (the page's rule).
        #expect(svg.components(separatedBy: ##"class="cell is-highlighted""##).count - 1 == 2)
        #expect(svg.contains(##"<rect x="0" y="100" width="100" height="100"/>"##))
        expectContains(svg, "g.is-highlighted rect:not(.part), g.is-highlighted polygon { fill: #1f4fa8; }")
        // Without states (`run`) neither marks nor their rules are written.
        var plain = Self.states
        plain.selected = []
        plain.highlighted = []
        expect(!SVGLayoutWriter.string(plain).contains("is-selected"))
    }

    @Test func eachStateHasItsColourInThePNG() throws {
        let raster = try LayoutRaster.render(Self.states, scale: 1)
        expectEqual(Self.pixel(raster, 50, 50), 0x102030)
        expectEqual(Self.pixel(raster, 150, 50), 0xa00000)
        expectEqual(Self.pixel(raster, 250, 50), 0x0000b0)
        expectEqual(Self.pixel(raster, 50, 150), 0x1f4fa8, "the simulator's highlight on a cell without colours")
        // A selected cell's border is green: pixel 100 is inside [0, 1]'s box, 0.5 from its edge.
        expectEqual(Self.pixel(raster, 100, 50), 0x0a7d34)
        expectEqual(Self.pixel(raster, 0, 50), 0x1f4fa8, "an unselected cell's border stays")
    }

    /// One 100-point cell with a green circle (10, 10, 40, 40), a white cross (50, 50, 40, 40)
    /// over the red default and a rounded tag (0, 60, 100, 40): radius min(100, 40) / 4 = 10.
    static var parts: LayoutSnapshot {
        let custom: [String: LayoutValue] = [
            "badgeFrame": .array([10, 10, 40, 40].map(LayoutValue.number)), "badgeShape": .string("circle"),
            "badgeColor": .string("#00ff00"), "closeFrame": .array([50, 50, 40, 40].map(LayoutValue.number)),
            "closeShape": .string("cross"), "tagFrame": .array([0, 60, 100, 40].map(LayoutValue.number)),
            "tagShape": .string("rounded"), "tagColor": .string("#123456"),
            "goneFrame": .array([0, 0, 100, 100].map(LayoutValue.number)), "goneHidden": .bool(true),
        ]
        return LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), contentSize: Size(width: 100, height: 100),
            elements: [
                LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 100), custom: custom)
            ])
    }

    @Test func partsAreDrawnInTheirShapesInTheSVG() {
        let svg = SVGLayoutWriter.string(Self.parts)
        #expect(
            svg.contains(
                ##"<ellipse class="part" data-part="badge" cx="30" cy="30" rx="20" ry="20" fill="#00ff00" stroke="#ffffff"/>"##
            ))
        #expect(
            svg.contains(
                ##"<path class="part" data-part="close" d="M50 50L90 90M90 50L50 90" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>"##
            ))
        #expect(
            svg.contains(
                ##"<rect class="part" data-part="tag" x="0" y="60" width="100" height="40" rx="10" fill="#123456" stroke="#ffffff"/>"##
            ))
        #expect(!svg.contains(#"data-part="gone""#))
    }

    @Test func partsAreDrawnInTheirShapesInThePNG() throws {
        let raster = try LayoutRaster.render(Self.parts, scale: 1)
        let cell: UInt32 = 0x4f8ef7
        expectEqual(Self.pixel(raster, 30, 30), 0x00ff00, "the circle's centre")
        expectEqual(Self.pixel(raster, 12, 12), cell, "inside the circle's box, outside the circle")
        // The cross: 5 wide, so within 2.5 of a diagonal. (52.5, 52.5) is on one, (87.5, 52.5)
        // on the other (x + y = 140); (70.5, 52.5) is 18 / √2 ≈ 12.7 from both. Below y = 60
        // the tag, drawn after it (parts go in name order), covers it.
        expectEqual(Self.pixel(raster, 52, 52), 0xffffff)
        expectEqual(Self.pixel(raster, 87, 52), 0xffffff)
        expectEqual(Self.pixel(raster, 70, 70), 0x123456)
        expectEqual(Self.pixel(raster, 70, 52), cell)
        // The tag's corner: (2.5, 62.5) is 7.5 from both edges, √112.5 > 10 from the corner
        // circle's centre (10, 70): outside; (5.5, 65.5) is inside.
        expectEqual(Self.pixel(raster, 2, 62), cell)
        expectEqual(Self.pixel(raster, 5, 65), 0x123456)
    }

    /// Refreshing: the content rests 60 points down (offset −60); the band is y −60…0 above the
    /// content, its centre (150, −30) at pixel (150, 30).
    @Test func theRefreshControlIsDrawnWhileRefreshing() throws {
        var snapshot = LayoutSnapshot(
            bounds: Rect(x: 0, y: -60, width: 300, height: 160), contentSize: Size(width: 300, height: 100),
            elements: [LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 300, height: 100))])
        expect(!SVGLayoutWriter.string(snapshot).contains("refresh-control"))
        snapshot.refreshControl = Rect(x: 0, y: -60, width: 300, height: 60)
        let svg = SVGLayoutWriter.string(snapshot, options: .init(viewportOnly: true))
        #expect(svg.contains(##"<g class="refresh-control" data-band="0,-60,300,60""##))
        // Twelve spokes from 5 to 10 points out; the first straight up: (150, −35) to (150, −40).
        expectEqual(svg.components(separatedBy: "<line ").count - 1, 12)
        #expect(svg.contains(##"<line x1="150" y1="-35" x2="150" y2="-40" opacity="1"/>"##))
        let raster = try LayoutRaster.render(snapshot, scale: 1)
        expectEqual(Self.pixel(raster, 157, 30), 0x8e8e93, "the placeholder ring, 7.5 points from the centre")
        expectEqual(Self.pixel(raster, 150, 30), 0xffffff, "its hole")
        expectEqual(Self.pixel(raster, 150, 45), 0xffffff, "outside the ring")
    }
}
