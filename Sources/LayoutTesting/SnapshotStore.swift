#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import InputFiles
import LayoutOutput
import ScriptLayout

/// The stored layouts of `expectSnapshot(name)`: `__snapshots__/NAME.json` in the test
/// file's folder, written by the JSON layout writer (stable order, exact numbers). A missing
/// snapshot is written (except in CI, where it fails the check, as jest's `--ci` does); a
/// different one fails the check with what changed and a before/after SVG pair beside it;
/// `--update-snapshots` rewrites it instead.
package final class SnapshotStore {
    package enum Outcome: Equatable {
        /// The layout matched, or was written; `note` says what was written.
        case passed(note: String?)
        /// The layout differs from the stored one (or could not be stored); the message may
        /// span several lines.
        case failed(String)
        /// The name cannot be a file name: an error of the scenario at the call's line.
        case invalidName(String)
    }

    package let update: Bool
    package let ci: Bool
    /// Snapshots written in this run, by path: a second check of the same name must not
    /// silently replace the first's layout.
    private var written: [String: (text: String, test: String)] = [:]

    /// Points of slack beyond half a pixel when comparing (`--tolerance POINTS`).
    package let tolerance: Double

    package init(update: Bool, ci: Bool, tolerance: Double = 0) {
        self.update = update
        self.ci = ci
        self.tolerance = tolerance
    }

    /// The folder of the snapshots of the test at `testPath` (as given, so messages show the
    /// paths the user typed).
    package static func folder(forTest testPath: String) -> String {
        let parent = FileSystemPath.directory(of: testPath)
        return parent.isEmpty ? "__snapshots__" : parent + "/__snapshots__"
    }

    /// A snapshot name is one file name: not empty, no `/`, `\` or control characters, not `.`
    /// or `..`, at most 200 bytes (room for `.before.svg` under the usual 255-byte limit).
    package static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a snapshot name cannot be empty" }
        if name == "." || name == ".." { return "'\(name)' is not a file name" }
        if name.contains("/") || name.contains("\\") {
            return "a snapshot name cannot contain '/' or '\\' (it names a file in __snapshots__)"
        }
        if name.containsControlCharacters {
            return "a snapshot name cannot contain control characters"
        }
        if name.utf8.count > 200 { return "a snapshot name is at most 200 bytes" }
        return nil
    }

    /// Compares `snapshot` with the stored layout `name` of the test at `testPath`.
    /// Snapshots written since the last `takeWritten()`.
    private var recentlyWritten: [WrittenSnapshot] = []

    /// The snapshots written since the last call (a worker reports them with each test).
    package func takeWritten() -> [WrittenSnapshot] {
        defer { recentlyWritten = [] }
        return recentlyWritten
    }

    /// Compares `snapshot` with the stored layout `name` of the test at `testPath` (`line`: the
    /// line of the `expectSnapshot` call).
    /// Coordinates compare on the pixel grid of `scale` (`PixelGridComparison`).
    package func check(
        name: String, snapshot: LayoutSnapshot, testPath: String, line: Int = 0, scale: Double = 1,
        validating given: String? = nil
    ) -> Outcome {
        // The name the test gave is checked (a device's suffix is the runner's).
        let given = given ?? name
        if let problem = Self.nameProblem(given) {
            return .invalidName("expectSnapshot: invalid snapshot name \(JSONLayoutWriter.string(given)): \(problem)")
        }
        let folder = Self.folder(forTest: testPath)
        let path = folder + "/" + name + ".json"
        let text = JSONLayoutWriter.string(snapshot)
        if let earlier = written[path], earlier.text != text {
            return .failed(
                "snapshot '\(name)' was written earlier in this run (by \(earlier.test)) with a different layout: give each expectSnapshot its own name"
            )
        }
        let manager = FileManager.default
        let entry = FileEntry(atPath: path, manager: manager)
        let exists = entry.exists
        if exists && entry.isDirectory { return .failed("snapshot '\(name)': \(path) is a folder") }
        guard exists else {
            if ci && !update {
                return .failed(
                    "snapshot '\(name)' not found: \(path) (CI runs never write snapshots: run lualayout test without --ci, or with --update-snapshots, and commit the file)"
                )
            }
            return store(text, at: path, name: name, testPath: testPath, line: line, note: "snapshot written: \(path)")
        }
        guard let data = manager.contents(atPath: path) else {
            return .failed("snapshot '\(name)': cannot read \(path)")
        }
        let stored = String(decoding: data, as: UTF8.self)
        if stored == text {
            removePictures(folder: folder, name: name)
            return .passed(note: nil)
        }
        // Equal on the pixel grid: the stored file stays as it is (no churn from float noise).
        var compared = snapshot
        if let before = try? JSONLayoutReader.snapshot(from: stored) {
            compared = PixelGridComparison(scale: scale, tolerance: tolerance).snapped(snapshot, to: before)
            if JSONLayoutWriter.string(compared) == stored {
                removePictures(folder: folder, name: name)
                return .passed(note: nil)
            }
        }
        if update {
            return store(text, at: path, name: name, testPath: testPath, line: line, note: "snapshot updated: \(path)")
        }
        return mismatch(name: name, path: path, folder: folder, stored: stored, current: compared)
    }

    private func mismatch(
        name: String, path: String, folder: String, stored: String, current: LayoutSnapshot
    ) -> Outcome {
        let before: LayoutSnapshot
        do throws(JSONLayoutReader.ReadError) {
            before = try JSONLayoutReader.snapshot(from: stored)
        } catch {
            return .failed(
                "snapshot '\(name)': \(path):\(error.location): \(error.message) (rewrite it with --update-snapshots)")
        }
        let report = SnapshotDiffReport.describe(from: before, to: current)
        var lines = ["snapshot '\(name)' does not match \(path): \(report.summary)"] + report.lines
        let beforePath = folder + "/" + name + ".before.svg", afterPath = folder + "/" + name + ".after.svg"
        do {
            try SVGLayoutWriter.string(before).write(toFile: beforePath, atomically: true, encoding: .utf8)
            try SVGLayoutWriter.string(current).write(toFile: afterPath, atomically: true, encoding: .utf8)
            lines.append("pictures: \(beforePath) (stored), \(afterPath) (now)")
        } catch {
            lines.append("(the before/after pictures could not be written to \(folder))")
        }
        lines.append("if the change is intended, accept it with: lualayout test --update-snapshots")
        return .failed(lines.joined(separator: "\n"))
    }

    private func store(
        _ text: String, at path: String, name: String, testPath: String, line: Int, note: String
    ) -> Outcome {
        let folder = FileSystemPath.directory(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            return .failed("snapshot '\(name)': cannot write \(path)")
        }
        removePictures(folder: folder, name: name)
        written[path] = (text, testPath)
        recentlyWritten.append(WrittenSnapshot(path: path, text: text, line: line))
        return .passed(note: note)
    }

    /// A matched or rewritten snapshot leaves no stale before/after pair behind.
    private func removePictures(folder: String, name: String) {
        for suffix in [".before.svg", ".after.svg"] {
            try? FileManager.default.removeItem(atPath: folder + "/" + name + suffix)
        }
    }
}
