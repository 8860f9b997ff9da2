#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import WorkerProtocol

/// The child's side of a test worker (`lualayout test-worker`), beside its parent's side
/// (`TestWorkerPool`). The worker's loop: one test at a time, its snapshots kept across tests (so two tests this
/// worker runs cannot write different layouts under one name either).
package struct TestWorker<Options: ScenarioTestOptions> {
    let snapshots: SnapshotStore
    /// Whether each report carries the run's timeline page (`lualayout test --html DIR`).
    let timelinePages: Bool

    package init(snapshots: SnapshotStore, timelinePages: Bool = false) {
        self.snapshots = snapshots
        self.timelinePages = timelinePages
    }

    /// The debugging hook the runner's own tests use to make a worker fail the ways a real
    /// one can: `LUALAYOUT_TEST_WORKER_FAULT=KIND:FILE[,KIND:FILE…]` makes the worker running
    /// the test file named FILE (its last path component) fail once the test has started:
    /// `segv` and `abort` raise SIGSEGV and SIGABRT, `hang` sleeps outside Lua, `memory`
    /// allocates without end, `exit` exits with status 3.
    package static var faultVariable: String { "LUALAYOUT_TEST_WORKER_FAULT" }

    package func serve() -> Never {
        let (replies, inbox) = WorkerChild.start { try TestWorkerRequest(decoding: $0) }
        let faults = Self.faults(ProcessInfo.processInfo.environment[Self.faultVariable] ?? "")
        let executor = SimulatorScenarioExecutor(timelinePages: timelinePages)
        while true {
            let request = inbox.take()
            let name = request.path.split(separator: "/").last.map(String.init) ?? request.path
            let report = TestRunner.run(
                request.path, variant: request.variant, options: Options.self, executor: executor,
                snapshots: snapshots,
                watchdog: false,
                started: { timeout in
                    guard WorkerFrames.write(TestWorkerReply.started(timeout: timeout).encoded(), to: replies) else {
                        _exit(0)
                    }
                    if let fault = faults[name] { Self.fail(fault) }
                })
            let reply = TestWorkerReply.finished(report, written: snapshots.takeWritten())
            guard WorkerFrames.write(reply.encoded(), to: replies) else { _exit(0) }
        }
    }

    /// `KIND:FILE,…` as FILE → KIND.
    static func faults(_ text: String) -> [String: String] {
        var faults: [String: String] = [:]
        for item in text.split(separator: ",") {
            let parts = item.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { faults[String(parts[1])] = String(parts[0]) }
        }
        return faults
    }

    private static func fail(_ kind: String) {
        switch kind {
        case "segv":
            // A real invalid access, as a bug in native code would make.
            UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
        case "abort": abort()
        case "exit": _exit(3)
        case "hang":
            while true { sleep(1000) }
        case "memory":
            // 64 MB at a time, each page touched, up to 16 GB (then it only waits): the
            // parent's memory limit stops it long before.
            var blocks: [UnsafeMutableRawPointer] = []
            while blocks.count < 256 {
                guard let block = malloc(64 << 20) else { break }
                memset(block, 1, 64 << 20)
                blocks.append(block)
                usleep(1000)
            }
            while true { sleep(1000) }
        default: break
        }
    }
}
