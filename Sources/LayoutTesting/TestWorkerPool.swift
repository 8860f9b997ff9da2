import Dispatch
import Platform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WorkerProtocol

/// Runs test files in worker processes (`lualayout test-worker`), `jobs` at a time: each
/// worker runs one file after another, and a worker that crashes, aborts, hangs past the
/// test's time limit or grows past the memory limit is that test's error — the worker is
/// killed and replaced, and every other test still runs. Reports come back in path order
/// (`report(at:)`), whichever worker finished first.
package final class TestWorkerPool: @unchecked Sendable {
    package struct Configuration {
        /// Workers running at once.
        package var jobs: Int
        /// The arguments after `lualayout test-worker` (the run's snapshot flags).
        package var workerArguments: [String]
        /// A worker whose resident memory grows past this many bytes is killed (0: no limit).
        package var memoryLimit: Int
        /// Start no test after the first one that does not pass (`--bail`).
        package var bail: Bool
        /// How long a worker may take to read a test's header and say it started.
        package var startSeconds: Double = 60

        package init(jobs: Int, workerArguments: [String], memoryLimit: Int, bail: Bool) {
            self.jobs = jobs
            self.workerArguments = workerArguments
            self.memoryLimit = memoryLimit
            self.bail = bail
        }
    }

    private typealias Worker = WorkerProcess<TestWorkerRequest, TestWorkerReply>

    private let files: [TestJob]
    private let configuration: Configuration
    private let condition = Condition()
    private var reports: [TestCaseReport?]
    private var written: [[WrittenSnapshot]]
    /// The next file no worker has taken yet.
    private var next = 0
    private var stopping = false
    private var lanesRunning = 0

    package init(jobs files: [TestJob], configuration: Configuration) {
        self.files = files
        self.configuration = configuration
        reports = Array(repeating: nil, count: files.count)
        written = Array(repeating: [], count: files.count)
    }

    /// Starts the workers; each takes the next file in path order until none is left.
    package func start() {
        let lanes = max(1, min(configuration.jobs, files.count))
        condition.lock()
        lanesRunning = lanes
        condition.unlock()
        for _ in 0..<lanes {
            DetachedThread.start { [self] in lane() }
        }
    }

    /// The report of the file at `index`, once it is there; nil when the file will not run
    /// (`--bail` stopped the run first). The snapshots it wrote come with it.
    package func report(at index: Int) -> (report: TestCaseReport, written: [WrittenSnapshot])? {
        condition.lock()
        defer { condition.unlock() }
        while reports[index] == nil {
            // Not taken by any worker, and none will take it.
            if index >= next && (stopping || lanesRunning == 0) { return nil }
            condition.wait()
        }
        return (reports[index]!, written[index])
    }

    private func lane() {
        var worker: Worker?
        let output = TestOutputCapture()
        while true {
            condition.lock()
            guard !stopping, next < files.count else {
                condition.unlock()
                break
            }
            let index = next
            next += 1
            condition.unlock()

            var (report, snapshots) = run(files[index], worker: &worker, output: output?.path)
            report.output = output?.takeNew() ?? ""
            condition.lock()
            reports[index] = report
            written[index] = snapshots
            if configuration.bail && report.status != .passed { stopping = true }
            condition.signal()
            condition.unlock()
        }
        // Ended and reaped before the lane counts as done, so `finish()` leaves no process behind.
        worker = nil
        condition.lock()
        lanesRunning -= 1
        condition.signal()
        condition.unlock()
    }

    /// Waits until every worker has ended and been reaped (their CPU time then counts as this
    /// process's children's, and none outlives the run).
    package func finish() {
        condition.lock()
        while lanesRunning > 0 { condition.wait() }
        condition.unlock()
    }

    /// Runs one file on `worker` (started, or replaced, as needed; its standard error goes to
    /// `output`).
    private func run(
        _ job: TestJob, worker: inout Worker?, output: String?
    ) -> (TestCaseReport, [WrittenSnapshot]) {
        let path = job.path
        let start = DispatchTime.now().uptimeNanoseconds
        func failed(_ message: String) -> (TestCaseReport, [WrittenSnapshot]) {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let report = TestCaseReport(
                path: path, variant: job.variant, result: ScenarioTestResult(error: message), seconds: seconds)
            return (report, [])
        }
        // A worker found dead when the request is sent (it died idle) is replaced once.
        var sent = false
        for _ in 0..<2 where !sent {
            if worker == nil {
                do {
                    // A crash is reported as the test's error; the Swift runtime's backtrace
                    // of it (seconds of work, pages on standard error) only when asked for.
                    worker = try Worker.spawn(
                        command: "test-worker",
                        arguments: configuration.workerArguments + (output.map { ["--output", $0] } ?? []),
                        label: "test",
                        environment: ["SWIFT_BACKTRACE": "enable=no"])
                } catch {
                    return failed("\(path): \(error.description)")
                }
            }
            sent = worker!.send(TestWorkerRequest(path: path, variant: job.variant))
            if !sent { worker = nil }
        }
        guard sent, let running = worker else { return failed("\(path): cannot send the test to a worker process") }

        var deadline = start + UInt64(configuration.startSeconds * 1e9)
        var limit: Double?
        while true {
            switch wait(for: running, until: deadline) {
            case .reply(.started(let timeout)):
                limit = timeout
                let seconds = timeout + Watchdog.grace(timeout)
                deadline = DispatchTime.now().uptimeNanoseconds + UInt64(min(seconds, 1e9) * 1e9)
            case .reply(.finished(let report, let snapshots)):
                return (report, snapshots)
            case .ended(let how):
                worker = nil
                return failed("\(path): \(Self.describeEnd(of: running, fallback: how))")
            case .overMemory(let bytes):
                worker = nil
                return failed(
                    "\(path): used \(bytes >> 20) MB of memory, more than the worker's limit of \(configuration.memoryLimit >> 20) MB (raise it with --worker-memory MB)"
                )
            case .timedOut:
                running.kill()
                worker = nil
                guard let limit else {
                    return failed(
                        "\(path): the worker did not start the test within \(Int(configuration.startSeconds)) s")
                }
                return failed("\(path): \(Watchdog.message(what: "test \(path)", seconds: limit))")
            }
        }
    }

    private enum Waited {
        case reply(TestWorkerReply)
        case ended(String)
        case overMemory(Int)
        case timedOut
    }

    /// The next reply, in slices of 50 ms between which the worker's memory is checked.
    private func wait(for worker: Worker, until deadline: UInt64) -> Waited {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .timedOut }
            switch worker.receive(until: min(deadline, now + 50_000_000)) {
            case .reply(let reply): return .reply(reply)
            case .ended(let how): return .ended(how)
            case nil: break
            }
            if configuration.memoryLimit > 0, let bytes = worker.residentBytes(), bytes > configuration.memoryLimit {
                worker.kill()
                return .overMemory(bytes)
            }
        }
    }

    /// `crashed: SIGSEGV (…)`, or how else the worker ended without a report.
    private static func describeEnd(of worker: Worker, fallback: String) -> String {
        if let signal = worker.terminationSignal {
            return
                "crashed: \(Worker.signalName(signal)) (the worker process running the test was killed by signal \(signal); the other tests ran on)"
        }
        if let code = worker.exitCode {
            return "the worker process running the test exited with status \(code) before reporting"
        }
        return "the worker process running the test \(fallback)"
    }
}

/// One run of a test file: the file, and its device or matrix run when it has several.
package struct TestJob: Equatable, Sendable {
    package var path: String
    package var variant: String?

    package init(path: String, variant: String? = nil) {
        self.path = path
        self.variant = variant
    }

    /// `path`, or `path [device]` for one run of several (as its report names it).
    package var name: String { variant.map { "\(path) [\($0)]" } ?? path }

    /// Each file's runs, in order: one per device or matrix option set, or the file alone. A
    /// header that cannot be read is one run, which reports the error.
    package static func expand(_ files: [String]) -> [TestJob] {
        files.flatMap { file -> [TestJob] in
            // Most tests have neither line: found by a byte search, they are not parsed here
            // (the worker reads the header anyway).
            guard TestFilePaths.isRegularFile(file), let data = FileManager.default.contents(atPath: file),
                contains(data, "devices") || contains(data, "matrix"),
                let header = try? ScenarioHeader.parse(String(decoding: data, as: UTF8.self), path: file),
                let variants = try? header.variants(path: file)
            else { return [TestJob(path: file)] }
            return variants.map { TestJob(path: file, variant: $0.label) }
        }
    }

    private static func contains(_ data: Data, _ word: String) -> Bool {
        let needle = Array(word.utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count >= needle.count else { return false }
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == needle[0] {
                    var matched = 1
                    while matched < needle.count && bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}
