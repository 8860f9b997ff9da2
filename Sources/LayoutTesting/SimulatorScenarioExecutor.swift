import LayoutEngine
import LayoutOutput
import Scenario

/// Runs a test's scenario with the simulator (`ScenarioRunner`), answering `expectSnapshot`
/// from the snapshot store.
package struct SimulatorScenarioExecutor: ScenarioExecuting {
    package init() {}

    package func execute<Options>(
        _ plan: ScenarioTestPlan<Options>, snapshots: SnapshotStore
    ) -> ScenarioTestResult {
        var result = ScenarioTestResult()
        let context: CollectionContext
        do {
            context = try plan.options.makeContext()
        } catch {
            result.error = Self.locate("\(error)", in: plan)
            return result
        }
        // The handler cannot stop the scenario: it records what the run must report after it.
        let recorder = SnapshotRecorder()
        func verdict(_ outcome: SnapshotStore.Outcome, name: String, line: Int) -> SnapshotVerdict {
            switch outcome {
            case .passed(let note):
                if let note { recorder.notes.append(note) }
                return SnapshotVerdict(passed: true, message: note ?? "snapshot '\(name)' matches")
            case .failed(let message):
                return SnapshotVerdict(passed: false, message: message)
            case .invalidName(let message):
                recorder.invalidNames.append((line, message))
                return SnapshotVerdict(passed: false, message: message)
            }
        }
        // Every kind of snapshot through the store's one flow; per device (or matrix run) the
        // file is NAME.SUFFIX, and the name itself is checked alone.
        func check(_ format: SnapshotFormat, _ name: String, _ line: Int, _ snapshot: LayoutSnapshot) -> SnapshotVerdict
        {
            let stored = plan.variant.map { name.isEmpty ? name : name + "." + $0.snapshotSuffix } ?? name
            return verdict(
                snapshots.check(
                    format, name: stored, snapshot: snapshot, testPath: plan.testPath, line: line,
                    scale: context.scale, validating: name), name: name, line: line)
        }
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: plan.layoutPath, scenarioPath: plan.testPath, controllerPath: plan.controllerPath,
                context: context,
                layoutOptions: plan.options.layoutOptions,
                snapshotHandler: { check(.layout, $0, $1, $2) },
                imageSnapshotHandler: { check(.image, $0, $1, $2) }))
        result.checks = outcome.checks.count
        let invalidLines = Set(recorder.invalidNames.map(\.line))
        result.failures = outcome.failedChecks.filter { !invalidLines.contains($0.line) }.map {
            .init(line: $0.line, message: $0.message)
        }
        // An unsafe snapshot name is an error of the scenario at its line, like a bad argument.
        if let (line, message) = recorder.invalidNames.first {
            result.error = "\(plan.testPath):\(line): \(message)"
        } else if let error = outcome.error {
            result.error = "\(error)"
        }
        result.notes = outcome.warnings + recorder.notes
        result.files =
            [plan.testPath, plan.layoutPath] + outcome.loadedFiles
            + [plan.controllerPath, plan.options.dataFile].compactMap { $0 }
        return result
    }
}

/// What the snapshot handler saw during one scenario.
private final class SnapshotRecorder {
    package var notes: [String] = []
    package var invalidNames: [(line: Int, message: String)] = []
}

extension SimulatorScenarioExecutor {
    /// An error of the collection view the options describe (`--sections: 200000000 items; …`)
    /// located at the test's line that gives the option (a `-- options:` line, or the
    /// `-- matrix:` or `-- devices:` line of this run); one already located in a data file
    /// stays as it is.
    static func locate<Options>(_ message: String, in plan: ScenarioTestPlan<Options>) -> String {
        guard message.hasPrefix("--") else { return message }
        let option = String(message.prefix { $0 != ":" && $0 != " " })
        let lines = plan.header.options + (plan.variant.map { [$0.options] } ?? [])
        let line = lines.first { $0.value.contains(option) }?.line ?? lines.first?.line ?? 1
        return "\(plan.testPath):\(line): \(message)"
    }
}
