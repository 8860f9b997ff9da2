import Foundation
import LayoutEngine
import Testing
import TestSupport

/// Random batches through `lualayout update` in-process, with every update hook defined: valid
/// batches plan each cell as the model says; batches that break a rule exit 2, rejected whole.
@Suite("fuzz: lualayout update")
struct UpdateCommandFuzzTests {
    static let script = """
        local seen = {}
        local layout = flow{ itemSize = {30, 20}, headerReferenceSize = {0, 8} }
        function layout.prepareForCollectionViewUpdates(cv, updates)
          seen = {}
          for _, u in ipairs(updates) do
            local p = u.indexPathAfterUpdate or u.indexPathBeforeUpdate
            seen[#seen + 1] = u.updateAction .. p.section .. ":" .. tostring(p.item)
          end
        end
        function layout.initialLayoutAttributesForAppearingItem(cv, a) a.alpha = 0; a.y = a.y - 10 end
        function layout.finalLayoutAttributesForDisappearingItem(cv, a) a.alpha = 0; a.center = {x = 0, y = 0} end
        function layout.initialLayoutAttributesForAppearingSupplementaryElement(cv, a) a.alpha = 0.5 end
        function layout.finalLayoutAttributesForDisappearingSupplementaryElement(cv, a) a.zIndex = 3 end
        function layout.finalizeCollectionViewUpdates(cv) seen = nil end
        return layout
        """

    @Test func batchesThroughTheCommand() throws {
        let path = try temporaryFile("layout.lua", Self.script)
        fuzz("batchesThroughTheCommand", defaultIterations: 25) { random, tally in
            let scenario = BatchScenario(&random)
            guard !scenario.oldCounts.isEmpty else { return [] }
            let counts = [
                "--sections", scenario.oldCounts.map(String.init).joined(separator: ","), "--bounds", "200x400",
            ]
            if random.chance(0.3), let (broken, newCounts, rule) = BatchScenario.breaking(scenario, &random),
                newCounts == nil
            {
                tally.add("broken")
                let result = lualayout(
                    ["update", path] + counts + Self.arguments(broken, insertedCounts: scenario.insertedSectionCounts))
                guard result.status == 2, result.err.hasPrefix("lualayout: invalid batch update: "), result.out.isEmpty
                else {
                    return ["'\(rule)': exit \(result.status), \(result.err.prefix(300))"]
                }
                return []
            }
            tally.add("valid")
            let arguments =
                ["update", path] + counts
                + Self.arguments(scenario.batch, insertedCounts: scenario.insertedSectionCounts)
            let result = lualayout(arguments)
            guard result.status == 0 else {
                return ["exit \(result.status): \(result.err.prefix(400))\n  \(arguments.joined(separator: " "))"]
            }
            return Self.planProblems(result.out, scenario)
        }
    }

    static func arguments(_ batch: BatchUpdate, insertedCounts: [Int: Int]) -> [String] {
        var result: [String] = []
        func path(_ p: LayoutIndexPath) -> String { "\(p.section):\(p.item)" }
        for s in batch.deletedSections { result += ["--delete-section", "\(s)"] }
        for s in batch.insertedSections { result += ["--insert-section", "\(s):\(insertedCounts[s] ?? 0)"] }
        for s in batch.reloadedSections { result += ["--reload-section", "\(s)"] }
        for m in batch.movedSections { result += ["--move-section", "\(m.from)=\(m.to)"] }
        for p in batch.deletedItems { result += ["--delete", path(p)] }
        for p in batch.insertedItems { result += ["--insert", path(p)] }
        for p in batch.reloadedItems { result += ["--reload", path(p)] }
        for m in batch.movedItems { result += ["--move", path(m.from) + "=" + path(m.to)] }
        return result
    }

    /// The printed plan: one update per batch entry; cells changed and mapped as the model says.
    static func planProblems(_ output: String, _ s: BatchScenario) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            let updates = json["updates"] as? [Any], let elements = json["elements"] as? [[String: Any]]
        else {
            return ["the plan is not the expected JSON: \(output.prefix(300))"]
        }
        var problems: [String] = []
        if updates.count != s.batchEntryCount {
            problems.append("\(updates.count) updates for \(s.batchEntryCount) batch entries")
        }
        func path(_ value: Any?) -> LayoutIndexPath? {
            guard let pair = value as? [Int], pair.count == 2 else { return nil }
            return LayoutIndexPath(pair[0], pair[1])
        }
        for element in elements where element["category"] as? String == "cell" {
            let change = element["change"] as? String ?? "?"
            let before = path(element["indexPathBefore"]), after = path(element["indexPathAfter"])
            if let after {
                let expected = s.change(ofNew: after)
                if change != expected.rawValue { problems.append("cell → \(after): \(change), model \(expected)") }
                if let before, s.itemNewToOld[after.section][after.item] != before {
                    problems.append(
                        "cell \(before) → \(after), model from \(String(describing: s.itemNewToOld[after.section][after.item]))"
                    )
                }
            } else if let before {
                let expected = s.itemChange[before.section][before.item]
                if !(expected == .delete || expected == .reload) || change != expected.rawValue {
                    problems.append("cell \(before) disappears as \(change), model \(expected)")
                }
            }
            if problems.count >= 4 { break }
        }
        let cells = elements.filter { $0["category"] as? String == "cell" && $0["indexPathAfter"] is [Int] }.count
        if cells != s.totalNew { problems.append("\(cells) cells after the update, model \(s.totalNew)") }
        return problems
    }
}
