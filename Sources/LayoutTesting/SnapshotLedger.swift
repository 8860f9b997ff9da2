import InputFiles

/// The snapshots of one run as the parent sees them: each test's, in path order. A test that
/// would store other contents under a file an earlier test of the run wrote or matched — or
/// that matched a file an earlier test rewrote — fails at its call, as it would have in one
/// process, and writes nothing; the same contents twice are written once. A write that fails
/// fails its test.
///
/// A snapshot read from the old layout (`moving`) is moved into its test's folder: written
/// there when rewritten, else copied as it is; `migration` removes the old files after the run.
package struct SnapshotLedger {
    private var seen: [String: (digest: UInt64, test: String, writes: Bool)] = [:]
    package private(set) var migration = SnapshotMigration()

    package init() {}

    package mutating func record(_ snapshots: [WrittenSnapshot], of report: inout TestCaseReport) {
        for snapshot in snapshots {
            let format = SnapshotFormat.of(snapshot.kind)
            if snapshot.needs, let legacy = snapshot.moving {
                migration.keep(legacy)
                continue
            }
            if let earlier = seen[snapshot.path] {
                // Contents that differ matter when either would be stored: two matches of one
                // file on the pixel grid may differ in their last digits.
                if earlier.digest != snapshot.digest, earlier.writes || snapshot.writes {
                    let message = SnapshotStore.checkedEarlier(
                        format, name: snapshot.name, by: earlier.test, written: earlier.writes)
                    fail(snapshot, message, &report)
                } else if let legacy = snapshot.moving {
                    migration.took(legacy)
                }
                continue
            }
            if snapshot.writes, let problem = SnapshotStore.write(snapshot) {
                fail(snapshot, problem, &report)
                continue
            }
            if let legacy = snapshot.moving {
                // A match of the old file: copied as it is (its bytes, not a new rendering).
                if !snapshot.writes, !FileEntry(atPath: snapshot.path).exists,
                    let problem = SnapshotMigration.copy(
                        legacy, to: snapshot.path, noun: format.noun, name: snapshot.name)
                {
                    fail(snapshot, problem, &report)
                    continue
                }
                migration.took(legacy)
            }
            seen[snapshot.path] = (snapshot.digest, report.path, snapshot.writes)
        }
    }

    /// The test fails at the snapshot's call, and no longer says it was written.
    private func fail(_ snapshot: WrittenSnapshot, _ message: String, _ report: inout TestCaseReport) {
        let noun = SnapshotFormat.of(snapshot.kind).noun
        let notes = ["\(noun) written: \(snapshot.path)", "\(noun) updated: \(snapshot.path)"]
        report.result.notes.removeAll { notes.contains($0) }
        report.result.failures.append(.init(line: snapshot.line, message: message))
    }
}
