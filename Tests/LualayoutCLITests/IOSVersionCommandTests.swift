import Foundation
import TestExpectations
import Testing

/// `--ios N` reaches the layout in every command that lays out (issue 31): `cv.iosVersion` in a
/// script, and the compositional behaviours that changed between releases
/// (docs/uikit-versions.md).
@Suite("--ios in every command")
struct IOSVersionCommandTests {
    /// A custom layout that shows the release it ran under: one 10×10 cell at x = cv.iosVersion,
    /// content (cv.iosVersion) × 10.
    static let showsVersion = """
        return { prepare = function(cv, out)
          out:cell(0, 0, cv.iosVersion, 0, 10, 10)
          out:contentSize(cv.iosVersion, 10)
        end }

        """

    /// Section 0 empty, a 24-point header above 40-point rows with spacing 2: on iOS 17 the
    /// empty section is its header alone (0…24) and section 1's header is at 24; on iOS 14 its
    /// content is −2, so section 1's header is at 22 (docs/uikit-versions.md).
    static let emptySection = """
        local C = compositional
        local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
        local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(40), subitems = {item} }
        local header = C.boundarySupplementaryItem{ kind = "header", alignment = "top",
          width = C.fractionalWidth(1), height = C.absolute(24) }
        return compositional{ section = C.section{ group = group, interGroupSpacing = 2,
          boundarySupplementaryItems = {header} } }

        """

    static func cellX(_ json: String) throws -> Double? {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let elements = object?["elements"] as? [[String: Any]]
        return (elements?.first?["frame"] as? [String: Any])?["x"] as? Double
    }

    @Test func runPassesTheReleaseToTheScriptAndTheEngine() throws {
        let script = try temporaryFile("v.lua", Self.showsVersion)
        expectEqual(try Self.cellX(lualayout("run", script, "--ios", "14").out), 14)
        expectEqual(try Self.cellX(lualayout("run", script, "--ios", "18.2").out), 18)
        // Without --ios: 17, the default.
        expectEqual(try Self.cellX(lualayout("run", script).out), 17)
        let empty = try temporaryFile("empty.lua", Self.emptySection)
        let modern = lualayout("run", empty, "--sections", "0,1", "--format", "table")
        expectContains(modern.out, "supplementary  header  [1, 0]     0  24    375      24")
        let legacy = lualayout("run", empty, "--sections", "0,1", "--format", "table", "--ios", "14")
        expectContains(legacy.out, "supplementary  header  [1, 0]     0  22    375      24")
    }

    @Test func simulateRunsUnderTheRelease() throws {
        let layout = try temporaryFile("v.lua", Self.showsVersion)
        let scenario = (layout as NSString).deletingLastPathComponent + "/s.lua"
        try "expect(attributesOf(0, 0).frame.x == 15, \"iOS 15\")\n".write(
            toFile: scenario, atomically: true, encoding: .utf8)
        expectEqual(lualayout("simulate", layout, "--scenario", scenario, "--ios", "15").status, 0)
        expectEqual(lualayout("simulate", layout, "--scenario", scenario).status, 1)
    }

    /// `-- options: --ios 14` and a device with a release (`iphone-se@16`): each run under its
    /// own release, reported and snapshotted per device.
    @Test func testHeadersAndDevicesCarryTheRelease() throws {
        let dir = try TestCommandTests.folder([
            "v.lua": Self.showsVersion,
            "o.test.lua": """
            -- layout: v.lua
            -- options: --ios 14
            expectFrame(0, 0, {14, 0, 10, 10})

            """,
            "d.test.lua": """
            -- layout: v.lua
            -- devices: iphone-se@16, iphone-se
            expectFrame(0, 0, {16, 0, 10, 10})
            expectSnapshot("v")

            """,
        ])
        let result = TestCommandTests.run(dir, "--no-ci")
        expectEqual(result.status, 1)
        let o = dir + "/o.test.lua", d = dir + "/d.test.lua"
        expectContains(result.out, "PASS  \(o)  (1 check, T ms)")
        expectContains(result.out, "PASS  \(d) [iphone-se@16]")
        expectContains(result.out, "FAIL  \(d) [iphone-se]")
        expectContains(result.out, "cell [0, 0]: x got 17, expected 16")
        expect(FileManager.default.fileExists(atPath: dir + "/__snapshots__/d.test.lua/v.iphone-se.ios16.json"))
        let bad = try TestCommandTests.folder([
            "v.lua": Self.showsVersion,
            "b.test.lua": "-- layout: v.lua\n-- devices: iphone-se@12\nexpectFrame(0, 0, {12, 0, 10, 10})\n",
        ])
        let refused = TestCommandTests.run(bad, "--no-ci")
        expectEqual(refused.status, 1)
        expect(
            (refused.out + refused.err).contains(
                "-- devices: 'iphone-se@12': '12' is not an iOS release the engine knows (13 to 18, or 26)"))
    }

    /// `watch` prints the content size of each prepare: 14 × 10 under --ios 14.
    @Test func watchRunsUnderTheRelease() throws {
        let script = try temporaryFile("v.lua", Self.showsVersion)
        let watch = try WatchProcess(["watch", script, "--ios", "14", "--exit-after", "1", "--idle-timeout", "20"])
        let (status, printed, _) = watch.finish()
        expectEqual(status, 0)
        expect(printed.hasPrefix("[1] 1 elements, content 14×10"))
    }

    /// `compare` runs a script directly under the options given, UIKit's kinds read as ours: a
    /// recording of the empty-section layout on iOS 14 (section 1's header at 22, its row at 46,
    /// section 0's header at 0; content 86) matches `--ios 14` and differs from iOS 17's.
    @Test func compareRunsAScriptUnderTheRelease() throws {
        let script = try temporaryFile("empty.lua", Self.emptySection)
        func element(_ category: String, _ kind: String?, _ s: Int, _ y: Double, _ h: Double) -> String {
            let kindField = kind.map { "\"kind\": \"\($0)\", " } ?? ""
            return """
                {"category": "\(category)", \(kindField)"indexPath": [\(s), 0], "frame": {"x": 0, "y": \(y), "width": 375, "height": \(h)}, "alpha": 1, "zIndex": \(kind == nil ? 0 : 1), "hidden": false}
                """
        }
        let recording = """
            {"bounds": {"x": 0, "y": 0, "width": 375, "height": 667}, "contentSize": {"width": 375, "height": 86},
             "elements": [\(element("cell", nil, 1, 46, 40)),
              \(element("supplementary", "UICollectionElementKindSectionHeader", 0, 0, 24)),
              \(element("supplementary", "UICollectionElementKindSectionHeader", 1, 22, 24))]}
            """
        let recorded = try temporaryFile("empty.uikit.json", recording)
        let same = lualayout("compare", recorded, script, "--sections", "0,1", "--ios", "14")
        expectEqual(same.status, 0)
        expectEqual(same.out, "\(recorded) and \(script) match: 3 elements\n")
        let differs = lualayout("compare", recorded, script, "--sections", "0,1")
        expectEqual(differs.status, 1)
        expectContains(differs.out, "moved supplementary \"header\" [1, 0]: 0,22 375×24 → 0,24 375×24")
    }
}
