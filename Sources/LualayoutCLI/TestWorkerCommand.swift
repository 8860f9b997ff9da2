import ArgumentParser
import LayoutTesting
import Platform

/// `lualayout test-worker [--update-snapshots] [--ci]` (hidden): where `lualayout test` runs
/// its test files, one after another, so that a test that crashes, aborts, hangs outside Lua
/// or eats memory costs a killed worker, never the run. Reads `TestWorkerRequest`s on standard
/// input, answers `TestWorkerReply`s on standard output (`TestWorker`, beside its parent's side,
/// `TestWorkerPool`); the scripts' `print` goes to standard error, which is the user's.
struct TestWorkerCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-worker",
        abstract: "Runs test files for `lualayout test` (internal).",
        shouldDisplay: false)

    @Flag var updateSnapshots = false
    @Flag var ci = false
    @Option var tolerance: Double = 0
    /// The lane's file the parent reads each run's printed lines from (`TestOutputCapture`).
    @Option var output: String?
    /// Each report carries the run's timeline page (`lualayout test --html DIR`).
    @Flag var html = false

    func execute(_ io: CommandIO) throws(CLIError) {
        io.flush()
        if let output { TestOutputCapture.redirectStandardError(to: output) }
        TestWorker<ScenarioOptions>(
            snapshots: SnapshotStore(update: updateSnapshots, ci: ci, tolerance: tolerance), timelinePages: html
        )
        .serve()
    }
}
