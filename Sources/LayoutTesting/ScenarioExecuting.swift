/// What `lualayout test` needs from the scenario runtime: run one test's scenario against its
/// layout (and controller), checking its `expect` calls and asking `snapshots` about each
/// `expectSnapshot(name)`. `SimulatorScenarioExecutor` is the one in use.
protocol ScenarioExecuting: Sendable {
    func execute(_ plan: ScenarioTestPlan, snapshots: SnapshotStore) -> ScenarioTestResult
}

/// How one scenario ended.
struct ScenarioTestResult: Equatable {
    /// A failed `expect` or `expectSnapshot`: the scenario line and the message.
    struct Failure: Equatable {
        var line: Int
        var message: String
    }

    /// How many checks (`expect` and `expectSnapshot` calls) ran.
    var checks = 0
    var failures: [Failure] = []
    /// What stopped the scenario before its end (a script or layout error, a bad snapshot
    /// name), located as `file:line: message`; nil when it ran to its end.
    var error: String?
    /// Things worth saying about a passing run (`snapshot written: …`).
    var notes: [String] = []
}
