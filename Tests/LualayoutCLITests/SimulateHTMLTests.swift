import Foundation
import TestExpectations
import Testing

/// `simulate --format html`: the page lists every step and draws each one.
@Suite("simulate --format html")
struct SimulateHTMLTests {
    static func count(_ text: some StringProtocol, _ needle: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The springboard scenario has 22 events (8 taps, 2 long presses, 3 flings, 9 steps of
    /// moving icons; see Examples/springboard.test.lua), so 23 steps with the start; two of them
    /// (the taps on icon 2's delete button, steps 3 and 17) are animated updates, embedded as
    /// update's pages.
    @Test func theSpringboardTimelineShowsEveryStep() throws {
        let output = NSTemporaryDirectory() + "lualayout-timeline-\(UUID().uuidString).html"
        let result = lualayout(
            try SimulateCommandTests.arguments(forScenario: "Examples/springboard.test.lua")
                + ["--format", "html", "-o", output])
        expectEqual(result.status, 0, "\(result.err)")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        expectEqual(Self.count(page, "<li data-step="), 23)
        expectEqual(Self.count(page, "<section class=\"picture\""), 23)
        expectEqual(Self.count(page, "<iframe class=\"update\""), 2)
        expectContains(page, "<p id=\"result\" class=\"passed\">passed · ")
        let sections = page.components(separatedBy: "<section class=\"picture\"").dropFirst()
        // Step 1: the tap on icon 6 selects it (the picture marks it); no icon jiggles, no delete
        // button shows.
        let step1 = Array(sections)[1]
        expect(step1.hasPrefix(" data-step=\"1\" data-selected=\"0,6\" data-highlighted=\"\""))
        expectEqual(Self.count(step1, "class=\"cell is-selected\""), 1)
        expect(Self.count(step1, "class=\"loop\"") == 0 && Self.count(step1, "class=\"part\"") == 0)
        // Step 2: the long press turns deletion mode on: the 20 icons of the first page jiggle
        // and show their delete buttons.
        let step2 = Array(sections)[2]
        expectEqual(Self.count(step2, "class=\"loop\""), 20)
        expectEqual(Self.count(step2, "<ellipse class=\"part\" data-part=\"deleteButton\""), 20)
        expectEqual(Self.count(step2, "<path class=\"part\" data-part=\"deleteCross\""), 20)
        expectContains(step2, "@keyframes ll-rotation-m2-6")
        expectContains(page, "<li data-step=\"2\"><b>#2</b> line 35 · longPress at 104,104")
        expect(page.contains("state deletionMode: false → true") || page.contains("state deletionMode: nil → true"))
        // Step 3 embeds the delete's update page (escaped into srcdoc).
        expect(Array(sections)[3].contains("srcdoc=\"&lt;!DOCTYPE html&gt;"))
        // The controller's wallpaper (backgroundView) is the viewport's rectangle in every
        // picture: at the top left before the fling to the second page, at 768 after it
        // (x = the content offset; the iPad's 768×1024 viewport).
        expectEqual(Self.count(page, "<rect class=\"background-view\""), 23)
        expect(
            step1.contains(
                "<rect class=\"background-view\" x=\"0\" y=\"0\" width=\"768\" height=\"1024\" fill=\"#1b3a5c\"/>"))
        expect(
            page.contains(
                "<rect class=\"background-view\" x=\"768\" y=\"0\" width=\"768\" height=\"1024\" fill=\"#1b3a5c\"/>"))
    }
}
