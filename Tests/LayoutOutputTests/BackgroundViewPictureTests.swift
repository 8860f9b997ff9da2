import Foundation
import LayoutEngine
import LayoutOutput
import TestExpectations
import Testing

@Suite("Pictures: a background view fixed to the viewport")
struct BackgroundViewPictureTests {
    @Test func onlyHashAndSixHexDigitsAreAColour() {
        expectEqual(BackgroundColor.parse("#1b3a5c"), "#1b3a5c")
        expectEqual(BackgroundColor.parse("#1B3A5C"), "#1B3A5C")
        for bad in ["1b3a5c", "#1b3a5", "#1b3a5c0", "#1g3a5c", "navy", "", "#", "#１b3a5c"] {
            expect(BackgroundColor.parse(bad) == nil, "\(bad)")
        }
    }

    /// The viewport at (0, 50), 200×100: the background is that rectangle, drawn after the
    /// content's own rectangle and before every element (behind them).
    @Test func itIsTheViewportsRectangleBehindTheElements() throws {
        var snapshot = SVGLayoutWriterTests.snapshot
        snapshot.background = "#102030"
        let svg = SVGLayoutWriter.string(snapshot, options: .init(viewportOnly: true))
        let lines = svg.split(separator: "\n").map(String.init)
        let background = try require(lines.firstIndex { $0.contains("class=\"background-view\"") })
        expect(
            lines[background]
                == "  <rect class=\"background-view\" x=\"0\" y=\"50\" width=\"200\" height=\"100\" fill=\"#102030\"/>")
        let content = try require(lines.firstIndex { $0.contains("class=\"content\"") })
        let firstElement = try require(lines.firstIndex { $0.hasPrefix("  <g ") && $0.contains("data-index-path") })
        expect(content < background && background < firstElement)
        // The option (run --background) wins over the snapshot's; without either, nothing.
        let given = SVGLayoutWriter.string(snapshot, options: .init(background: "#ffeedd"))
        expect(given.contains("fill=\"#ffeedd\"") && !given.contains("#102030"))
        expect(!SVGLayoutWriter.string(SVGLayoutWriterTests.snapshot).contains("background-view"))
    }
}
