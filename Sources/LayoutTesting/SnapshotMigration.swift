#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InputFiles
import ScriptLayout

/// The one-time move from the old layout of snapshots, `__snapshots__/NAME.EXT` shared by every
/// test of a folder, to a folder per test file, `__snapshots__/TEST/NAME.EXT`. A test that
/// finds only the old file compares with it; when it matches or is rewritten, the parent
/// copies it (or writes the new one) into the test's folder and notes the old file here. The
/// old files go once every test file of their folder has run to its end in one run — another
/// test may use the same name, and a test that did not run may still need the file — so no
/// snapshot is lost; until then they stay, and the run says so.
package struct SnapshotMigration {
    /// The old files taken into a test's folder this run, by their folder (`D/__snapshots__`).
    private var taken: [String: Set<String>] = [:]
    /// Old files a test read but did not take (its check failed): they stay.
    private var kept: Set<String> = []

    package init() {}

    package var isEmpty: Bool { taken.isEmpty }

    /// The old file `legacy` was taken into a test's folder.
    package mutating func took(_ legacy: String) {
        taken[FileSystemPath.directory(of: legacy), default: []].insert(legacy)
    }

    /// A test read the old file `legacy` and did not take it: it stays after the run.
    package mutating func keep(_ legacy: String) {
        kept.insert(legacy)
    }

    /// Copies the old file `legacy` to `path` as it is (its bytes, not a new rendering). Nil
    /// when copied; else the failure's message.
    static func copy(_ legacy: String, to path: String, noun: String, name: String) -> String? {
        guard let data = FileManager.default.contents(atPath: legacy) else {
            return "\(noun) '\(name)': cannot read \(legacy) to move it to \(path)"
        }
        do {
            try FileManager.default.createDirectory(
                atPath: FileSystemPath.directory(of: path), withIntermediateDirectories: true)
        } catch {
            return "\(noun) '\(name)': cannot create the folder of \(path)"
        }
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            return "\(noun) '\(name)': cannot write \(path)"
        }
        return nil
    }

    /// After the run (`reports`: every run that reported): removes the old files of each folder
    /// whose test files all ran to their end, each of their runs without an error, and none of
    /// which still needs one of them (a failed check of it), with their review pictures;
    /// returns what to say, a line per folder.
    package func finish(reports: [TestCaseReport]) -> [String] {
        let finished = Set(reports.filter { $0.status != .error }.map(\.name))
        return taken.keys.sorted().map { folder in
            let files = taken[folder]!.sorted()
            let count = files.count == 1 ? "1 snapshot" : "\(files.count) snapshots"
            let moved = "\(folder) into a folder per test file (\(folder)/TEST/NAME…)"
            guard kept.isDisjoint(with: files),
                Self.testFiles(besides: folder).allSatisfy({ test in
                    TestJob.expand([test]).allSatisfy { finished.contains($0.name) }
                })
            else {
                return
                    "note: copied \(count) from \(moved); the old files stay until every test beside them runs to its end, its checks of them passing, in one run"
            }
            for file in files { Self.remove(file) }
            return "note: moved \(count) from \(moved)"
        }
    }

    /// The test files directly in the folder holding `snapshots` (`D` of `D/__snapshots__`),
    /// spelt as the run spells them.
    static func testFiles(besides snapshots: String) -> [String] {
        let folder = FileSystemPath.directory(of: snapshots)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasSuffix(TestDiscovery.suffix) && $0.count > TestDiscovery.suffix.count }
            .map { folder.isEmpty ? $0 : folder + "/" + $0 }
            .filter { FileSystemPath.isRegularFile($0) }
    }

    /// Removes an old snapshot and the review pictures a mismatch of it left.
    static func remove(_ legacy: String) {
        try? FileManager.default.removeItem(atPath: legacy)
        let folder = FileSystemPath.directory(of: legacy)
        for format in [SnapshotFormat.layout, .image] where legacy.hasSuffix("." + format.pathExtension) {
            let file = legacy.split(separator: "/").last.map(String.init) ?? legacy
            SnapshotStore.removeReviewFiles(
                format, folder: folder, name: String(file.dropLast(format.pathExtension.count + 1)))
        }
    }
}
