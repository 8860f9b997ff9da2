import Foundation
import TestExpectations
import TestSupport
import Testing

/// `Scripts/record-uikit`'s planner (`lualayout-record-uikit`, Sources/RecordUIKit) and the
/// script's refusal to record without a Mac (docs/recording-uikit.md). The recorder package's
/// build and its recordings through UIKitSurface run in Scripts/test (`--build-only`).
@Suite("record-uikit (the recorder's plan)")
struct RecordUIKitTests {
    static let planner = buildProducts(root: repositoryRoot) + "/lualayout-record-uikit"

    static func plan(_ manifest: String, _ arguments: [String]) async throws -> (ProcessOutcome, String) {
        let folder = try TestCommandTests.folder([
            "manifest.json": manifest,
            "Mine.swift": "// A team's layout.\n",
        ])
        let outcome = try await CaseProcess.run(
            planner,
            arguments: [
                "--root", repositoryRoot, "--lualayout", lualayoutBinary, folder + "/manifest.json", "--package",
                folder + "/Recorder",
            ] + arguments, directory: folder, timeout: 60)
        return (outcome, folder)
    }

    static let manifest = """
        {"layouts": [
          {"name": "app-list", "script": "\(repositoryRoot)/Examples/compositional/list.lua", "args": ["--items", "7"]},
          {"name": "mine", "swift": ["Mine.swift"], "make": "MineLayout()", "decorations": ["badge"]}
        ]}
        """

    /// Each Lua layout is exported once per device with the device's options (iPhone 15: 393×852
    /// @3x, safe area 59 and 34; iPhone SE on iOS 14: 375×667 @2x, 20, --ios 14), importing
    /// UIKitSurface where UIKit is absent; a Swift layout's files are linked; the plan names
    /// each device's Simulator, size, scale, release and safe area.
    @Test func thePlanHasAnExportPerDeviceAndTheTeamsSwift() async throws {
        let (outcome, folder) = try await Self.plan(Self.manifest, ["--devices", "iphone-15,iphone-se@14"])
        expectEqual(outcome.end, .exited(0), "\(outcome.err)")
        #expect(
            outcome.out == """
                device\tiphone-15\tiPhone 15\t-
                device\tiphone-se.ios14\tiPhone SE (3rd generation)\t14
                layout\tapp-list
                layout\tmine

                """)
        let generated = folder + "/Recorder/Tests/RecorderTests/Generated"
        let first = try String(contentsOfFile: generated + "/AppListDevice1Layout.swift", encoding: .utf8)
        expectContains(first, "Values evaluated for --bounds 393x852 --scale 3 --items 7 --safe-area 59,0,34,0.")
        expectContains(first, "\n#if canImport(UIKit)\nimport UIKit\n#else\nimport UIKitSurface\n#endif\n")
        expectContains(first, "func makeAppListDevice1Layout()")
        let second = try String(contentsOfFile: generated + "/AppListDevice2Layout.swift", encoding: .utf8)
        expectContains(second, "--bounds 375x667 --scale 2 --items 7 --safe-area 20,0,0,0 --ios 14.")
        expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: generated + "/Mine.swift")
                == "../../../../Mine.swift")
        let plan = try String(contentsOfFile: generated + "/Plan.swift", encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
                of: " +", with: " ", options: .regularExpression)
        expectContains(plan, "suffix: \"iphone-se.ios14\", simulator: \"iPhone SE (3rd generation)\", release: 14,")
        expectContains(plan, "size: CGSize(width: 375, height: 667), scale: 2,")
        expectContains(plan, "safeArea: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)")
        expectContains(plan, "name: \"app-list\", device: \"iphone-15\", decorations: [],")
        expectContains(plan, "itemCounts: [7]")
        expectContains(plan, "make: { makeAppListDevice2Layout() }")
        expectContains(plan, "name: \"mine\", device: nil, decorations: [\"badge\"],")
        expectContains(plan, "make: { MineLayout() }")
    }

    /// Input errors exit 2 and say what is wrong; a recording missing from --compare's folder
    /// exits 1.
    @Test func wrongInputsAreRefused() async throws {
        let cases: [(String, [String], String)] = [
            (Self.manifest, ["--devices", "iphone-99"], "--devices: unknown device 'iphone-99'"),
            (Self.manifest, ["--devices", "iphone-15@12"], "'12' is not an iOS release (13 to 18, or 26)"),
            (Self.manifest, [], "usage: record-uikit MANIFEST --devices NAME[@N],…"),
            (
                #"{"layouts": [{"name": "a", "script": "x.lua", "args": ["--bounds", "10x10"]}]}"#,
                ["--devices", "iphone-15"], "--bounds is the device's (give --devices"
            ),
            (
                #"{"layouts": [{"name": "a", "script": "x.lua"}, {"name": "a", "script": "y.lua"}]}"#,
                ["--devices", "iphone-15"], "a second layout named \"a\""
            ),
            (
                #"{"layouts": [{"name": "a/b", "script": "x.lua"}]}"#, ["--devices", "iphone-15"],
                "\"name\" must be letters, digits and '-'"
            ),
            (
                #"{"layouts": [{"name": "a", "script": "x.lua", "make": "f()"}]}"#, ["--devices", "iphone-15"],
                "give \"script\", or \"swift\" with \"make\", not both"
            ),
            ("[]", ["--devices", "iphone-15"], "expected {\"layouts\": ["),
        ]
        for (manifest, arguments, message) in cases {
            let (outcome, _) = try await Self.plan(manifest, arguments)
            expectEqual(outcome.end, .exited(2), "\(arguments) \(outcome.err)")
            expectContains(outcome.err, message, "\(outcome.err)")
        }
        let (missing, folder) = try await Self.plan(
            Self.manifest, ["--devices", "iphone-15", "--compare", "/nonexistent"])
        expectEqual(missing.end, .exited(1))
        expectContains(missing.out, "MISSING /nonexistent/app-list.iphone-15.uikit.json")
        expect(!FileManager.default.fileExists(atPath: folder + "/Recorder"))
    }

    /// Without a Mac the script records nothing: it says what it needs and exits 2.
    @Test func theScriptNeedsAMacToRecord() async throws {
        #if os(Linux)
        let outcome = try await CaseProcess.run(
            repositoryRoot + "/Scripts/record-uikit",
            arguments: ["Examples/UIKit/Recorder/manifest.json", "--devices", "iphone-15"], directory: repositoryRoot,
            timeout: 30)
        expectEqual(outcome.end, .exited(2))
        expectContains(outcome.err, "recording UIKit needs macOS with Xcode and the iOS Simulator")
        expectContains(outcome.err, "Usage: Scripts/record-uikit MANIFEST --devices")
        #endif
    }
}
