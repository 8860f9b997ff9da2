/// The snapshots of one run as the parent sees them: each test's, in path order. A test that
/// would store other contents under a file an earlier test of the run wrote or matched — or
/// that matched a file an earlier test rewrote — fails at its call, as it would have in one
/// process, and writes nothing; the same contents twice are written once. A write that fails
/// fails its test.
package struct SnapshotLedger {
    private var seen: [String: (digest: UInt64, test: String, writes: Bool)] = [:]

    package init() {}

    package mutating func record(_ snapshots: [WrittenSnapshot], of report: inout TestCaseReport) {
        for snapshot in snapshots {
            let format = SnapshotFormat.of(snapshot.kind)
            if let earlier = seen[snapshot.path] {
                // Contents that differ matter when either would be stored: two matches of one
                // file on the pixel grid may differ in their last digits.
                if earlier.digest != snapshot.digest, earlier.writes || snapshot.writes {
                    let message = SnapshotStore.checkedEarlier(
                        format, name: snapshot.name, by: earlier.test, written: earlier.writes)
                    fail(snapshot, message, &report)
                }
                continue
            }
            if snapshot.writes, let problem = SnapshotStore.write(snapshot) {
                fail(snapshot, problem, &report)
                continue
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
