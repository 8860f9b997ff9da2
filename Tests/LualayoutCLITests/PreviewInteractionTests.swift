import Foundation
import TestExpectations
import Testing
import TestSupport

/// Debian's Python (where python3-selenium installs), else the first python3 on the PATH.
let seleniumPython: String? = {
    let candidates =
        ["/usr/bin/python3"]
        + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map { $0 + "/python3" }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()
let chromedriverPath: String? = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// The interactive preview and the timeline page in a real browser, clicked and dragged with
/// Selenium's pointer actions (Scripts/preview-interaction-test.py; its checks are derived
/// there). Skipped without Chromium, chromedriver or Selenium; every step has a time limit.
@Suite(
    "Interactive preview in Chromium", .serialized,
    .enabled(
        if: chromiumPath != nil && chromedriverPath != nil && seleniumPython != nil,
        "Chromium, chromedriver or python3 is missing"))
struct PreviewInteractionTests {
    /// Runs the script (killed after `seconds`); nil when Selenium cannot run here (exit 77).
    private func runBrowserScript(
        _ arguments: [String], seconds: Double = 150
    ) throws -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: seleniumPython!)
        process.arguments = [repositoryRoot + "/Scripts/preview-interaction-test.py"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let collected = Collector()
        output.fileHandleForReading.readabilityHandler = { handle in
            collected.append(String(decoding: handle.availableData, as: UTF8.self))
        }
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            Thread.sleep(forTimeInterval: 1)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let text = collected.text + String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if process.terminationStatus == 77 { return nil }
        return (process.terminationStatus, text)
    }

    /// The springboard with its controller and named icons: long press → delete buttons; click a
    /// delete button → 39 icons; long press and drag moves an icon (Escape puts one back); a
    /// drag flings to a page; the wheel scrolls 400 back; the URL keeps the
    /// offset and a new page at that URL starts there with a session of its own. (No idle
    /// stop: on a busy machine the browser takes minutes.)
    @Test func longPressDeleteDragAndWheelInThePreview() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/springboard.lua",
            arguments: [
                "--controller", repositoryRoot + "/Examples/springboard-controller.lua", "--bounds", "768x1024",
                "--data", repositoryRoot + "/Examples/springboard-apps.json",
                "--idle-timeout", "600",
            ])
        try require(preview.port > 0, "the preview did not start: \(preview.errors.text)")
        guard let result = try runBrowserScript(["preview", "http://127.0.0.1:\(preview.port)/"]) else {
            print("skipped: Selenium or chromedriver cannot run here")
            return
        }
        expectEqual(result.status, 0, "\(result.output)")
        expectContains(result.output, "all passed", "\(result.output)")
    }

    /// The guide's pinch (Examples/pinch-controller.lua, with a didDoubleTap added): Ctrl +
    /// wheel and Shift + drag pinch an item while they last; a double click is one double tap.
    @Test func pinchesAndDoubleClicksInThePreview() throws {
        let example = try String(
            contentsOfFile: repositoryRoot + "/Examples/pinch-controller.lua", encoding: .utf8)
        let controller = try temporaryFile(
            "pinch-and-double-tap.lua",
            "local controller = (function()\n\(example)\nend)()\n"
                + "controller.didDoubleTap = function(view, section, item) view:setState(\"doubleTapped\", item) end\n"
                + "return controller\n")
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/pinch.lua",
            arguments: ["--controller", controller, "--bounds", "320x480", "--items", "12", "--idle-timeout", "600"])
        try require(preview.port > 0, "the preview did not start: \(preview.errors.text)")
        guard let result = try runBrowserScript(["gestures", "http://127.0.0.1:\(preview.port)/"]) else {
            print("skipped: Selenium or chromedriver cannot run here")
            return
        }
        expectEqual(result.status, 0, "\(result.output)")
        expectContains(result.output, "all passed", "\(result.output)")
    }

    /// The guide's edit menu: right click or long press shows the actions as buttons; copy,
    /// then paste, inserts a row; a click elsewhere closes the menu.
    @Test func theEditMenuInThePreview() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/cell-menu.lua",
            arguments: [
                "--controller", repositoryRoot + "/Examples/cell-menu-controller.lua", "--bounds", "320x480",
                "--data", repositoryRoot + "/Examples/cell-menu.json", "--idle-timeout", "600",
            ])
        try require(preview.port > 0, "the preview did not start: \(preview.errors.text)")
        guard let result = try runBrowserScript(["menu", "http://127.0.0.1:\(preview.port)/"]) else {
            print("skipped: Selenium or chromedriver cannot run here")
            return
        }
        expectEqual(result.status, 0, "\(result.output)")
        expectContains(result.output, "all passed", "\(result.output)")
    }

    /// The cookbook's pull to refresh: the pull rubber-bands, the release refreshes, and a
    /// second later (real time) the controller's timer appends a row.
    @Test func pullToRefreshInThePreview() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/table.lua",
            arguments: [
                "--controller", repositoryRoot + "/Examples/refresh-controller.lua", "--bounds", "320x480", "--items",
                "5",
                "--idle-timeout", "600",
            ])
        try require(preview.port > 0, "the preview did not start: \(preview.errors.text)")
        guard let result = try runBrowserScript(["refresh", "http://127.0.0.1:\(preview.port)/"]) else {
            print("skipped: Selenium or chromedriver cannot run here")
            return
        }
        expectEqual(result.status, 0, "\(result.output)")
        expectContains(result.output, "all passed", "\(result.output)")
    }

    /// The App Store page: a drag across the featured cards scrolls that orthogonal section,
    /// which settles with a card centred, and the page stays at 0,0.
    @Test func aDragScrollsTheFeaturedCarousel() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/compositional/app-store.lua",
            arguments: ["--bounds", "375x667", "--sections", "5,12,10", "--idle-timeout", "600"])
        try require(preview.port > 0, "the preview did not start: \(preview.errors.text)")
        guard let result = try runBrowserScript(["carousel", "http://127.0.0.1:\(preview.port)/"]) else {
            print("skipped: Selenium or chromedriver cannot run here")
            return
        }
        expectEqual(result.status, 0, "\(result.output)")
        expectContains(result.output, "all passed", "\(result.output)")
    }

    /// The timeline page: Next/Prev step through it, the jiggle plays, selection is marked.
    @Test func theTimelinePageStepsAndPlays() throws {
        let page = NSTemporaryDirectory() + "lualayout-timeline-\(UUID().uuidString).html"
        let simulate = lualayout(
            try SimulateCommandTests.arguments(forScenario: "Examples/springboard.test.lua")
                + ["--format", "html", "-o", page])
        expectEqual(simulate.status, 0, "\(simulate.err)")
        guard let result = try runBrowserScript(["timeline", page]) else {
            print("skipped: Selenium or chromedriver cannot run here")
            return
        }
        expectEqual(result.status, 0, "\(result.output)")
        expectContains(result.output, "all passed", "\(result.output)")
    }
}
