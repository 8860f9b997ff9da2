import Foundation
import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The picture's size (`--fit`), labels and tooltips. Margins are 16 px, the caption band 28 px.
@Suite("Picture size, labels and tooltips")
struct PictureTests {
    func picture(content: Size, elements: [LayoutAttributes] = [], fit: Double?, label: String? = nil) -> String {
        let snapshot = LayoutSnapshot(
            bounds: Rect(origin: .zero, size: content), contentSize: content, elements: elements)
        return SVGLayoutWriter.string(snapshot, options: .init(width: fit, labelField: label))
    }

    private func size(_ svg: String) -> String {
        let line = svg.split(separator: "\n")[0]
        let start = line.range(of: " width=")!.lowerBound, end = line.range(of: " viewBox=")!.lowerBound
        return String(line[start..<end])
    }

    /// The longer side is the fit, margins and caption included: the drawing's scale is
    /// min((fit − 32) / width, (fit − 60) / height) pixels per point.
    /// Tall 100×400 at 600: min(5.68, 1.35) = 1.35 → 100·1.35 + 32 = 167 wide, 600 high.
    /// Wide 400×100: min(1.42, 5.4) = 1.42 → 600 wide, 100·1.42 + 60 = 202 high.
    /// Square 200×200: min(2.84, 2.7) = 2.7 → 200·2.7 + 32 = 572 wide, 600 high.
    @Test func fitSetsTheLongerSideForEveryAspectRatio() {
        expectEqual(size(picture(content: Size(width: 100, height: 400), fit: 600)), " width=\"167\" height=\"600\"")
        expectEqual(size(picture(content: Size(width: 400, height: 100), fit: 600)), " width=\"600\" height=\"202\"")
        expectEqual(size(picture(content: Size(width: 200, height: 200), fit: 600)), " width=\"572\" height=\"600\"")
        // viewBox of the tall one: margin 16/1.35 = 11.85 points, caption 28/1.35 = 20.74:
        // x −11.85, y −32.59, 123.7 × 444.44 (the picture's 167 × 600 at 1.35 px per point).
        expect(
            picture(content: Size(width: 100, height: 400), fit: 600).contains("viewBox=\"-11.85 -32.59 123.7 444.44\"")
        )
    }

    /// Under 200 pixels the margins and caption shrink in proportion: at 100, margin 8 and
    /// caption 14; 200×200 → min(84/200, 70/200) = 0.35 → 86 × 100.
    @Test func smallFitsShrinkTheMargins() {
        expectEqual(size(picture(content: Size(width: 200, height: 200), fit: 100)), " width=\"86\" height=\"100\"")
    }

    /// No fit: 480 wide at least; 200×300 → (480 − 32) / 200 = 2.24 px per point → 300·2.24 + 60 = 732 high.
    @Test func naturalSizeKeepsItsRules() {
        expectEqual(size(picture(content: Size(width: 200, height: 300), fit: nil)), " width=\"480\" height=\"732\"")
    }

    /// At fit 460 a 200×200 layout is drawn at min(428, 400)/200 = 2 px per point: labels are
    /// 12 px = 6 points, shrunk to fit 0.9 of the width at 0.6 em per character, left out under
    /// 6 px = 3 points.
    @Test func labelsFitTheirBoxOrAreLeftOut() throws {
        let elements = [
            // "[0, 0]": 6 characters in 80 × 80: min(6, 64, 72 / 3.6 = 20) = 6.
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 80, height: 80)),
            // 20 × 20: min(6, 16, 18 / 3.6 = 5) = 5.
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 100, y: 0, width: 20, height: 20)),
            // 10 × 10: 9 / 3.6 = 2.5 < 3: no label.
            LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 130, y: 0, width: 10, height: 10)),
            // "Quarterly planning", 18 characters, 40 wide: 36 / 10.8 = 3.33.
            LayoutAttributes(
                key: .cell(0, 3), frame: Rect(x: 0, y: 100, width: 40, height: 40),
                custom: ["label": .string("Quarterly planning")]),
            // 30 wide: 27 / 10.8 = 2.5 < 3: no label.
            LayoutAttributes(
                key: .cell(0, 4), frame: Rect(x: 50, y: 100, width: 30, height: 40),
                custom: ["label": .string("Quarterly planning")]),
            // 4 high: 0.8 · 4 = 3.2.
            LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 180, width: 200, height: 4)),
        ]
        let svg = picture(content: Size(width: 200, height: 200), elements: elements, fit: 460)
        expectEqual(size(svg), " width=\"432\" height=\"460\"")
        expect(XMLParser(data: Data(svg.utf8)).parse())
        expect(svg.contains(">[0, 0]</text>") && svg.contains("font-size=\"6\">[0, 0]</text>"))
        expectContains(svg, "font-size=\"5\">[0, 1]</text>")
        expect(!svg.contains(">[0, 2]</text>"))
        expectContains(svg, "font-size=\"3.33\">Quarterly planning</text>")
        expectEqual(svg.components(separatedBy: ">Quarterly planning</text>").count - 1, 1)
        expectContains(svg, "font-size=\"3.2\">header [0, 0]</text>")
        // Every element has its tooltip, labelled or not.
        expectEqual(svg.components(separatedBy: "<title>").count - 1, 6)
    }

    /// `--label FIELD` picks a custom field; elements without it fall back to `label`, then to
    /// the index path; numbers are rounded to 3 decimals, strings shown bare.
    @Test func labelFieldChoosesTheText() {
        let a = LayoutAttributes(
            key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 80, height: 80),
            custom: ["title": .string("Standup"), "label": .string("A"), "hours": .number(1.0 / 3)])
        let b = LayoutAttributes(
            key: .cell(0, 1), frame: Rect(x: 0, y: 0, width: 80, height: 80), custom: ["label": .string("B")])
        let c = LayoutAttributes(key: .decoration("shelf", 2, 0), frame: Rect(x: 0, y: 0, width: 80, height: 80))
        expectEqual(ElementDrawing.label(of: a, field: nil), "A")
        expectEqual(ElementDrawing.label(of: a, field: "title"), "Standup")
        expectEqual(ElementDrawing.label(of: a, field: "hours"), "0.333")
        expectEqual(ElementDrawing.label(of: b, field: "title"), "B")
        expectEqual(ElementDrawing.label(of: c, field: "title"), "shelf [2, 0]")
        let svg = picture(content: Size(width: 200, height: 200), elements: [a], fit: 460, label: "title")
        expectContains(svg, ">Standup</text>")
    }

    /// The tooltip: category, kind, index path, frame, then alpha/zIndex/transform when not
    /// the default, then the custom fields by name.
    @Test func tooltipsDescribeTheElement() {
        let cell = LayoutAttributes(
            key: .cell(0, 1), frame: Rect(x: 110, y: 10.25, width: 80, height: 1.0 / 3),
            transform3D: .rotationZ(Double.pi / 6), alpha: 0.5, zIndex: 2,
            custom: ["title": .string("Standup"), "attendees": .array([.number(1), .number(2)])])
        #expect(
            ElementDrawing.tooltip(cell) == """
                cell [0, 1]
                frame 110,10.25 80×0.333
                alpha 0.5
                zIndex 2
                transform rotate 30°
                attendees: [1, 2]
                title: Standup
                """)
        let shelf = LayoutAttributes(
            key: .decoration("shelf", 0, 0), frame: Rect(x: 0, y: 90, width: 200, height: 20), zIndex: -1)
        expectEqual(ElementDrawing.tooltip(shelf), "decoration shelf [0, 0]\nframe 0,90 200×20\nzIndex -1")
        let svg = picture(content: Size(width: 200, height: 200), elements: [shelf], fit: nil)
        expect(
            svg.contains(
                "data-kind=\"shelf\"><title>decoration shelf [0, 0]\nframe 0,90 200×20\nzIndex -1</title><rect "))
    }

    /// Control characters other than tab and newline cannot appear in XML 1.0: replaced.
    @Test func labelsWithControlCharactersStayWellFormed() {
        let a = LayoutAttributes(
            key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 180, height: 80), custom: ["label": .string("a\u{1}b<c>")])
        let svg = picture(content: Size(width: 200, height: 200), elements: [a], fit: 460)
        expectContains(svg, ">a\u{FFFD}b&lt;c&gt;</text>")
        expect(XMLParser(data: Data(svg.utf8)).parse())
    }
}

extension PictureTests {
    /// A transformed element's label fits its drawn shape: a 2× scale of a 20 × 20 cell draws
    /// it 40 × 40, so at 2 px per point "[0, 0]" gets min(6, 32, 36 / 3.6 = 10) = 6 points
    /// (its 20-point frame alone would give 18 / 3.6 = 5).
    @Test func transformedLabelsFitTheDrawnShape() {
        let a = LayoutAttributes(
            key: .cell(0, 0), frame: Rect(x: 50, y: 50, width: 20, height: 20), transform3D: .scale(x: 2, y: 2, z: 1))
        let svg = picture(content: Size(width: 200, height: 200), elements: [a], fit: 460)
        expect(
            svg.contains(
                "<polygon points=\"40,40 80,40 80,80 40,80\"/><text class=\"label\" x=\"60\" y=\"60\" font-size=\"6\">[0, 0]</text>"
            ))
    }
}

extension PictureTests {
    /// The live preview draws only the viewport (0, 100, 200 × 200): a 200 × 40 header at
    /// y = 80 shows its lower 20 points, so its label is centred there (100, 110) and sized to
    /// 20 high: at fit 460 (min(428 / 200, 400 / 200) = 2 px per point) min(6, 16, …) = 6.
    @Test func previewLabelsSitInTheVisiblePart() {
        let snapshot = LayoutSnapshot(
            bounds: Rect(x: 0, y: 100, width: 200, height: 200), contentSize: Size(width: 200, height: 1000),
            elements: [
                LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 80, width: 200, height: 40))
            ])
        let svg = SVGLayoutWriter.string(snapshot, options: .init(width: 460, viewportOnly: true))
        expectContains(svg, "<text class=\"label\" x=\"100\" y=\"110\" font-size=\"6\">header [0, 0]</text>")
    }
}
