import Foundation
import TestExpectations
import TestSupport
import Testing

/// The round trip's own checks: an export is compiled as its deployment target's SDK would
/// (an API introduced later is unavailable, one deprecated by then an error), and
/// docs/export.md's counts are the manifest's.
@Suite("export-check: the round trip")
struct RoundTripTests {
    static let checker = buildProducts(root: repositoryRoot) + "/lualayout-export-check"

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: checker)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `repeatingSubitem:count:` does not build for iOS 15, `subitem:count:` does not build for
    /// iOS 16 (deprecated, deprecations as errors) and builds for 15.
    @Test func exportsBuildOnlyForTheReleaseTheirHeaderNames() throws {
        let folder = repositoryRoot + "/Tests/SwiftExportTests/ReleaseCheck/"
        let result = try Self.run([
            "--root", repositoryRoot, "--release-check", folder + "RepeatingFor15.swift",
            folder + "SubitemCountFor15.swift", folder + "SubitemCountFor16.swift",
        ])
        expectEqual(result.status, 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        expectEqual(lines.last, "1 passed, 2 failed")
        expect(
            lines.contains(
                "FAIL \(folder)RepeatingFor15.swift: does not build for iOS 15: Export0.swift:8:41: error: 'horizontal(layoutSize:repeatingSubitem:count:)' is unavailable: iOS 16.0"
            ), "\(result.out)")
        expect(
            lines.contains {
                $0.hasPrefix(
                    "FAIL \(folder)SubitemCountFor16.swift: does not build for iOS 16: Export0.swift:8:41: error: 'horizontal(layoutSize:subitem:count:)' is deprecated"
                )
            }, "\(result.out)")
    }

    /// docs/export.md says how many cases the CI round trip runs, of which kind: the numbers
    /// are counted here from the manifests, and the page must say them.
    @Test func docsCountTheManifests() throws {
        var examples = 0, refused = 0, partial = 0, releases = 0, screens = 0
        for entry in try Self.entries(repositoryRoot + "/Examples/export-check.json") {
            let targets = (entry["ios"] as? [String])?.count ?? 1
            if entry["refused"] != nil {
                refused += 1
                continue
            }
            examples += targets
            if entry["allowPartial"] as? Bool == true { partial += targets }
            if entry["ios"] != nil { releases += targets }
            if entry["screen"] as? Bool == true { screens += targets }
        }
        let hostile = try Self.entries(repositoryRoot + "/Tests/SwiftExportTests/RoundTrip/export-check.json").reduce(0)
        {
            $0 + (($1["ios"] as? [String])?.count ?? 1)
        }
        let sentence =
            "runs it over `Examples/export-check.json` and `Tests/SwiftExportTests/RoundTrip/export-check.json`: \(examples + hostile) layouts compared — \(examples) of the examples (\(partial) exported with `--allow-partial`, \(releases) for a chosen `--ios`, \(screens) as a screen) and \(hostile) hostile ones — and \(refused) refused"
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/export.md", encoding: .utf8)
        expectContains(docs, sentence, "docs/export.md must say: \(sentence)")
    }

    /// docs/export.md says how many example cases ask hooks beyond the layout at rest, counted
    /// here from the manifest.
    @Test func docsCountTheHookCases() throws {
        var cases = 0, targets = 0, changing = 0, changes = 0, updates = 0
        for entry in try Self.entries(repositoryRoot + "/Examples/export-check.json") {
            let bounds = (entry["boundsChanges"] as? [String])?.count ?? 0
            let target = entry["targetOffset"] != nil ? 1 : 0
            let update = entry["update"] != nil ? 1 : 0
            if target + bounds + update > 0 { cases += 1 }
            targets += target
            changing += bounds > 0 ? 1 : 0
            changes += bounds
            updates += update
        }
        let sentence =
            "In `Examples/export-check.json`, \(cases) cases ask hooks: \(targets) a fling's target (line, cover-flow, springboard), \(changing) bounds changes (\(changes) bounds: line, cover-flow, stack, waterfall) and \(updates) a batch update"
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/export.md", encoding: .utf8)
        expectContains(docs, sentence, "docs/export.md must say: \(sentence)")
    }

    static func entries(_ path: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }
}
