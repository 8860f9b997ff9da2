import ArgumentParser
import LayoutTesting
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import Platform

/// `lualayout test [PATH…]`: runs every `*.test.lua` scenario and reports each, for people
/// and for CI (exit status, JUnit XML).
struct TestCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the test scenarios (*.test.lua) under the given folders.",
        discussion: """
            Each *.test.lua file is a scenario (the globals of `lualayout simulate`); its first \
            comment lines name what it runs:
              -- layout: ../springboard.lua   required, relative to the test file
              -- controller: controller.lua   optional, relative to the test file
              -- options: --items 20          optional, repeatable: the collection-view
                                              and script options of `lualayout run`
              -- devices: iphone-se, ipad-mini optional: one run per device (--devices
                                              lists them); or -- matrix: OPTIONS | OPTIONS
              -- checks: none                 optional: the test checks nothing on purpose
                                              (without it, a test without checks fails)
            Folders are searched recursively (hidden folders and __snapshots__ skipped); \
            files run in path order. expectSnapshot(name) compares the visible layout with \
            __snapshots__/TEST/NAME.json beside the test TEST: written when missing (not in CI \
            mode), rewritten with --update-snapshots. Snapshots of the old layout \
            (__snapshots__/NAME.json) are moved into their tests' folders, once.

            Each test file runs in a worker process, --jobs at a time, reported in path \
            order: a test that crashes, hangs or runs out of memory is that test's error and \
            the run goes on; each device or matrix value of a file is a run of its own, on any \
            worker. --shard K/N runs the K-th of N stable parts of the runs (a CI matrix of N \
            machines runs every test once); --filter (a file's path, a device or a matrix \
            value), --list and --bail pick tests.

            Exit status: 0 when every test passes, 1 when one fails or cannot run, 2 for \
            usage errors, a missing path, or no test files found.

            Examples:
              lualayout test                  # every *.test.lua under the current folder
              lualayout test Examples --junit report.xml
              lualayout test tests --shard 2/4 --junit part2.xml
            """)

    @Argument(
        help: ArgumentHelp("Folders to search and test files to run (default: the current folder).", valueName: "PATH"),
        completion: .file(extensions: ["lua"]))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to FILE.", valueName: "FILE"), completion: .file())
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Also write each run's timeline, the page simulate --format html writes, into the folder DIR (one page a run, and index.html listing them).",
            valueName: "DIR"), completion: .directory)
    var html: String?

    @Flag(help: "Rewrite every snapshot that differs (or is missing) with the current layout, and pass.")
    var updateSnapshots = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "CI mode: a missing snapshot fails instead of being written (default: on when the CI environment variable is set, as on CI services)."
        ))
    var ci: Bool?

    @Option(
        help: ArgumentHelp(
            "Run N test files at a time, each in a worker process (default: the number of cores; at most four per core).",
            valueName: "N"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Run only the K-th of N stable parts of the tests' runs (each device or matrix value a run), for a CI matrix of N machines.",
            valueName: "K/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "Run only the tests whose file path, device or matrix value contains TEXT (repeatable: any of them).",
            valueName: "TEXT"))
    var filter: [String] = []

    @Flag(help: "Print the test files that would run, one a line, and run none.")
    var list = false

    @Flag(
        help:
            "List the devices a test's '-- devices:' line can name (bounds, scale, safe area, sources), and run nothing."
    )
    var devices = false

    @Option(
        help: ArgumentHelp(
            "How failures are reported besides the usual lines: 'github' adds GitHub Actions annotations (::error file=…,line=…::), each test's lines between ::stop-commands:: and its token.",
            valueName: "NAME"))
    var reporter: TestReporter?

    @Flag(
        help:
            "After the run, re-run each test whose test file, layout, modules, controller or data file is saved (Ctrl-C to stop)."
    )
    var watch = false

    @Option(
        help: ArgumentHelp(
            "With --watch: stop after this many re-runs (for scripts and tests).", valueName: "N", visibility: .hidden))
    var exitAfter: Int?

    @Option(
        help: ArgumentHelp(
            "With --watch: stop after this many seconds without a save (for scripts and tests).", valueName: "SECONDS",
            visibility: .hidden))
    var idleTimeout: Double?

    @Flag(help: "Stop after the first test that fails or cannot run: start no other.")
    var bail = false

    @Option(
        help: ArgumentHelp(
            "Snapshot coordinates within POINTS of the stored ones match (default: half a pixel of the test's scale).",
            valueName: "POINTS"))
    var tolerance: Double?

    @Option(
        help: ArgumentHelp(
            "A worker process using more than MB megabytes of memory is stopped and its test fails (0: no limit; at most 1048576).",
            valueName: "MB"))
    var workerMemory: Int = 4096

    /// `CI` set to anything but empty, `0` or `false`, as CI services do.
    static func environmentIsCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false"].contains(value)
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        if devices {
            io.out.write(DeviceTable.listing)
            return
        }
        try checkLimits()
        let tolerance = self.tolerance ?? 0
        let part: TestSelection.Shard?
        if let shard {
            guard let parsed = TestSelection.Shard(shard) else {
                throw .usage("test: --shard takes K/N with 1 ≤ K ≤ N (as 2/4), got '\(shard)'")
            }
            part = parsed
        } else {
            part = nil
        }
        let files: [String]
        do {
            files = try TestDiscovery.find(paths.isEmpty ? ["."] : paths)
        } catch {
            throw .input(error.description)
        }
        guard !files.isEmpty else {
            throw .usage(
                "test: no test files (*\(TestDiscovery.suffix)) under \(paths.isEmpty ? "the current folder" : paths.joined(separator: ", "))"
            )
        }
        // The JUnit file may not replace a test, what one runs, or a snapshot: refused before running.
        try OutputDestination(path: junit, option: "--junit").refuse(
            overwriting: junit == nil ? [] : Self.inputs(of: files))
        // Each device or matrix run of a file is a run of its own: --filter picks runs by their
        // file or their device or matrix value, and --shard balances runs across machines.
        var runs = TestSelection.filter(TestJob.expand(files), by: filter)
        guard !runs.isEmpty else {
            throw .usage(
                "test: no test matches --filter \(filter.joined(separator: ", ")) (by its file's path, device or matrix value)"
            )
        }
        // A part may be empty (fewer runs than machines): it passes, so the matrix does too.
        if let part { runs = TestSelection.part(part, of: runs) }
        if list {
            for run in runs { io.out.write(run.name + "\n") }
            return
        }
        let ci = self.ci ?? Self.environmentIsCI()
        let configuration = TestWorkerPool.Configuration(
            jobs: jobs ?? Self.cores,
            workerArguments: (updateSnapshots ? ["--update-snapshots"] : []) + (ci ? ["--ci"] : [])
                + (tolerance > 0 ? ["--tolerance", "\(tolerance)"] : []) + (html != nil ? ["--html"] : []),
            memoryLimit: workerMemory << 20, bail: bail)
        let reports = try run(runs, configuration: configuration, io: io)
        if watch {
            try watchAndRerun(runs, reports, configuration: configuration, io: io)
            return
        }
        if TestRunSummary(reports).exitCode != 0 { throw .reported }
    }

    /// The cores the workers share (`--jobs`' default).
    static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Most workers at once: four per core. More only share the same cores, each test then
    /// takes longer than its time limit, and every worker holds its own memory.
    static var maxJobs: Int { 4 * cores }

    /// Most megabytes `--worker-memory` takes: 1 TiB, so the byte count cannot overflow.
    static let maxWorkerMegabytes = 1 << 20

    /// The numbers given to the run, each checked against its range before it is used.
    private func checkLimits() throws(CLIError) {
        if let jobs, !(1...Self.maxJobs).contains(jobs) {
            throw .usage(
                "test: --jobs must be between 1 and \(Self.maxJobs) (four workers per core; this machine has \(Self.cores)), got \(jobs)"
            )
        }
        if let tolerance, !(tolerance.isFinite && tolerance >= 0) {
            throw .usage("test: --tolerance takes points, 0 or more, got \(tolerance)")
        }
        guard (0...Self.maxWorkerMegabytes).contains(workerMemory) else {
            throw .usage(
                "test: --worker-memory takes megabytes from 0 (no limit) to \(Self.maxWorkerMegabytes), got \(workerMemory)"
            )
        }
    }

    /// Runs `runs` in the workers and prints each report in order, the summary, and the JUnit file.
    private func run(
        _ runs: [TestJob], configuration: TestWorkerPool.Configuration, io: CommandIO
    ) throws(CLIError) -> [TestCaseReport] {
        var pages = try html.map { folder throws(CLIError) in
            try TestTimelinePages(folder: folder, inputs: Self.inputs(of: runs.map(\.path)))
        }
        let pool = TestWorkerPool(jobs: runs, configuration: configuration)
        pool.start()
        let showProgress = isatty(2) == 1 && io.err is FileStream
        var reports: [TestCaseReport] = []
        var ledger = SnapshotLedger()
        let pauseToken = GitHubAnnotations.pauseToken()
        var notRun = 0
        for (index, run) in runs.enumerated() {
            if showProgress {
                io.err.write("\r\u{1B}[K[\(index + 1)/\(runs.count)] \(run.path)")
                io.flush()
            }
            let outcome = pool.report(at: index)
            if showProgress {
                io.err.write("\r\u{1B}[K")  // cleared before the result line is printed
                (io.err as? FileStream)?.flush()
            }
            guard var report = outcome?.report else {
                notRun += 1
                continue
            }
            ledger.record(outcome?.written ?? [], of: &report)
            if reporter == .github {
                // The report quotes the test's own text: no workflow command runs from it.
                let lines = GitHubAnnotations.guarded(report.lines, token: pauseToken)
                for line in lines + GitHubAnnotations.lines(for: report) { io.out.write(line + "\n") }
            } else {
                for line in report.lines { io.out.write(line + "\n") }
            }
            io.flush()
            pages?.add(report, io: io)
            reports.append(report)
        }
        pool.finish()
        // Snapshots of the old layout taken into their tests' folders: said once, per folder.
        for line in ledger.migration.finish(reports: reports) { io.out.write(line + "\n") }
        let summary = TestRunSummary(reports)
        if notRun > 0 {
            io.out.write("stopped after the first failure (--bail): \(notRun) test\(notRun == 1 ? "" : "s") not run\n")
        }
        io.out.write(summary.line + "\n")
        io.flush()
        if let junit {
            // The modules the layouts, scenarios and controllers required are inputs too: only
            // the run knows them.
            let inputs = Self.inputs(of: runs.map(\.path)) + reports.flatMap(\.result.files)
            try OutputDestination(path: junit, option: "--junit").write(io, inputs: inputs) {
                $0.write(JUnitWriter.xml(reports))
            }
        }
        pages?.finish(io: io)
        if let failure = pages?.failure { throw failure }
        return reports
    }

    /// `--watch`: after the first run, re-runs each test whose test file, layout, modules,
    /// controller or data file is saved, until Ctrl-C.
    private func watchAndRerun(
        _ runs: [TestJob], _ first: [TestCaseReport], configuration: TestWorkerPool.Configuration, io: CommandIO
    ) throws(CLIError) {
        var files: [Int: Set<String>] = [:]
        func remember(_ reports: [TestCaseReport], of indices: [Int]) {
            for (report, index) in zip(reports, indices) {
                files[index] = Set(report.result.files + [runs[index].path])
            }
        }
        remember(first, of: Array(runs.indices))
        for index in runs.indices where files[index] == nil { files[index] = [runs[index].path] }
        let stop = StopSignal()
        defer { stop.restore() }
        io.err.write("watching \(runs.count) test\(runs.count == 1 ? "" : "s") (Ctrl-C to stop)\n")
        io.flush()
        var baseline = FileWatcher.signatures(of: Array(files.values.reduce(into: Set<String>()) { $0.formUnion($1) }))
        let watcher = FileWatcher()
        var reruns = 0, idle = 0.0
        while !stop.isSet, exitAfter.map({ reruns < $0 }) ?? true {
            let slice = 0.25
            guard let now = watcher.waitForChange(from: baseline, timeout: slice, shouldStop: { stop.isSet }) else {
                idle += slice
                if let idleTimeout, idle >= idleTimeout { break }
                continue
            }
            idle = 0
            let changed = Set(now.keys.filter { now[$0] != baseline[$0] })
            baseline = now
            let indices = runs.indices.filter { !(files[$0] ?? []).isDisjoint(with: changed) }
            guard !indices.isEmpty else { continue }
            let names = changed.sorted().joined(separator: ", ")
            io.out.write("\n\(names) changed: running \(indices.count) test\(indices.count == 1 ? "" : "s")\n")
            let reports = try run(indices.map { runs[$0] }, configuration: configuration, io: io)
            remember(reports, of: indices)
            reruns += 1
            // Modules a run required for the first time are watched from now on.
            let watched = files.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            for file in watched where baseline[file] == nil { baseline[file] = FileWatcher.signature(of: file) }
        }
        io.err.write("stopped watching\n")
    }

    /// The files the tests read: each test, the layout, controller and data its header names,
    /// and the snapshots of it (its folder's, and the old layout's shared files beside it).
    static func inputs(of tests: [String]) -> [String] {
        var inputs: [String] = []
        var folders = Set<String>()
        for test in tests {
            inputs.append(test)
            if let plan = try? ScenarioTestPlan<ScenarioOptions>.load(test) {
                inputs += [plan.layoutPath] + [plan.controllerPath, plan.options.layout.data].compactMap { $0 }
            }
            for folder in [SnapshotStore.folder(forTest: test), SnapshotStore.legacyFolder(forTest: test)]
            where folders.insert(folder).inserted {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                inputs += names.sorted().map { folder + "/" + $0 }
            }
        }
        return inputs
    }
}

/// `--reporter`: the usual lines only, or with GitHub Actions annotations.
enum TestReporter: String, ExpressibleByArgument, CaseIterable {
    case `default`
    case github
}
