import Foundation
import Platform
import TestExpectations
import Testing

/// What `watch` is built on: the file watcher and the per-run timeline (`watch --trace`).
@Suite("watch plumbing")
struct WatchPlumbingTests {
    /// A save written in two parts (the file truncated and half written, the rest 5 ms later,
    /// then closed) is reported once it is closed: the change returned is the whole file, not
    /// the half the first event woke the watcher for. (The debounce is 10 s here, so a busy
    /// machine that stalls the writer does not make its pause look like a writer that never
    /// closes; the wait ends at the close.)
    @Test func aSaveIsReportedOnceItsFileIsClosed() throws {
        let directory = NSTemporaryDirectory() + "lualayout-watcher-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/layout.lua"
        try "return flow{}\n".write(toFile: path, atomically: false, encoding: .utf8)
        var watcher = FileWatcher()
        watcher.debounce = 10
        let baseline = FileWatcher.signatures(of: [path])
        // The watch exists before the writer starts, as `watch`'s does: a writer that ran
        // before it would be seen by stat alone, without the events that say the save ended.
        watcher.watch([path])
        let whole = "return flow{ itemSize = {10, 10} }\n"
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            let descriptor = open(path, O_WRONLY | O_TRUNC)
            let half = whole.utf8.count / 2
            _ = Array(whole.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, half) }
            usleep(5000)
            _ = Array(whole.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress! + half, $0.count - half) }
            close(descriptor)
        }
        let save = watcher.waitForSave(from: baseline, timeout: 30)
        expect(save?.signatures[path]??.size == Int64(whole.utf8.count))
        #expect(save?.signatures[path] == FileWatcher.signature(of: path))
        expectEqual(save?.ended, true)
    }

    /// The timeline in time order whatever order the points were added in: milliseconds since
    /// the first, the step since the one before, and the CPU its own process spent since its
    /// previous point (none for a process's first).
    @Test func aTraceListsItsStepsInTimeOrder() {
        var trace = PhaseTrace(enabled: true)
        trace.points = [
            .init(process: "watcher", step: "change seen", wall: 1_000_000_000, cpu: 5_000_000),
            .init(process: "watcher", step: "line printed", wall: 1_002_000_000, cpu: 5_250_000),
        ]
        trace.append([
            .init(process: "worker", step: "request read", wall: 1_000_100_000, cpu: 0),
            .init(process: "worker", step: "prepared", wall: 1_001_600_000, cpu: 1_500_000),
        ])
        expect(
            trace.lines(label: "[2]") == [
                "[2] trace: t0 = 1.000000 s (CLOCK_MONOTONIC)",
                "[2] trace: 0.00 ms (+0.00, cpu —) watcher: change seen",
                "[2] trace: 0.10 ms (+0.10, cpu —) worker: request read",
                "[2] trace: 1.60 ms (+1.50, cpu 1.50) worker: prepared",
                "[2] trace: 2.00 ms (+0.40, cpu 0.25) watcher: line printed",
            ])
        var off = PhaseTrace(enabled: false)
        off.mark("watcher", "change seen")
        expect(off.points.isEmpty && off.lines(label: "[1]").isEmpty)
    }
}
