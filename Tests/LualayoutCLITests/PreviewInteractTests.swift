import Foundation
import Testing

/// `GET /interact?log=…` without a browser: the gestures replayed by the live worker, bad logs
/// refused, and a controller stuck inside one library call costing only its worker.
@Suite("Preview interactions (server)", .serialized)
struct PreviewInteractTests {
    static let springboard = repositoryRoot + "/Examples/springboard.lua"
    static let controller = repositoryRoot + "/Examples/springboard-controller.lua"

    func json(_ text: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text.prefix(200))")
    }

    /// Icons are 144×144 at x = 32 + 192·column, y = 32 + 204·row, item = 5·column + row
    /// (SpringboardExampleTests). A tap at (296, 308) is icon 6 (column 1, row 1); a long press
    /// at (104, 104) is icon 0 and turns deletion mode on; then a tap at (52, 460) is on icon
    /// 2's delete button (9…45 inside the icon at 32, 440): 39 icons are left. A scroll to 400
    /// first puts the viewport at x 400: a tap at (104, 104) is content x 504, column 2 (416…560),
    /// icon 10.
    @Test func gesturesAreReplayedWithTheController() throws {
        let preview = try PreviewTests.Preview(
            script: Self.springboard,
            arguments: ["--controller", Self.controller, "--bounds", "768x1024", "--items", "40"])
        try #require(preview.port > 0, "\(preview.errors.text)")
        let tapped = try json(try preview.get("/interact?log=t:296,308"))
        #expect(tapped["selected"] as? [[Int]] == [[0, 6]])
        #expect(tapped["total"] as? Int == 40)
        #expect((tapped["calls"] as? [String])?.contains("shouldSelectItem[0, 6]") == true)
        let deleting = try json(try preview.get("/interact?log=t:296,308;l:104,104;t:52,460"))
        #expect(deleting["state"] as? [String: Bool] == ["deletionMode": true])
        #expect(deleting["total"] as? Int == 39)
        // The selection follows icon 6, now icon 5; the picture shows 20 delete buttons.
        #expect(deleting["selected"] as? [[Int]] == [[0, 5]])
        let svg = try #require(deleting["svg"] as? String)
        #expect(svg.components(separatedBy: "class=\"part\" data-part=\"deleteButton\"").count - 1 == 20)
        let scrolled = try json(try preview.get("/interact?log=s:400,0;t:104,104"))
        #expect(scrolled["offset"] as? [String: Double] == ["x": 400, "y": 0])
        // What the page shows, rounded as every report is (at most three decimals).
        #expect(scrolled["offsetText"] as? String == "400,0")
        #expect(scrolled["selected"] as? [[Int]] == [[0, 10]])
        // Each request is a session of its own: nothing carried over.
        let fresh = try json(try preview.get("/interact?log="))
        #expect(fresh["selected"] as? [[Int]] == [])
        #expect(fresh["state"] as? [String: Bool] == [:])
    }

    /// One drawing path: the App Store page's featured section (groupPagingCentered) rests
    /// centred in the preview as in `run --format svg`: cards 337 wide at scale 1, the section
    /// at −(375 − 337)/2 = −19, the first card drawn at x 19. A sideways drag across it
    /// (300 → 100) scrolls the section, not the page: released at −19 + 200 = 181, it settles
    /// on group round((181 + 19) / 347) = 1: −19 + 347 = 328, the second card (prepared at 347)
    /// drawn at 347 − 328 = 19.
    @Test func orthogonalSectionsAreDrawnAndDraggedAsRunDrawsThem() throws {
        let script = repositoryRoot + "/Examples/compositional/app-store.lua"
        let options = ["--bounds", "375x667", "--sections", "5,12,10"]
        let preview = try PreviewTests.Preview(script: script, arguments: options)
        try #require(preview.port > 0, "\(preview.errors.text)")
        let start = try json(try preview.get("/interact?log="))
        let svg = try #require(start["svg"] as? String)
        #expect(svg.contains("frame 19,0 337×300</title><rect x=\"19\" y=\"0\""))
        let run = lualayout(["run", script] + options + ["--visible", "--format", "svg"])
        #expect(run.out.contains("frame 19,0 337×300</title><rect x=\"19\" y=\"0\""))
        let dragged = try json(try preview.get("/interact?log=d:300,150,100,150"))
        #expect(dragged["offset"] as? [String: Double] == ["x": 0, "y": 0])
        let moved = try #require(dragged["svg"] as? String)
        #expect(moved.contains("data-index-path=\"0,1\"><title>cell [0, 1]\nframe 19,0 337×300"))
    }

    /// An animated state change (`view:setState(k, v, {duration = 0.2})`) comes with the page
    /// that plays it.
    @Test func animatedStateChangesArePlayed() throws {
        let controller = try temporaryFile(
            "animated.lua",
            """
            return {
              didSelectItem = function(view, section, item)
                view:setState("big", true, {duration = 0.2})
              end,
            }
            """)
        let layout = try temporaryFile(
            "big.lua",
            """
            return flow{ minimumLineSpacing = 10, minimumInteritemSpacing = 10, sectionInset = {10, 10, 10, 10},
              sizeForItem = function(cv, s, i) if cv.state.big then return 150, 100 end return 100, 100 end }
            """)
        let preview = try PreviewTests.Preview(
            script: layout, arguments: ["--controller", controller, "--bounds", "340x480", "--items", "4"])
        try #require(preview.port > 0, "\(preview.errors.text)")
        let tapped = try json(try preview.get("/interact?log=t:60,60"))
        let animations = try #require(tapped["animations"] as? [String])
        #expect(animations.count == 1)
        #expect(animations.first?.contains("state change animated over 0.2 s") == true)
        #expect((try json(try preview.get("/interact?log="))["animations"] as? [String]) == [])
    }

    @Test func badLogsAreRefused() throws {
        let preview = try PreviewTests.Preview(
            script: Self.springboard, arguments: ["--bounds", "768x1024", "--items", "4"])
        try #require(preview.port > 0, "\(preview.errors.text)")
        #expect(try preview.get("/interact?log=t:1") == "log: gesture 1 ('t:1') needs 2 numbers\n")
        #expect(
            try preview.get("/interact?log=t:1,2;x:1,2")
                == "log: gesture 2 has an unknown kind 'x' (t, l, h, d, s or f)\n")
        #expect(try preview.get("/interact?log=t:nan,2") == "log: gesture 1 ('t:nan,2') is not KIND:NUMBERS\n")
        let many = Array(repeating: "s:0,0", count: 1001).joined(separator: ";")
        #expect(try preview.get("/interact?log=" + many) == "log: at most 1000 gestures, got 1001\n")
    }

    /// A controller stuck in one library call (a pathological pattern): the request is answered
    /// with the time limit's error after --timeout (the worker is killed) and the server keeps
    /// answering; later gestures say they wait for the next good save.
    @Test func aHangingControllerCostsOnlyItsWorker() throws {
        let controller = try temporaryFile(
            "stuck.lua",
            """
            return {
              didTapBackground = function(view)
                local _ = string.find(string.rep("a", 40), string.rep("a*", 40) .. "b")
              end,
            }
            """)
        let preview = try PreviewTests.Preview(
            script: Self.springboard,
            arguments: ["--controller", controller, "--bounds", "768x1024", "--items", "4", "--timeout", "2"])
        try #require(preview.port > 0, "\(preview.errors.text)")
        let started = Date()
        // (700, 500) is empty space: only 4 icons, in column 0.
        let answer = try preview.get("/interact?log=t:700,500")
        #expect(
            answer
                == "the preview's gestures on \(Self.springboard) did not finish within 2 s (raise the limit with --timeout)\n"
        )
        #expect(Date().timeIntervalSince(started) < 25)
        let state = try json(try preview.get("/state"))
        #expect(state["version"] as? Int == 1)
        #expect(
            try preview.get("/interact?log=t:104,104").hasPrefix(
                "interactions wait for the next good save: the preview's gestures on "))
    }
}
