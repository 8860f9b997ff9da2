import TestExpectations
import Testing
@testable import LayoutTesting

/// Snapshot names become file names in `__snapshots__`: unsafe ones are refused with a reason.
@Suite("snapshot names")
struct SnapshotNameTests {
    @Test(arguments: [
        ("", "a snapshot name cannot be empty"),
        ("..", "'..' is not a file name"),
        (".", "'.' is not a file name"),
        ("../escape", "a snapshot name cannot contain '/' or '\\' (it names a file in __snapshots__)"),
        ("a\\b", "a snapshot name cannot contain '/' or '\\' (it names a file in __snapshots__)"),
        ("tab\there", "a snapshot name cannot contain control characters"),
        (String(repeating: "é", count: 101), "a snapshot name is at most 200 bytes"),
    ])
    func unsafeNames(_ name: String, _ problem: String) {
        expectEqual(SnapshotStore.nameProblem(name), problem)
    }

    @Test func safeNames() {
        for name in [
            "home", "after delete", "page-2.scrolled", "..dots", "ünïcode", String(repeating: "a", count: 200),
        ] {
            expect(SnapshotStore.nameProblem(name) == nil, "\(name)")
        }
    }
}
