import Foundation
import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("SVG pictures")
struct SVGLayoutWriterTests {
    static let snapshot = LayoutSnapshot(
        bounds: Rect(x: 0, y: 50, width: 200, height: 100),
        contentSize: Size(width: 200, height: 300),
        elements: [
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 10, y: 10, width: 80, height: 80)),
            LayoutAttributes(
                key: .cell(0, 1), frame: Rect(x: 110, y: 10, width: 80, height: 80), alpha: 0.5, zIndex: 2),
            LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 10, y: 110, width: 80, height: 80), hidden: true),
            LayoutAttributes(
                key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 0, width: 200, height: 10), zIndex: 10),
            LayoutAttributes(
                key: .decoration("shelf", 0, 0), frame: Rect(x: 0, y: 90, width: 200, height: 20), zIndex: -1),
        ])

    @Test func drawsEveryVisibleElementInZIndexOrder() throws {
        let svg = SVGLayoutWriter.string(Self.snapshot)
        // Well-formed XML.
        expect(XMLParser(data: Data(svg.utf8)).parse())
        let groups = svg.split(separator: "\n").filter { $0.hasPrefix("  <g ") }
        // The hidden cell is not drawn; the rest by zIndex: shelf (−1), cell 0.0 (0), cell 0.1 (2), header (10).
        func attribute(_ name: String, _ line: Substring) -> String? {
            guard let start = line.range(of: name + "=\"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        expect(
            groups.map { attribute("data-kind", $0) ?? attribute("data-index-path", $0)! } == [
                "shelf", "0,0", "0,1", "header",
            ])
        expect(groups[2].contains("opacity=\"0.5\""))
        expectContains(svg, "<rect class=\"viewport\" x=\"0\" y=\"50\" width=\"200\" height=\"100\"")
        expectContains(svg, "content 200×300 · viewport 200×100 at 0,50 · 4 elements · 1 hidden")
    }

    @Test func countsWhatIsNotDrawn() {
        let svg = SVGLayoutWriter.string(Self.snapshot, options: .init(maxElements: 2))
        expectContains(svg, "· 2 elements · 1 hidden · 2 more not drawn")
        var inRect = Self.snapshot
        inRect.totalElements = 1000
        expectContains(SVGLayoutWriter.string(inRect), "· 4 elements · 1 hidden · 995 beyond the rect")
    }

    /// A transform applies around the centre: frame (10, 10, 20, 20) has centre (20, 20); a
    /// 2× scale takes the corner offsets (±10, ±10) to (±20, ±20): corners (0, 0), (40, 0),
    /// (40, 40), (0, 40). A translation (5, 7) moves all four by (5, 7).
    @Test func projectsTransformsAroundTheCentre() {
        let frame = Rect(x: 10, y: 10, width: 20, height: 20)
        expect(
            SVGLayoutWriter.projectedCorners(frame, .scale(x: 2, y: 2, z: 1))
                == [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 40), Point(x: 0, y: 40)])
        expect(
            SVGLayoutWriter.projectedCorners(frame, .translation(x: 5, y: 7, z: 0))
                == [Point(x: 15, y: 17), Point(x: 35, y: 17), Point(x: 35, y: 37), Point(x: 15, y: 37)])
        // Perspective: m34 = −1/500 makes w = 1 for points at z = 0, so a flat element is unchanged.
        var perspective = Transform3D.identity
        perspective.m[11] = -1.0 / 500
        expect(
            SVGLayoutWriter.projectedCorners(frame, perspective)
                == [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30)])
    }

    @Test func escapesText() {
        expectEqual(SVGLayoutWriter.escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;")
    }

    @Test func htmlEmbedsThePicture() {
        var page = ""
        HTMLLayoutWriter.write(Self.snapshot, title: "demo <1>", to: &page)
        expect(page.hasPrefix("<!DOCTYPE html>"))
        expectContains(page, "<title>demo &lt;1&gt; — LuaLayout</title>")
        expectContains(page, "<svg xmlns=\"http://www.w3.org/2000/svg\"")
    }
}
