import Dispatch
import WorkerProtocol

/// Runs test files one by one, in this process: each under a watchdog of its own.
package enum TestRunner {
    /// Runs one test file: its header (read with `Options`), then its scenario (under the
    /// script's time limit).
    package static func run<Options: ScenarioTestOptions>(
        _ file: String, options: Options.Type, executor: any ScenarioExecuting, snapshots: SnapshotStore
    ) -> TestCaseReport {
        let start = DispatchTime.now().uptimeNanoseconds
        var result: ScenarioTestResult
        do {
            let plan = try ScenarioTestPlan<Options>.load(file)
            let watchdog = Watchdog(seconds: plan.options.timeout, what: "test \(file)")
            defer { watchdog.cancel() }
            result = executor.execute(plan, snapshots: snapshots)
        } catch {
            result = ScenarioTestResult(error: error.description)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return TestCaseReport(path: file, result: result, seconds: seconds)
    }
}
