/// What `lualayout test` needs from the scenario runtime: run one test's scenario against its
/// layout (and controller), checking its `expect` calls and asking `snapshots` about each
/// `expectSnapshot(name)`. `SimulatorScenarioExecutor` is the one in use.
package protocol ScenarioExecuting: Sendable {
    func execute<Options>(_ plan: ScenarioTestPlan<Options>, snapshots: SnapshotStore) -> ScenarioTestResult
}

/// How one scenario ended.
package struct ScenarioTestResult: Equatable {
    /// A failed `expect` or `expectSnapshot`: the scenario line and the message.
    package struct Failure: Equatable {
        package var line: Int
        package var message: String

        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// How many checks (`expect` and `expectSnapshot` calls) ran.
    package var checks = 0
    package var failures: [Failure] = []
    /// What stopped the scenario before its end (a script or layout error, a bad snapshot
    /// name), located as `file:line: message`; nil when it ran to its end.
    package var error: String?
    /// Things worth saying about a passing run (`snapshot written: …`).
    package var notes: [String] = []
    /// The files the run read (the test, its layout and the modules it required, the
    /// controller, the data file): what `--watch` watches for it.
    package var files: [String] = []
    /// The run's timeline as an HTML page, when asked for (`lualayout test --html DIR`).
    package var page: String?

    package init(checks: Int = 0, failures: [Failure] = [], error: String? = nil, notes: [String] = []) {
        self.checks = checks
        self.failures = failures
        self.error = error
        self.notes = notes
    }
}
