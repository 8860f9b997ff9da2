import Foundation
import LayoutEngine
@testable import LualayoutCLI

/// A stand-in for the scenario runtime that reads a scenario line by line and understands
/// only literal calls: `expect(true, "m")`, `expect(false, "m")`, `expectSnapshot("n")` (the
/// whole layout, prepared in the header's collection view) and `error("m")`. It lets the
/// runner, the header, the reports and the snapshots be tested without the simulator.
struct FakeScenarioExecutor: ScenarioExecuting {
    func execute(_ plan: ScenarioTestPlan, snapshots: SnapshotStore) -> ScenarioTestResult {
        var result = ScenarioTestResult()
        let source = (try? String(contentsOfFile: plan.testPath, encoding: .utf8)) ?? ""
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if let message = Self.argument(of: "expect(true, ", in: line) {
                _ = message
                result.checks += 1
            } else if let message = Self.argument(of: "expect(false, ", in: line) {
                result.checks += 1
                result.failures.append(.init(line: number, message: message))
            } else if let name = Self.argument(of: "expectSnapshot(", in: line) {
                result.checks += 1
                do {
                    let layout = try plan.scriptOptions.loadLayout(plan.layoutPath)
                    let context = try plan.layout.makeContext()
                    let snapshot = try LayoutQuery.snapshot(of: layout, in: context, query: .all)
                    switch snapshots.check(name: name, snapshot: snapshot, testPath: plan.testPath) {
                    case .passed(let note): if let note { result.notes.append(note) }
                    case .failed(let message): result.failures.append(.init(line: number, message: message))
                    case .invalidName(let message):
                        result.error = "\(plan.testPath):\(number): \(message)"
                        return result
                    }
                } catch {
                    result.error = error.description
                    return result
                }
            } else if let message = Self.argument(of: "error(", in: line) {
                result.error = "\(plan.testPath):\(number): \(message)"
                return result
            }
        }
        return result
    }

    /// The string literal in `prefix"…")`, when the line is such a call.
    static func argument(of prefix: String, in line: Substring) -> String? {
        guard line.hasPrefix(prefix + "\""), line.hasSuffix("\")") else { return nil }
        return String(line.dropFirst(prefix.count + 1).dropLast(2)).replacingOccurrences(of: "\\\"", with: "\"")
    }
}
