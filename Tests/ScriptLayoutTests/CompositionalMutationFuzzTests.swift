import LayoutEngine
import ScriptLayout
import Testing
import TestSupport

/// The mutation fuzzer for the `compositional` constructors (issue 19): trees built from the
/// API's grammar, then fields of the constructed objects replaced with values of every type,
/// cycles, other constructors' specs and deep chains, some of them only after a section
/// provider has returned the section. Each script runs through what every command does with a
/// layout (load, prepare, every element, a rect query, an item query, a bounds change).
/// Whatever the mutation, the outcome is a located `ScriptError` or a layout of finite frames;
/// never a crash, a hang past the limits, or another kind of error.
///
/// 300 iterations in the suite; `LUALAYOUT_FUZZ_ITERATIONS=N` runs more (see FuzzSupport).
@Suite("Compositional mutation fuzzer")
struct CompositionalMutationFuzzTests {
    @Test func mutatedTreesFailCleanlyOrLayOut() {
        fuzz("compositionalMutation", defaultIterations: 300) { random, tally in
            let (base, mutated) = MutatedTree.script(&random, tally)
            let sections = random.int(1...3)
            let counts = (0..<sections).map { _ in random.int(0...40) }
            // The tree as the grammar built it lays out (the grammar only makes valid trees).
            let baseProblems = Self.problems(base, counts: counts, tally: tally, mustLayOut: true)
            return baseProblems + Self.problems(mutated, counts: counts, tally: tally)
        }
    }

    static func problems(_ source: String, counts: [Int], tally: FuzzTally, mustLayOut: Bool = false) -> [String] {
        let limits = ScriptLayout.Limits(memoryBytes: 64 << 20, instructions: 20_000_000, seconds: 10)
        let context = makeContext(width: 375, height: 667, counts: counts)
        do {
            let layout = try ScriptLayout(source: source, name: "test.lua", options: .init(limits: limits))
            try layout.prepare(in: context)
            let all = try layout.allLayoutAttributes(context: context)
            var problems: [String] = []
            for element in all
            where
                !(element.frame.x.isFinite && element.frame.y.isFinite && element.frame.width.isFinite
                && element.frame.height.isFinite)
            {
                problems.append("non-finite frame \(element.frame) for \(element.indexPath)")
            }
            _ = try layout.layoutAttributesForElements(
                in: Rect(x: 0, y: 100, width: 375, height: 667), context: context)
            if let first = counts.firstIndex(where: { $0 > 0 }) {
                _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(first, 0), context: context)
            }
            let wider = makeContext(width: 500, height: 667, counts: counts)
            if try layout.shouldInvalidateLayout(forBoundsChange: wider.bounds, context: context) {
                try layout.prepare(in: wider)
                _ = try layout.allLayoutAttributes(context: wider)
            }
            tally.add(mustLayOut ? "unmutated: laid out" : "laid out")
            return problems + (source.isEmpty ? ["empty script"] : [])
        } catch let error as ScriptError {
            if mustLayOut { return ["the unmutated tree does not lay out: \(error.message)\n--- script\n\(source)"] }
            tally.add("error: \(error.kind)")
            if error.kind != .invalidValue {
                // What the other kinds were, by the message less its location.
                let text = error.message.drop { $0 != " " }.dropFirst().prefix(48)
                tally.add("  \(error.kind): \(text)")
            }
            // Located: at the script's line (`test.lua:N:`) or at the script (`test.lua:`).
            guard error.message.hasPrefix("test.lua:") else {
                return ["unlocated error: \(error.message)\n--- script\n\(source)"]
            }
            guard !error.message.contains("(compositional)"), !(error.traceback ?? "").contains("(compositional)")
            else {
                return ["the prelude's frames show: \(error.message)\n\(error.traceback ?? "")"]
            }
            return []
        } catch {
            return ["not a ScriptError: \(error)\n--- script\n\(source)"]
        }
    }
}
