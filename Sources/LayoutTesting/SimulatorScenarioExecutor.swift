import LayoutEngine
import LayoutOutput
import Scenario

/// Runs a test's scenario with the simulator (`ScenarioRunner`), answering `expectSnapshot`
/// from the snapshot store. `timelinePages`: each result carries the run's timeline as the
/// HTML page `simulate --format html` writes (`lualayout test --html DIR`).
package struct SimulatorScenarioExecutor: ScenarioExecuting {
    package var timelinePages = false

    package init(timelinePages: Bool = false) { self.timelinePages = timelinePages }

    package func execute<Options>(
        _ plan: ScenarioTestPlan<Options>, snapshots: SnapshotStore
    ) -> ScenarioTestResult {
        let (result, outcome) = run(plan, snapshots: snapshots)
        guard timelinePages, let outcome else { return result }
        var page = result
        var text = ""
        var stream: any TextOutputStream = text
        HTMLTimelineWriter().write(
            TimelineDocument(
                layoutPath: plan.layoutPath, scenarioPath: plan.testPath, controllerPath: plan.controllerPath,
                outcome: outcome), to: &stream)
        text = stream as? String ?? ""
        page.page = text
        return page
    }

    /// Runs the plan: the test's result and, when the scenario started, its outcome (the
    /// timeline `simulate` prints).
    package func run<Options>(
        _ plan: ScenarioTestPlan<Options>, snapshots: SnapshotStore
    ) -> (result: ScenarioTestResult, outcome: ScenarioOutcome?) {
        var result = ScenarioTestResult()
        let context: CollectionContext
        do {
            context = try plan.options.makeContext()
        } catch {
            result.error = Self.locate("\(error)", in: plan)
            return (result, nil)
        }
        let snapshotChecks = SnapshotChecks(
            store: snapshots, testPath: plan.testPath, suffix: plan.variant?.snapshotSuffix, scale: context.scale)
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: plan.layoutPath, scenarioPath: plan.testPath, controllerPath: plan.controllerPath,
                context: context,
                layoutOptions: plan.options.layoutOptions,
                snapshotHandler: snapshotChecks.handler(.layout), imageSnapshotHandler: snapshotChecks.handler(.image),
                namedLayouts: plan.options.namedLayouts))
        result.checks = outcome.checks.count
        let invalidLines = Set(snapshotChecks.invalidNames.map(\.line))
        result.failures = outcome.failedChecks.filter { !invalidLines.contains($0.line) }.map {
            .init(line: $0.line, message: $0.message)
        }
        // An unsafe snapshot name is an error of the scenario at its line, like a bad argument.
        if let (line, message) = snapshotChecks.invalidNames.first {
            result.error = "\(plan.testPath):\(line): \(message)"
        } else if let error = outcome.error {
            result.error = "\(error)"
        }
        result.notes = outcome.warnings + snapshotChecks.notes
        Self.requireChecks(plan.header, &result)
        result.files =
            [plan.testPath, plan.layoutPath] + outcome.loadedFiles
            + [plan.controllerPath, plan.options.dataFile].compactMap { $0 } + plan.options.namedLayouts.map(\.path)
        return (result, outcome)
    }
}

/// A scenario's `expectSnapshot` and `expectImageSnapshot` answered by a snapshot store for the
/// test at `testPath` (per device or matrix run the file is NAME.SUFFIX, the name itself
/// checked alone), and what the handlers saw: the handler cannot stop the scenario, so it
/// records what the run must report after it.
package final class SnapshotChecks {
    let store: SnapshotStore
    let testPath: String
    let suffix: String?
    let scale: Double
    package private(set) var notes: [String] = []
    package private(set) var invalidNames: [(line: Int, message: String)] = []

    package init(store: SnapshotStore, testPath: String, suffix: String?, scale: Double) {
        (self.store, self.testPath, self.suffix, self.scale) = (store, testPath, suffix, scale)
    }

    /// The scenario's handler for snapshots of `format`.
    package func handler(_ format: SnapshotFormat) -> SnapshotHandler {
        { [self] name, line, snapshot in
            let stored = suffix.map { name.isEmpty ? name : name + "." + $0 } ?? name
            let outcome = store.check(
                format, name: stored, snapshot: snapshot, testPath: testPath, line: line, scale: scale,
                validating: name)
            switch outcome {
            case .passed(let note):
                if let note { notes.append(note) }
                return SnapshotVerdict(passed: true, message: note ?? "\(format.noun) '\(name)' matches")
            case .failed(let message):
                return SnapshotVerdict(passed: false, message: message)
            case .invalidName(let message):
                invalidNames.append((line, message))
                return SnapshotVerdict(passed: false, message: message)
            }
        }
    }
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
