/// Runs a test's scenario with the simulator (issue 11's scenario runtime).
struct SimulatorScenarioExecutor: ScenarioExecuting {
    func execute(_ plan: ScenarioTestPlan, snapshots: SnapshotStore) -> ScenarioTestResult {
        // Placeholder until the scenario runtime lands (branch sim-core).
        ScenarioTestResult(error: "\(plan.testPath):1: scenarios cannot run yet: the simulator is not in this build")
    }
}
