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
            result.error = "\(error)"
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
        Self.requireChecks(plan.header, &result)
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
    /// A test that ran to its end without a single check passes for nothing: it fails, at line
    /// 1, unless its header says `-- checks: none`; a test that says so and checks fails too.
    static func requireChecks(_ header: ScenarioHeader, _ result: inout ScenarioTestResult) {
        guard result.error == nil else { return }
        if let declared = header.checksNone {
            guard result.checks > 0 else { return }
            let count = result.checks == 1 ? "1 check" : "\(result.checks) checks"
            result.failures.append(
                .init(line: declared.line, message: "'-- checks: none', but the test made \(count): remove the line"))
        } else if result.checks == 0 {
            result.failures.append(
                .init(
                    line: 1,
                    message:
                        "the test made no checks (expect, expectEqual, expectNear, expectFrame, expectSnapshot, expectImageSnapshot): add one, or say '-- checks: none' in its header"
                ))
        }
    }
}
