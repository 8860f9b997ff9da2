import Foundation
import TestExpectations
import Testing

/// Recordings are tests (issue 31): `__snapshots__/TEST/NAME.uikit.json` beside a layout snapshot is
/// UIKit's frames for the test's layout, compared whenever `expectSnapshot(NAME)` is checked,
/// within half a pixel, a difference reported as a snapshot failure.
@Suite("lualayout test (UIKit recordings beside snapshots)")
struct TestUIKitRecordingTests {
    static let example = repositoryRoot + "/Examples/UIKit/Measured"

    /// Examples/UIKit/Measured: the list section measured from testListSection.1.png
    /// (faberNovel/CompositionalLayoutDSL at fe2f7a6, iOS 17) agrees with the engine, in CI
    /// mode (nothing written).
    @Test func theMeasuredRecordingPasses() {
        let result = TestCommandTests.run(Self.example, "--ci")
        expectEqual(result.status, 0, "\(result.out)\(result.err)")
        expectContains(result.out, "1 passed, 0 failed")
    }

    /// A copy of the example whose recording is `recording` (the example's, edited).
    static func copy(_ edit: (String) -> String) throws -> String {
        let files = [
            "list-section.lua", "list-section.test.lua", "__snapshots__/list-section.test.lua/list-section.json",
        ]
        var contents: [String: String] = [:]
        for file in files { contents[file] = try String(contentsOfFile: example + "/" + file, encoding: .utf8) }
        let recording = try String(
            contentsOfFile: example + "/__snapshots__/list-section.test.lua/list-section.uikit.json", encoding: .utf8)
        contents["__snapshots__/list-section.test.lua/list-section.uikit.json"] = edit(recording)
        return try TestCommandTests.folder(contents)
    }

    /// Half a pixel at @3x is 1/6 point: a recorded row 0.15 lower passes, 0.2 lower fails
    /// and is listed as a snapshot diff lists a move (the stored snapshot still matches).
    @Test func aDifferenceOfHalfAPixelOrMoreFails() throws {
        let near = try Self.copy { $0.replacingOccurrences(of: "\"y\": 192,", with: "\"y\": 192.15,") }
        expectEqual(TestCommandTests.run(near, "--ci").status, 0)
        let far = try Self.copy { $0.replacingOccurrences(of: "\"y\": 192,", with: "\"y\": 192.2,") }
        let result = TestCommandTests.run(far, "--ci")
        expectEqual(result.status, 1)
        expectContains(result.out, "FAIL")
        expect(
            result.out.contains(
                "layout differs from UIKit's recording \(far)/__snapshots__/list-section.test.lua/list-section.uikit.json: 1 moved"
            ))
        expectContains(result.out, "moved cell [0, 4]: 0,192.2 375×40 → 0,192 375×40")
        // A recording is UIKit's: --update-snapshots rewrites the snapshot, never the recording.
        let before = try String(
            contentsOfFile: far + "/__snapshots__/list-section.test.lua/list-section.uikit.json", encoding: .utf8)
        expectEqual(TestCommandTests.run(far, "--update-snapshots").status, 1)
        expect(
            try String(
                contentsOfFile: far + "/__snapshots__/list-section.test.lua/list-section.uikit.json", encoding: .utf8)
                == before)
    }

    /// UIKit's header and footer kind names read as LuaLayout's; zIndex is not compared; an
    /// element UIKit did not place is reported as appearing.
    @Test func kindsMapZIndexIsIgnoredMissingElementsFail() throws {
        let uikitKinds = try Self.copy {
            $0.replacingOccurrences(
                of: "\"kind\": \"header\"", with: "\"kind\": \"UICollectionElementKindSectionHeader\""
            )
            .replacingOccurrences(
                of: "\"kind\": \"footer\"", with: "\"kind\": \"UICollectionElementKindSectionFooter\""
            )
            .replacingOccurrences(of: "\"zIndex\": 0", with: "\"zIndex\": 7")
        }
        let mapped = TestCommandTests.run(uikitKinds, "--ci")
        expectEqual(mapped.status, 0, "\(mapped.out)")
        let withoutFooter = try Self.copy { recording in
            recording.split(separator: "\n").filter { !$0.contains("\"kind\": \"footer\"") }.joined(separator: "\n")
        }
        let missing = TestCommandTests.run(withoutFooter, "--ci")
        expectEqual(missing.status, 1)
        expectContains(missing.out, "appeared supplementary \"footer\" [0, 0] at 0,232 375×24", "\(missing.out)")
    }

    /// A snapshot holds what is on screen and a recording may hold the whole content: recorded
    /// elements outside the recording's bounds (0, −54, 375×812: below y 758) are left out;
    /// one on screen that the layout does not place fails.
    @Test func onlyTheRecordedElementsOnScreenAreCompared() throws {
        func adding(_ y: Double) throws -> String {
            try Self.copy { recording in
                // A sixth row, after the fifth.
                let fifth = recording.range(of: "\"indexPath\": [0, 4]")!
                let end = recording[fifth.upperBound...].range(of: "\n")!.upperBound
                let row =
                    "    {\"category\": \"cell\", \"indexPath\": [0, 5], \"frame\": {\"x\": 0, \"y\": \(y), \"width\": 375, \"height\": 40}, \"alpha\": 1, \"zIndex\": 0, \"hidden\": false},\n"
                return recording.replacingCharacters(in: end..<end, with: row)
            }
        }
        expectEqual(TestCommandTests.run(try adding(758), "--ci").status, 0)
        let onScreen = TestCommandTests.run(try adding(700), "--ci")
        expectEqual(onScreen.status, 1)
        expectContains(onScreen.out, "vanished cell [0, 5]", "\(onScreen.out)")
    }

    /// A recording that is not a layout fails the check with its location.
    @Test func anUnreadableRecordingFails() throws {
        let broken = try Self.copy { _ in "{\"bounds\": 3}" }
        let result = TestCommandTests.run(broken, "--ci")
        expectEqual(result.status, 1)
        expect(
            result.out.contains(
                "UIKit recording 'list-section': \(broken)/__snapshots__/list-section.test.lua/list-section.uikit.json:"
            ))
    }
}
