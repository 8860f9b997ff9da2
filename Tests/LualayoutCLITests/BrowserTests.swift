import Foundation
import TestExpectations
import Testing

/// The update page in a real browser: headless Chromium (installed by Scripts/test on Debian)
/// loads the page frozen at a progress and the test counts the boxes it shows.
let chromiumPath: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Update page in Chromium", .serialized, .enabled(if: chromiumPath != nil, "Chromium is not installed"))
struct BrowserTests {
    /// The DOM after the page's script ran, with the page frozen at `progress`.
    private func dom(of page: String, at progress: Double) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromiumPath!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://\(page)?t=\(progress)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private func visibleBoxes(_ dom: String) -> Int {
        dom.components(separatedBy: "data-visible=\"1\"").count - 1
    }

    /// Fly-in, 4 items, insert 0:1 and delete 0:3: at t = 0 the four old items show and the
    /// inserted one is transparent; at t = 1 the deleted one is gone and four items show.
    @Test func rendersTheRightElementsAtStartAndEnd() throws {
        let page = NSTemporaryDirectory() + "lualayout-update-\(UUID().uuidString).html"
        let result = lualayout(
            "update", "Examples/fly-in.lua", "--items", "4", "--insert", "0:1", "--delete", "0:3",
            "--format", "html", "-o", page)
        expectEqual(result.status, 0, "\(result.err)")
        let start = try dom(of: page, at: 0)
        expectContains(start, "t = 0.00")
        expectEqual(start.components(separatedBy: "<g class=\"cell\"").count - 1, 5)
        expectEqual(visibleBoxes(start), 4)
        let end = try dom(of: page, at: 1)
        expectContains(end, "t = 1.00")
        expectEqual(visibleBoxes(end), 4)
        let half = try dom(of: page, at: 0.5)
        expectEqual(visibleBoxes(half), 5)
    }

    /// The transition page of a custom transition plays the bent path: cookbook-flow to table,
    /// 2 items, 320 × 480, bent by Examples/bent-transition.lua. Half way the straight line puts
    /// cell 0 at (10, 25, 200, 82) (TransitionCommandTests); the arc lifts it by
    /// 80 · sin(π / 2) = 80, so the page draws it at y 25 − 80 = −55; at t = 0 it is where
    /// cookbook-flow puts it, (20, 10, 80, 120).
    @Test func theBentTransitionPageDrawsTheArc() throws {
        let page = NSTemporaryDirectory() + "lualayout-transition-\(UUID().uuidString).html"
        let result = lualayout(
            "transition", "Examples/cookbook-flow.lua", "Examples/table.lua", "--items", "2", "--bounds", "320x480",
            "--with", "Examples/bent-transition.lua", "--format", "html", "-o", page)
        expectEqual(result.status, 0, "\(result.err)")
        let half = try dom(of: page, at: 0.5)
        expectContains(half, "t = 0.50")
        #expect(half.contains(#"x="10" y="-55" width="200" height="82""#))
        let start = try dom(of: page, at: 0)
        #expect(start.contains(#"x="20" y="10" width="80" height="120""#))
    }

    /// A backdrop decoration at zIndex −1 under two cells: the page draws it (first, under the
    /// cells) at the start, half way and at the end of inserting a third cell.
    @Test func negativeZIndexDecorationsStayVisible() throws {
        let script = try temporaryFile(
            "backdrop.lua",
            """
            return { prepare = function(cv, out)
              out:decoration("backdrop", 0, 0, 0, 0, 320, 100, { zIndex = -1 })
              for item = 0, cv:numberOfItems(0) - 1 do out:cell(0, item, item * 110, 0, 100, 100) end
              out:contentSize(320, 100)
            end }
            """)
        let page = NSTemporaryDirectory() + "lualayout-update-\(UUID().uuidString).html"
        let result = lualayout(
            "update", script, "--items", "2", "--insert", "0:2", "--bounds", "320x480", "--format", "html", "-o", page)
        expectEqual(result.status, 0, "\(result.err)")
        for progress in [0, 0.5, 1] {
            let dom = try dom(of: page, at: progress)
            let layer = try require(dom.range(of: "<g id=\"elements\"")).upperBound
            let first = try require(dom[layer...].range(of: "<g ")).lowerBound
            let group = dom[first...].prefix { $0 != ">" }
            expect(
                group.contains("data-kind=\"backdrop\"") && group.contains("data-visible=\"1\""),
                "t = \(progress): \(group)")
        }
    }
}
