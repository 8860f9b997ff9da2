import Dispatch
import Platform

/// Runs one test file in this process (a `lualayout test-worker` runs each file it is given
/// this way; `TestWorkerPool` runs the workers).
package enum TestRunner {
    /// Runs one test file: its header (read with `Options`), then its scenario (under the
    /// script's time limit). `started` hears the test's time limit once its header is read;
    /// `watchdog` ends this process when the whole test overruns it (a worker leaves that to
    /// its parent, which kills it and reports the test).
    package static func run<Options: ScenarioTestOptions>(
        _ file: String, variant: String? = nil, options: Options.Type, executor: any ScenarioExecuting,
        snapshots: SnapshotStore, watchdog: Bool = true, started: (Double) -> Void = { _ in }
    ) -> TestCaseReport {
        let start = DispatchTime.now().uptimeNanoseconds
        var result: ScenarioTestResult
        do {
            let plan = try ScenarioTestPlan<Options>.load(file, variant: variant)
            started(plan.options.timeout)
            let guardian = watchdog ? Watchdog(seconds: plan.options.timeout, what: "test \(file)") : nil
            defer { guardian?.cancel() }
            result = executor.execute(plan, snapshots: snapshots)
        } catch {
            result = ScenarioTestResult(error: error.description)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return TestCaseReport(path: file, variant: variant, result: result, seconds: seconds)
    }
}
