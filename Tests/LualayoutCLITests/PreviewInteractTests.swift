import Foundation
import TestExpectations
import Testing

/// `GET /interact?log=…` without a browser: the gestures replayed by the live worker, bad logs
/// refused, and a controller stuck inside one library call costing only its worker.
@Suite("Preview interactions (server)", .serialized)
struct PreviewInteractTests {
    static let springboard = repositoryRoot + "/Examples/springboard.lua"
    static let controller = repositoryRoot + "/Examples/springboard-controller.lua"

    func json(_ text: String) throws -> [String: Any] {
        try require(
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
        try require(preview.port > 0, "\(preview.errors.text)")
        let tapped = try json(try preview.get("/interact?log=t:296,308"))
        expectEqual(tapped["selected"] as? [[Int]], [[0, 6]])
        expectEqual(tapped["total"] as? Int, 40)
        expectEqual((tapped["calls"] as? [String])?.contains("shouldSelectItem[0, 6]"), true)
        // The picture marks the selected icon itself (issue 34.2: through the worker's snapshot).
        let tappedSVG = try require(tapped["svg"] as? String)
        expectEqual(tappedSVG.components(separatedBy: "class=\"cell is-selected\"").count - 1, 1)
        expectContains(tappedSVG, "data-index-path=\"0,6\"")
        let deleting = try json(try preview.get("/interact?log=t:296,308;l:104,104;t:52,460"))
        expectEqual(deleting["state"] as? [String: Bool], ["deletionMode": true])
        expectEqual(deleting["total"] as? Int, 39)
        // The selection follows icon 6, now icon 5; the picture shows 20 delete buttons.
        expectEqual(deleting["selected"] as? [[Int]], [[0, 5]])
        let svg = try require(deleting["svg"] as? String)
        expectEqual(svg.components(separatedBy: "class=\"part\" data-part=\"deleteButton\"").count - 1, 20)
        expectEqual(svg.components(separatedBy: "class=\"part\" data-part=\"deleteCross\"").count - 1, 20)
        let scrolled = try json(try preview.get("/interact?log=s:400,0;t:104,104"))
        expectEqual(scrolled["offset"] as? [String: Double], ["x": 400, "y": 0])
        // What the page shows, rounded as every report is (at most three decimals).
        expectEqual(scrolled["offsetText"] as? String, "400,0")
        expectEqual(scrolled["selected"] as? [[Int]], [[0, 10]])
        // A pan in progress (the page's pending h + v): the finger, down at 600 and now 200
        // points to the left, has scrolled the content by 200; nothing settles on a page
        // until it lifts.
        let panning = try json(try preview.get("/interact?log=h:600,500;v:400,500"))
        expectEqual(panning["offset"] as? [String: Double], ["x": 200, "y": 0])
        // Each request is a session of its own: nothing carried over.
        let fresh = try json(try preview.get("/interact?log="))
        expectEqual(fresh["selected"] as? [[Int]], [])
        expectEqual(fresh["state"] as? [String: Bool], [:])
    }

    /// The preview of a phone (issue 34, items 9 and 17): it starts where UIKit rests the view,
    /// at −adjustedContentInset.top = −59 under the Dynamic Island's safe area (grid.lua's 20
    /// items scroll sideways: its content is 852 − 59 − 34 = 759 high), marks the safe area's
    /// bands (59 at the top, 34 at the bottom of the 393×852 viewport, at y −59 and
    /// −59 + 852 − 34 = 759), and draws the screen at its natural size: 480 pixels wide (the
    /// least; a point is 448 / 393 ≈ 1.14 pixels), not squeezed into 640 pixels of height.
    @Test func aPhonePreviewRestsUnderTheSafeAreaAndMarksIt() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/grid.lua",
            arguments: ["--bounds", "393x852", "--safe-area", "59,0,34,0", "--items", "20"])
        try require(preview.port > 0, "\(preview.errors.text)")
        let rest = try json(try preview.get("/interact?log="))
        expectEqual(rest["offset"] as? [String: Double], ["x": 0, "y": -59])
        let svg = try require(rest["svg"] as? String)
        expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" "))
        expect(
            svg.contains("<rect class=\"safe-area\" data-edge=\"top\" x=\"0\" y=\"-59\" width=\"393\" height=\"59\""))
        expect(
            svg.contains("<rect class=\"safe-area\" data-edge=\"bottom\" x=\"0\" y=\"759\" width=\"393\" height=\"34\"")
        )
        expect(!svg.contains("data-edge=\"left\""))
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
        try require(preview.port > 0, "\(preview.errors.text)")
        let start = try json(try preview.get("/interact?log="))
        let svg = try require(start["svg"] as? String)
        expectContains(svg, "frame 19,0 337×300</title><rect x=\"19\" y=\"0\"")
        let run = lualayout(["run", script] + options + ["--visible", "--format", "svg"])
        expectContains(run.out, "frame 19,0 337×300</title><rect x=\"19\" y=\"0\"")
        let dragged = try json(try preview.get("/interact?log=d:300,150,100,150"))
        expectEqual(dragged["offset"] as? [String: Double], ["x": 0, "y": 0])
        let moved = try require(dragged["svg"] as? String)
        expectContains(moved, "data-index-path=\"0,1\"><title>cell [0, 1]\nframe 19,0 337×300")
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
        try require(preview.port > 0, "\(preview.errors.text)")
        let tapped = try json(try preview.get("/interact?log=t:60,60"))
        let animations = try require(tapped["animations"] as? [String])
        expectEqual(animations.count, 1)
        expectEqual(animations.first?.contains("state change animated over 0.2 s"), true)
        expectEqual((try json(try preview.get("/interact?log="))["animations"] as? [String]), [])
    }

    /// Long press and drag on the springboard, its icons named by Examples/springboard-apps.json
    /// (Mail, Safari, Music, Photos, Camera, Maps, Clock, Weather, …): icon 6 (Clock) is column
    /// 1, row 1 (centre 32 + 192 + 72 = 296, 32 + 204 + 72 = 308); picked up there and held over
    /// icon 0's centre (104, 104), the item drawn there is icon 0, so the target is [0, 0]: the
    /// data is the original with Clock moved to the front (Clock, Mail, Safari, …, Maps, Weather).
    /// Dropped (`e:`), moveItem is told and the order stays; put back (`c:`), the original
    /// order returns. Moving when nothing was picked up does nothing.
    @Test func itemsMoveByLongPressAndDrag() throws {
        let preview = try PreviewTests.Preview(
            script: Self.springboard,
            arguments: [
                "--controller", Self.controller, "--bounds", "768x1024",
                "--data", repositoryRoot + "/Examples/springboard-apps.json",
            ])
        try require(preview.port > 0, "\(preview.errors.text)")
        // The text of the cell's label in the picture.
        let label = { (svg: String, path: String) -> String? in
            guard let group = svg.range(of: "data-index-path=\"\(path)\"") else { return nil }
            let rest = svg[group.upperBound...]
            guard let end = rest.range(of: "</g>"), let text = rest[..<end.lowerBound].range(of: "<text") else {
                return nil
            }
            let tail = rest[text.upperBound..<end.lowerBound]
            guard let open = tail.firstIndex(of: ">"), let close = tail.range(of: "</text>") else { return nil }
            return String(tail[tail.index(after: open)..<close.lowerBound])
        }
        let start = try require(try json(try preview.get("/interact?log="))["svg"] as? String)
        expect(label(start, "0,0") == "Mail" && label(start, "0,6") == "Clock")
        let moving = try json(try preview.get("/interact?log=l:296,308;b:296,308;u:104,104"))
        expectEqual(moving["moving"] as? [Int], [0, 0])
        expectEqual(moving["state"] as? [String: Bool], ["deletionMode": true])
        let during = try require(moving["svg"] as? String)
        expectEqual(label(during, "0,0"), "Clock")
        expectEqual(label(during, "0,1"), "Mail")
        expectEqual(label(during, "0,6"), "Maps")
        expectEqual(label(during, "0,7"), "Weather")
        let dropped = try json(try preview.get("/interact?log=l:296,308;b:296,308;u:104,104;e:"))
        expect(dropped["moving"] is NSNull)
        expectEqual((dropped["calls"] as? [String])?.contains("moveItem[0, 0]"), true)
        let after = try require(dropped["svg"] as? String)
        expect(label(after, "0,0") == "Clock" && label(after, "0,1") == "Mail")
        let cancelled = try json(try preview.get("/interact?log=l:296,308;b:296,308;u:104,104;c:"))
        let back = try require(cancelled["svg"] as? String)
        expect(label(back, "0,0") == "Mail" && label(back, "0,6") == "Clock")
        // Empty space (700, 1000: below the last row, 848 + 144 = 992) picks nothing up.
        let nothing = try json(try preview.get("/interact?log=b:700,1000;u:104,104;e:"))
        expect(nothing["moving"] is NSNull)
        expectEqual(label(try require(nothing["svg"] as? String), "0,0"), "Mail")
    }

    /// The guide's pinch (pinch.lua, 320×480, 12 items: item 4 is 115…205 × 110…200, see
    /// Examples/pinch.test.lua) at (160, 150): in progress (`P`) the controller has seen
    /// "began" and one "changed" to 1.5, so the state holds the item, scale and centre and the
    /// cell is drawn 90 · 1.5 = 135 wide; ended (`p`) the state is cleared. A double tap with
    /// a controller that defines didDoubleTap calls it once and selects nothing; without
    /// one it is two taps (the item is selected).
    @Test func pinchesAndDoubleTaps() throws {
        let pinch = repositoryRoot + "/Examples/pinch.lua"
        let options = ["--bounds", "320x480", "--items", "12"]
        let preview = try PreviewTests.Preview(
            script: pinch, arguments: ["--controller", repositoryRoot + "/Examples/pinch-controller.lua"] + options)
        try require(preview.port > 0, "\(preview.errors.text)")
        let pinching = try json(try preview.get("/interact?log=P:160,150,1.5"))
        // The calls, without the notes on state and prepares that follow them.
        let delegateCalls = { (reply: [String: Any]) in
            (reply["calls"] as? [String] ?? []).filter { $0.hasPrefix("did") }
        }
        expectEqual(delegateCalls(pinching), ["didPinch[0, 4]", "didPinch[0, 4]"])
        let state = try require(pinching["state"] as? [String: Double])
        expectEqual(state, ["pinchedItem": 4, "pinchScale": 1.5, "pinchX": 160, "pinchY": 150])
        // The scaled cell's polygon: centred on (160, 150), ±67.5.
        expectEqual((pinching["svg"] as? String)?.contains("92.5,82.5 227.5,82.5 227.5,217.5 92.5,217.5"), true)
        let pinched = try json(try preview.get("/interact?log=p:160,150,1.5"))
        expectEqual(delegateCalls(pinched), Array(repeating: "didPinch[0, 4]", count: 3))
        expectEqual(pinched["state"] as? [String: Double], [:])
        // Without didDoubleTap: two taps select item 4.
        expectEqual(try json(try preview.get("/interact?log=D:160,150"))["selected"] as? [[Int]], [[0, 4]])

        let controller = try temporaryFile(
            "double.lua",
            "return { didDoubleTap = function(view, section, item) view:setState(\"doubleTapped\", item) end }")
        let doubled = try PreviewTests.Preview(script: pinch, arguments: ["--controller", controller] + options)
        try require(doubled.port > 0, "\(doubled.errors.text)")
        let reply = try json(try doubled.get("/interact?log=D:160,150"))
        expectEqual(delegateCalls(reply), ["didDoubleTap[0, 4]"])
        expectEqual(reply["state"] as? [String: Int], ["doubleTapped": 4])
        expectEqual(reply["selected"] as? [[Int]], [])
    }

    /// The guide's edit menu (Examples/cell-menu.lua: rows 300 × 50 at y = 10 + 60·i, so
    /// (160, 35) is row 0 and (160, 155) row 2; Examples/cell-menu.test.lua derives them). A
    /// long press on row 0 shows copy only (nothing to paste yet); choosing it (`m:0`) closes
    /// the menu and calls performAction; a long press on row 2 then shows copy and paste, and
    /// paste (`m:1`) inserts Apples after row 2: 7 rows.
    @Test func theEditMenuShowsAndChooses() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/cell-menu.lua",
            arguments: [
                "--controller", repositoryRoot + "/Examples/cell-menu-controller.lua", "--bounds", "320x480",
                "--data", repositoryRoot + "/Examples/cell-menu.json",
            ])
        try require(preview.port > 0, "\(preview.errors.text)")
        let shown = try json(try preview.get("/interact?log=l:160,35"))
        let menu = try require(shown["menu"] as? [String: Any])
        expectEqual(menu["indexPath"] as? [Int], [0, 0])
        expectEqual(menu["actions"] as? [String], ["copy"])
        let copied = try json(try preview.get("/interact?log=l:160,35;m:0"))
        expect(copied["menu"] is NSNull)
        expectEqual((copied["calls"] as? [String])?.first, "performAction(copy)[0, 0]")
        let again = try json(try preview.get("/interact?log=l:160,35;m:0;l:160,155"))
        expectEqual((again["menu"] as? [String: Any])?["actions"] as? [String], ["copy", "paste"])
        let pasted = try json(try preview.get("/interact?log=l:160,35;m:0;l:160,155;m:1"))
        expectEqual(pasted["total"] as? Int, 7)
        // A tap elsewhere closes the menu.
        expect(try json(try preview.get("/interact?log=l:160,35;t:160,460"))["menu"] is NSNull)
        expectEqual(try preview.get("/interact?log=l:160,35;m:3"), "the edit menu has no action 4 (it shows 1)\n")
        expect(
            try preview.get("/interact?log=m:0.5")
                == "log: gesture 1 ('m:0.5') needs a whole number ≥ 0 (the action's position)\n")
    }

    /// The cookbook's pull to refresh (Examples/refresh.test.lua derives the numbers): a finger
    /// held 240 points below where it went down has moved the content 480·0.275/1.275 =
    /// 103.5294 points past the top (0.55·240/480 = 0.275); released (`d`), it refreshes and
    /// rests 60 down with the controller's timer due in 1 s; after `w:1` the refresh has ended,
    /// the list is back at the top and a sixth row is there.
    @Test func pullToRefreshAndTimers() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/table.lua",
            arguments: [
                "--controller", repositoryRoot + "/Examples/refresh-controller.lua", "--bounds", "320x480", "--items",
                "5",
            ])
        try require(preview.port > 0, "\(preview.errors.text)")
        let pulling = try json(try preview.get("/interact?log=h:160,100;v:160,340"))
        let y = try require((pulling["offset"] as? [String: Double])?["y"])
        expect(abs(y + 103.5294) < 0.001)
        expectEqual(pulling["refreshing"] as? Bool, false)
        let released = try json(try preview.get("/interact?log=d:160,100,160,340"))
        expectEqual(released["refreshing"] as? Bool, true)
        expectEqual(released["offset"] as? [String: Double], ["x": 0, "y": -60])
        expectEqual(released["nextTimer"] as? Double, 1)
        let later = try json(try preview.get("/interact?log=d:160,100,160,340;w:1"))
        expectEqual(later["refreshing"] as? Bool, false)
        expectEqual(later["offset"] as? [String: Double], ["x": 0, "y": 0])
        let rows = try require(later["svg"] as? String).components(separatedBy: "<title>cell [0, ").count - 1
        expectEqual(rows, 6)
        expect(later["nextTimer"] is NSNull)
    }

    @Test func badLogsAreRefused() throws {
        let preview = try PreviewTests.Preview(
            script: Self.springboard, arguments: ["--bounds", "768x1024", "--items", "4"])
        try require(preview.port > 0, "\(preview.errors.text)")
        expectEqual(try preview.get("/interact?log=t:1"), "log: gesture 1 ('t:1') needs 2 numbers\n")
        expect(
            try preview.get("/interact?log=t:1,2;x:1,2")
                == "log: gesture 2 has an unknown kind 'x' (t, l, h, d, s, f, D, p, P, b, u, e, c, m, v or w)\n")
        expectEqual(try preview.get("/interact?log=p:1,2"), "log: gesture 1 ('p:1,2') needs 3 numbers\n")
        expectEqual(try preview.get("/interact?log=e:1"), "log: gesture 1 ('e:1') needs 0 numbers\n")
        expectEqual(try preview.get("/interact?log=t:nan,2"), "log: gesture 1 ('t:nan,2') is not KIND:NUMBERS\n")
        let many = Array(repeating: "s:0,0", count: 1001).joined(separator: ";")
        expectEqual(try preview.get("/interact?log=" + many), "log: at most 1000 gestures, got 1001\n")
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
        try require(preview.port > 0, "\(preview.errors.text)")
        let started = Date()
        // (700, 500) is empty space: only 4 icons, in column 0.
        let answer = try preview.get("/interact?log=t:700,500")
        expect(
            answer
                == "the preview's gestures on \(Self.springboard) did not finish within 2 s (raise the limit with --timeout)\n"
        )
        expect(Date().timeIntervalSince(started) < 25)
        let state = try json(try preview.get("/state"))
        expectEqual(state["version"] as? Int, 1)
        expect(
            try preview.get("/interact?log=t:104,104").hasPrefix(
                "interactions wait for the next good save: the preview's gestures on "))
    }
}
