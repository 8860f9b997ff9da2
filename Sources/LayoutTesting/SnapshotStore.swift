#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import InputFiles
import LayoutOutput
import ScriptLayout

/// The snapshots of a test run: `expectSnapshot(name)` and `expectImageSnapshot(name)` stored
/// as `__snapshots__/TEST/NAME.EXT` beside the test file `TEST` (each test file's names its own,
/// as Jest keeps `__snapshots__/TEST.snap`), every kind through the one flow of
/// `check` with its `SnapshotFormat`. A missing snapshot is written (except in CI, where it
/// fails the check, as jest's `--ci` does); a different one fails the check with what changed
/// and review pictures beside it; `--update-snapshots` rewrites it instead. Two checks of one
/// name in a run that would store different contents: the later fails and writes nothing.
///
/// The store runs in a test worker, and never writes a snapshot itself: what a test would
/// write is kept (`takeWritten`) and the parent's `SnapshotLedger` writes it, in path order,
/// once no earlier test of the run wrote something else under that file.
///
/// The old layout, `__snapshots__/NAME.EXT` shared by every test of the folder, is read where
/// the test's own file is missing; a match or a rewrite asks the parent to move it into the
/// test's folder (`WrittenSnapshot.moving`, `SnapshotMigration`). `readOnly` (`simulate`)
/// compares and writes nothing: a missing snapshot passes, saying `lualayout test` writes it.
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
    package let readOnly: Bool
    /// Snapshots checked in this run (by this worker), by path: what was written or matched,
    /// so a later check of the name cannot silently store other contents.
    private var checked: [String: (digest: UInt64, test: String, writes: Bool)] = [:]
    /// What this worker checked since the last `takeWritten()`, for the parent's ledger.
    private var recentlyChecked: [WrittenSnapshot] = []

    /// Points of slack beyond half a pixel when comparing (`--tolerance POINTS`).
    package let tolerance: Double

    /// The last line of a mismatch.
    static let acceptHint = "if the change is intended, accept it with: lualayout test --update-snapshots"

    package init(update: Bool, ci: Bool, tolerance: Double = 0, readOnly: Bool = false) {
        self.update = update
        self.ci = ci
        self.tolerance = tolerance
        self.readOnly = readOnly
    }

    /// The folder of the snapshots of the test at `testPath`, `__snapshots__/TEST` beside it
    /// (as given, so messages show the paths the user typed).
    package static func folder(forTest testPath: String) -> String {
        let name = testPath.split(separator: "/").last.map(String.init) ?? testPath
        return legacyFolder(forTest: testPath) + "/" + name
    }

    /// The folder every test beside `testPath` shared before snapshots had a folder per test.
    package static func legacyFolder(forTest testPath: String) -> String {
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

    /// The snapshots written or matched since the last call (a worker reports them with each
    /// test; the parent writes the ones to write).
    package func takeWritten() -> [WrittenSnapshot] {
        defer { recentlyChecked = [] }
        return recentlyChecked
    }

    /// Compares `snapshot` with the stored snapshot `name` of the test at `testPath` (`line`: the
    /// line of the call; `given`: the name the test gave, without a device's suffix), as
    /// `format` renders and compares it.
    package func check(
        _ format: SnapshotFormat, name: String, snapshot: LayoutSnapshot, testPath: String, line: Int = 0,
        scale: Double = 1, validating given: String? = nil
    ) -> Outcome {
        let outcome = checkStored(
            format, name: name, snapshot: snapshot, testPath: testPath, line: line, scale: scale, validating: given)
        // A layout snapshot with UIKit's recording beside it is compared with that too.
        guard format.kind == .layout,
            let differences = UIKitRecordingCheck.check(
                name: name, folder: Self.folder(forTest: testPath), layout: snapshot, scale: scale,
                tolerance: tolerance)
        else { return outcome }
        switch outcome {
        case .passed: return .failed(differences.joined(separator: "\n"))
        case .failed(let message): return .failed(message + "\n" + differences.joined(separator: "\n"))
        case .invalidName: return outcome
        }
    }

    /// The check against the stored snapshot alone.
    private func checkStored(
        _ format: SnapshotFormat, name: String, snapshot: LayoutSnapshot, testPath: String, line: Int,
        scale: Double, validating given: String?
    ) -> Outcome {
        // The name the test gave is checked (a device's suffix is the runner's).
        let given = given ?? name
        if let problem = Self.nameProblem(given) ?? format.reviewNameProblem(name) {
            return .invalidName("\(format.call): invalid snapshot name \(JSONLayoutWriter.string(given)): \(problem)")
        }
        let folder = Self.folder(forTest: testPath)
        let file = name + "." + format.pathExtension
        let path = folder + "/" + file
        // The old layout's file, read (and moved) when the test's own is missing.
        let old = Self.legacyFolder(forTest: testPath) + "/" + file
        let legacy = !FileEntry(atPath: path).exists && FileSystemPath.isRegularFile(old) ? old : nil
        let check = SnapshotFormat.Check(
            name: name, path: path, storedPath: legacy ?? path, folder: folder, scale: scale, tolerance: tolerance,
            writesReview: !readOnly)
        // What the parent moves here: nothing in CI or read-only runs, which write nothing.
        let moving = ci || readOnly ? nil : legacy
        let bytes: [UInt8]
        do {
            bytes = try format.render(snapshot, scale)
        } catch {
            return .failed("\(format.noun) '\(name)': \(error)")
        }
        let digest = WrittenSnapshot.digest(bytes)
        if let earlier = checked[check.path], earlier.writes {
            // What this run stores under the name is what the file holds once the run ends.
            guard earlier.digest == digest else {
                return .failed(Self.checkedEarlier(format, name: name, by: earlier.test, written: true))
            }
            Self.removeReviewFiles(format, folder: folder, name: name)
            recentlyChecked.append(WrittenSnapshot(format.kind, path: check.path, matched: digest, line: line))
            return .passed(note: nil)
        }
        let entry = FileEntry(atPath: check.storedPath)
        guard entry.exists else {
            if readOnly {
                return .passed(
                    note: "\(format.noun) '\(name)' is not stored yet (\(check.path)): lualayout test writes it")
            }
            if ci && !update {
                return .failed(
                    "\(format.noun) '\(name)' not found: \(check.path) (CI runs never write snapshots: run lualayout test without --ci, or with --update-snapshots, and commit the file)"
                )
            }
            return keep(bytes, digest, format, check, testPath: testPath, line: line, note: "written")
        }
        if entry.isDirectory { return .failed("\(format.noun) '\(name)': \(check.storedPath) is a folder") }
        switch format.compare(check, bytes, snapshot) {
        case .same:
            guard !readOnly else { return .passed(note: nil) }
            Self.removeReviewFiles(format, folder: folder, name: name)
            if checked[check.path] == nil { checked[check.path] = (digest, testPath, false) }
            var matched = WrittenSnapshot(format.kind, path: check.path, matched: digest, line: line)
            matched.moving = moving
            recentlyChecked.append(matched)
            return .passed(note: nil)
        case .unreadable(let message):
            if let moving { recentlyChecked.append(.needing(moving, kind: format.kind, path: check.path, line: line)) }
            return .failed(message)
        case .differs(let review):
            if update && !readOnly {
                return keep(
                    bytes, digest, format, check, testPath: testPath, line: line, note: "updated", moving: moving)
            }
            if let moving { recentlyChecked.append(.needing(moving, kind: format.kind, path: check.path, line: line)) }
            return .failed(review().joined(separator: "\n"))
        }
    }

    /// The message of a check whose name an earlier test of the run wrote (or matched) with
    /// other contents.
    static func checkedEarlier(_ format: SnapshotFormat, name: String, by test: String, written: Bool) -> String {
        "\(format.noun) '\(name)' was \(written ? "written" : "matched") earlier in this run (by \(test)) with a different \(format.content): give each \(format.call) its own name"
    }

    /// Keeps `bytes` to be written at the check's path (by the parent's ledger), unless an
    /// earlier test of this worker matched the name with other contents.
    private func keep(
        _ bytes: [UInt8], _ digest: UInt64, _ format: SnapshotFormat, _ check: SnapshotFormat.Check,
        testPath: String, line: Int, note: String, moving: String? = nil
    ) -> Outcome {
        if let earlier = checked[check.path], earlier.digest != digest {
            return .failed(Self.checkedEarlier(format, name: check.name, by: earlier.test, written: earlier.writes))
        }
        checked[check.path] = (digest, testPath, true)
        var kept = WrittenSnapshot(format.kind, path: check.path, bytes: bytes, line: line)
        kept.moving = moving
        recentlyChecked.append(kept)
        return .passed(note: "\(format.noun) \(note): \(check.path)")
    }

    /// Writes a kept snapshot: its folder, the file, and no stale review files. Nil when
    /// written; else the failure's message.
    static func write(_ snapshot: WrittenSnapshot) -> String? {
        let format = SnapshotFormat.of(snapshot.kind)
        let folder = FileSystemPath.directory(of: snapshot.path)
        let name = snapshot.name
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try format.write(snapshot.bytes, snapshot.path)
        } catch {
            return "\(format.noun) '\(name)': cannot write \(snapshot.path)"
                + (format.namesWriteErrors ? " (\(error))" : "")
        }
        removeReviewFiles(format, folder: folder, name: name)
        return nil
    }

    /// A matched or rewritten snapshot leaves no stale review files behind.
    static func removeReviewFiles(_ format: SnapshotFormat, folder: String, name: String) {
        for suffix in format.reviewSuffixes {
            try? FileManager.default.removeItem(atPath: folder + "/" + name + suffix)
        }
    }
}
