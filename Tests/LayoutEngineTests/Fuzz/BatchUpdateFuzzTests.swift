import LayoutEngine
import Testing
import TestSupport

/// Random batch updates against an independent model (BatchScenario): valid batches map every
/// item where the model says, invalid ones are rejected whole and prepare nothing.
@Suite("fuzz: batch updates")
struct BatchUpdateFuzzTests {
    @Test func validBatchesFollowTheModel() {
        fuzz("validBatchesFollowTheModel", defaultIterations: 1500) { random, tally in
            let scenario = BatchScenario(&random)
            tally.add("entries", scenario.batchEntryCount)
            return Self.check(scenario, &random, tally)
        }
    }

    @Test func invalidBatchesAreRejected() {
        fuzz("invalidBatchesAreRejected", defaultIterations: 1500) { random, tally in
            let scenario = BatchScenario(&random)
            guard let (batch, newCounts, rule) = BatchScenario.breaking(scenario, &random) else {
                tally.add("no rule to break")
                return []
            }
            tally.add(rule)
            var problems: [String] = []
            do {
                let mapping = try UpdateMapping(
                    oldCounts: scenario.oldCounts, update: batch, newCounts: newCounts,
                    insertedSectionCounts: scenario.insertedSectionCounts)
                problems.append(
                    "accepted a batch that breaks '\(rule)': \(batch), old counts \(scenario.oldCounts) → \(mapping.newCounts)"
                )
            } catch let error as UpdateError {
                if error.message.isEmpty { problems.append("rejected '\(rule)' without a message") }
            }
            // Through the planner: rejected before anything is prepared.
            let layout = CountingLayout(FlowLayoutConfiguration())
            let old = Self.context(scenario.oldCounts)
            let new = Self.context(newCounts ?? scenario.newCounts)
            do {
                _ = try UpdatePlanner.plan(layout: layout, old: old, new: new, update: batch)
                problems.append("the planner accepted a batch that breaks '\(rule)'")
            } catch is UpdateError {
                if layout.prepares != 0 {
                    problems.append("a rejected batch prepared the layout \(layout.prepares) times")
                }
            } catch {
                problems.append("the planner rejected '\(rule)' with a \(type(of: error)): \(error)")
            }
            return problems
        }
    }

    /// Random garbage: rejected, or accepted and then a consistent one-to-one mapping.
    @Test func garbageBatchesAreRejectedOrConsistent() {
        fuzz("garbageBatchesAreRejectedOrConsistent", defaultIterations: 3000) { random, tally in
            let oldCounts = (0..<random.int(0...4)).map { _ in random.int(0...4) }
            func value() -> Int {
                random.chance(0.05) ? random.pick([-1, Int.max, Int.min, 1 << 40]) : random.int(0...5)
            }
            func path() -> LayoutIndexPath { LayoutIndexPath(value(), value()) }
            func some<T>(_ make: () -> T) -> [T] {
                (0..<(random.chance(0.5) ? 0 : random.int(1...3))).map { _ in make() }
            }
            let batch = BatchUpdate(
                deletedSections: some(value), insertedSections: some(value), reloadedSections: some(value),
                movedSections: some { .init(from: value(), to: value()) }, deletedItems: some(path),
                insertedItems: some(path),
                reloadedItems: some(path), movedItems: some { .init(from: path(), to: path()) })
            let mapping: UpdateMapping
            do {
                mapping = try UpdateMapping(oldCounts: oldCounts, update: batch)
            } catch let error as UpdateError {
                tally.add("rejected")
                return error.message.isEmpty ? ["rejected without a message"] : []
            }
            tally.add("accepted")
            return Self.consistency(mapping, batch: batch, oldCounts: oldCounts)
        }
    }

    // MARK: Checks

    static func context(_ counts: [Int]) -> CollectionContext {
        CollectionContext(bounds: Rect(x: 0, y: 0, width: 200, height: 400), data: CollectionData(counts: counts))
    }

    static func check(_ s: BatchScenario, _ random: inout SplitMix64, _ tally: FuzzTally) -> [String] {
        let mapping: UpdateMapping
        do {
            mapping = try UpdateMapping(
                oldCounts: s.oldCounts, update: s.batch, insertedSectionCounts: s.insertedSectionCounts)
        } catch {
            return ["a valid batch was rejected: \(error.message)\n  old counts \(s.oldCounts), batch \(s.batch)"]
        }
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition && problems.count < 6 {
                problems.append(message() + "\n  old counts \(s.oldCounts), batch \(s.batch)")
            }
        }
        expect(mapping.newCounts == s.newCounts, "new counts \(mapping.newCounts), model \(s.newCounts)")
        expect(
            mapping.sectionsOldToNew == s.sectionOldToNew,
            "sections old → new \(mapping.sectionsOldToNew), model \(s.sectionOldToNew)")
        for (old, change) in s.sectionChange.enumerated() {
            expect(
                mapping.sectionChange(ofOld: old) == change,
                "section \(old): \(mapping.sectionChange(ofOld: old)), model \(change)")
        }
        guard problems.isEmpty else { return problems }

        // Every old item: where it goes and what happens to it (exactly one change).
        var oldByChange: [UpdateMapping.Change: Int] = [:]
        for (section, count) in s.oldCounts.enumerated() {
            for item in 0..<count {
                let path = LayoutIndexPath(section, item)
                let new = mapping.newIndexPath(forOld: path)
                expect(
                    new == s.itemOldToNew[section][item],
                    "old \(path) → \(String(describing: new)), model \(String(describing: s.itemOldToNew[section][item]))"
                )
                let change = mapping.change(ofOld: path)
                expect(
                    change == s.itemChange[section][item],
                    "old \(path): \(change), model \(s.itemChange[section][item])")
                oldByChange[change, default: 0] += 1
            }
        }
        // Every new item: where it came from (the inverse) and its change.
        var newByChange: [UpdateMapping.Change: Int] = [:]
        for (section, count) in s.newCounts.enumerated() {
            for item in 0..<count {
                let path = LayoutIndexPath(section, item)
                let old = mapping.oldIndexPath(forNew: path)
                expect(
                    old == s.itemNewToOld[section][item],
                    "new \(path) ← \(String(describing: old)), model \(String(describing: s.itemNewToOld[section][item]))"
                )
                if let old {
                    expect(mapping.newIndexPath(forOld: old) == path, "new \(path) ← \(old), which maps elsewhere")
                }
                let change = mapping.change(ofNew: path)
                expect(change == s.change(ofNew: path), "new \(path): \(change), model \(s.change(ofNew: path))")
                newByChange[change, default: 0] += 1
            }
        }
        let itemsOfDeletedSections = s.batch.deletedSections.reduce(0) { $0 + s.oldCounts[$1] }
        let itemsOfInsertedSections = s.batch.insertedSections.reduce(0) { $0 + s.newCounts[$1] }
        expect(
            oldByChange[.delete, default: 0] == s.batch.deletedItems.count + itemsOfDeletedSections,
            "\(oldByChange[.delete, default: 0]) old items deleted, the batch deletes \(s.batch.deletedItems.count) + \(itemsOfDeletedSections) in sections"
        )
        expect(
            newByChange[.insert, default: 0] == s.batch.insertedItems.count + itemsOfInsertedSections,
            "\(newByChange[.insert, default: 0]) new items inserted, the batch inserts \(s.batch.insertedItems.count) + \(itemsOfInsertedSections) in sections"
        )
        expect(
            oldByChange[.move, default: 0] == s.batch.movedItems.count
                && newByChange[.move, default: 0] == s.batch.movedItems.count,
            "moves: \(oldByChange[.move, default: 0]) old, \(newByChange[.move, default: 0]) new, \(s.batch.movedItems.count) in the batch"
        )
        for change in [UpdateMapping.Change.persist, .reload] {
            expect(
                oldByChange[change, default: 0] == newByChange[change, default: 0],
                "\(change): \(oldByChange[change, default: 0]) old items, \(newByChange[change, default: 0]) new")
        }
        expect(
            s.totalOld - oldByChange[.delete, default: 0] == s.totalNew - newByChange[.insert, default: 0],
            "\(s.totalOld) old − deletes ≠ \(s.totalNew) new − inserts")

        // The host's new counts, when it gives them, agree; one item more or less is refused.
        do {
            let checked = try UpdateMapping(oldCounts: s.oldCounts, update: s.batch, newCounts: s.newCounts)
            expect(checked.newCounts == s.newCounts, "with the host's counts: \(checked.newCounts)")
        } catch {
            expect(false, "the host's own new counts were refused: \(error.message)")
        }
        let keptSections = s.newCounts.indices.filter { !s.batch.insertedSections.contains($0) }
        if let section = keptSections.isEmpty ? nil : random.pick(keptSections) {
            var wrong = s.newCounts
            wrong[section] += random.chance(0.5) || wrong[section] == 0 ? 1 : -1
            expect(
                (try? UpdateMapping(oldCounts: s.oldCounts, update: s.batch, newCounts: wrong)) == nil,
                "accepted new counts \(wrong) (the batch gives \(s.newCounts))")
        }
        expect(
            (try? UpdateMapping(oldCounts: s.oldCounts, update: s.batch, newCounts: s.newCounts + [0])) == nil,
            "accepted one section too many after the update")

        // What the layout sees, and the data after the update.
        let updates = s.batch.collectionUpdates(mapping: mapping)
        expect(updates.count == s.batchEntryCount, "\(updates.count) updates for \(s.batchEntryCount) batch entries")
        for update in updates where update.action == .reload && !update.isSectionUpdate {
            guard let before = update.before, let item = before.item else { continue }
            let after = s.itemOldToNew[before.section][item]
            expect(
                update.after?.section == after?.section && update.after?.item == after?.item,
                "reload of [\(before.section), \(item)] said to end at \(String(describing: update.after)), model \(String(describing: after))"
            )
        }
        let oldData = CollectionData(
            sections: s.oldCounts.enumerated().map { section, count in
                .init(items: (0..<count).map { .string("\(section):\($0)") })
            })
        let newData = mapping.newData(from: oldData)
        expect(newData.sections.map(\.count) == s.newCounts, "new data counts \(newData.sections.map(\.count))")
        for (section, items) in s.itemNewToOld.enumerated() {
            for (item, old) in items.enumerated() {
                let payload = newData.item(at: LayoutIndexPath(section, item))
                // Without sections before the update there are no payloads to carry.
                let expected: LayoutValue? =
                    s.oldCounts.isEmpty ? nil : old.map { .string("\($0.section):\($0.item)") } ?? .null
                expect(
                    payload == expected,
                    "payload of new [\(section), \(item)] is \(String(describing: payload)), model \(String(describing: expected))"
                )
            }
        }
        if problems.isEmpty { problems += plan(s, tally) }
        return problems
    }

    /// The animation plan of a flow layout: each new cell once, each old cell once (twice when
    /// reloaded: it fades out while its replacement fades in), changes as the model says.
    static func plan(_ s: BatchScenario, _ tally: FuzzTally) -> [String] {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 40, height: 30)
        configuration.headerReferenceSize = Size(width: 0, height: 12)
        let layout = CountingLayout(configuration)
        let plan: AnimationPlan
        do {
            plan = try UpdatePlanner.plan(
                layout: layout, old: context(s.oldCounts), new: context(s.newCounts), update: s.batch)
        } catch {
            return ["the planner refused a valid batch: \(error)\n  old counts \(s.oldCounts), batch \(s.batch)"]
        }
        tally.add("plan entries", plan.entries.count)
        var problems: [String] = []
        var newSeen: [LayoutIndexPath: Int] = [:], oldSeen: [LayoutIndexPath: Int] = [:]
        for entry in plan.entries where entry.category == .cell {
            if let after = entry.indexPathAfter {
                newSeen[after, default: 0] += 1
                if entry.change != s.change(ofNew: after) {
                    problems.append("plan: new cell \(after) is a \(entry.change), model \(s.change(ofNew: after))")
                }
            }
            if let before = entry.indexPathBefore { oldSeen[before, default: 0] += 1 }
        }
        for (section, count) in s.newCounts.enumerated() {
            for item in 0..<count where newSeen[LayoutIndexPath(section, item)] != 1 {
                problems.append(
                    "plan: new cell [\(section), \(item)] appears \(newSeen[LayoutIndexPath(section, item)] ?? 0) times"
                )
            }
        }
        for (section, count) in s.oldCounts.enumerated() {
            for item in 0..<count {
                let expected = s.itemChange[section][item] == .reload ? 2 : 1
                let seen = oldSeen[LayoutIndexPath(section, item)] ?? 0
                if seen != expected {
                    problems.append(
                        "plan: old cell [\(section), \(item)] (\(s.itemChange[section][item])) appears \(seen) times")
                }
            }
        }
        let headers = plan.entries.filter { $0.category == .supplementary && $0.indexPathAfter != nil }.count
        if headers != s.newCounts.count {
            problems.append("plan: \(headers) headers after the update for \(s.newCounts.count) sections")
        }
        return problems.isEmpty ? [] : problems.prefix(6) + ["old counts \(s.oldCounts), batch \(s.batch)"]
    }

    /// What any accepted batch must satisfy, without a model: the mapping is one-to-one between
    /// survivors, named changes land where the batch says, survivors keep their order.
    static func consistency(_ mapping: UpdateMapping, batch: BatchUpdate, oldCounts: [Int]) -> [String] {
        var problems: [String] = []
        let label = "old counts \(oldCounts), batch \(batch)"
        var survivors = 0, arrivals = 0
        for (section, count) in oldCounts.enumerated() {
            var last: LayoutIndexPath?
            for item in 0..<count {
                let path = LayoutIndexPath(section, item)
                guard let new = mapping.newIndexPath(forOld: path) else { continue }
                survivors += 1
                if mapping.oldIndexPath(forNew: new) != path {
                    problems.append("\(path) → \(new) is not inverted; \(label)")
                }
                guard mapping.change(ofOld: path) != .move else { continue }
                if let last, last.section == new.section, !(last < new) {
                    problems.append("survivors of section \(section) change order; \(label)")
                }
                last = new
            }
        }
        for (section, count) in mapping.newCounts.enumerated() {
            for item in 0..<count where mapping.oldIndexPath(forNew: LayoutIndexPath(section, item)) != nil {
                arrivals += 1
            }
        }
        if survivors != arrivals { problems.append("\(survivors) survivors fill \(arrivals) places; \(label)") }
        for path in batch.deletedItems where mapping.newIndexPath(forOld: path) != nil {
            problems.append("deleted \(path) survives; \(label)")
        }
        for path in batch.insertedItems where mapping.oldIndexPath(forNew: path) != nil {
            problems.append("inserted \(path) has an old item; \(label)")
        }
        for move in batch.movedItems where mapping.newIndexPath(forOld: move.from) != move.to {
            problems.append(
                "moved \(move.from) lands at \(String(describing: mapping.newIndexPath(forOld: move.from))), not \(move.to); \(label)"
            )
        }
        return Array(problems.prefix(4))
    }
}
