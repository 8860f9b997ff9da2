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
