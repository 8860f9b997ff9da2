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
            Folders are searched recursively (hidden folders and __snapshots__ skipped); \
            files run in path order. expectSnapshot(name) compares the visible layout with \
            __snapshots__/NAME.json beside the test: written when missing (not in CI mode), \
            rewritten with --update-snapshots.

            Exit status: 0 when every test passes, 1 when one fails or cannot run, 2 for \
            usage errors, a missing path, or no test files found.

            Examples:
              lualayout test                  # every *.test.lua under the current folder
              lualayout test Examples --junit report.xml
            """)

    @Argument(
        help: ArgumentHelp("Folders to search and test files to run (default: the current folder).", valueName: "PATH"),
        completion: .file(extensions: ["lua"]))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to FILE.", valueName: "FILE"), completion: .file())
    var junit: String?

    @Flag(help: "Rewrite every snapshot that differs (or is missing) with the current layout, and pass.")
    var updateSnapshots = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "CI mode: a missing snapshot fails instead of being written (default: on when the CI environment variable is set, as on CI services)."
        ))
    var ci: Bool?

    /// `CI` set to anything but empty, `0` or `false`, as CI services do.
    static func environmentIsCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false"].contains(value)
    }

    func execute(_ io: CommandIO) throws(CLIError) {
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
        let junitDestination = OutputDestination(path: junit, option: "--junit")
        let inputs = junit == nil ? [] : Self.inputs(of: files)
        try junitDestination.refuse(overwriting: inputs)
        let executor = SimulatorScenarioExecutor()
        let snapshots = SnapshotStore(update: updateSnapshots, ci: ci ?? Self.environmentIsCI())
        let showProgress = isatty(2) == 1 && io.err is FileStream
        var reports: [TestCaseReport] = []
        for (index, file) in files.enumerated() {
            if showProgress {
                io.err.write("\r\u{1B}[K[\(index + 1)/\(files.count)] \(file)")
                io.flush()
            }
            let report = TestRunner.run(file, options: ScenarioOptions.self, executor: executor, snapshots: snapshots)
            if showProgress {
                io.err.write("\r\u{1B}[K")  // cleared before the result line is printed
                (io.err as? FileStream)?.flush()
            }
            for line in report.lines { io.out.write(line + "\n") }
            io.flush()
            reports.append(report)
        }
        let summary = TestRunSummary(reports)
        io.out.write(summary.line + "\n")
        if let junit {
            try junitDestination.write(io, inputs: inputs) { $0.write(JUnitWriter.xml(reports)) }
        }
        if summary.exitCode != 0 { throw .reported }
    }

    /// The files the tests read: each test, the layout, controller and data its header names,
    /// and the snapshots beside it.
    static func inputs(of tests: [String]) -> [String] {
        var inputs: [String] = []
        var folders = Set<String>()
        for test in tests {
            inputs.append(test)
            if let plan = try? ScenarioTestPlan<ScenarioOptions>.load(test) {
                inputs += [plan.layoutPath] + [plan.controllerPath, plan.options.layout.data].compactMap { $0 }
            }
            let folder = SnapshotStore.folder(forTest: test)
            guard folders.insert(folder).inserted else { continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            inputs += names.sorted().map { folder + "/" + $0 }
        }
        return inputs
    }
}
