import LayoutEngine
import ScriptLayout
import Testing
import TestSupport

/// Random scripts from the API's grammar through ScriptLayout: valid ones must lay out exactly
/// what they place; hostile ones must end in a located error or a consistent layout, never a
/// crash.
@Suite("fuzz: layout scripts")
struct ScriptLayoutFuzzTests {
    static let options = ScriptLayout.Options(limits: .init(memoryBytes: 64 << 20, instructions: 5_000_000), seed: 7)

    @Test func validScriptsLayOutWhatTheyPlace() {
        fuzz("validScriptsLayOutWhatTheyPlace", defaultIterations: 300) { random, tally in
            let script = ScriptGrammar.valid(&random)
            var context = QueryOracle.context(&random)
            // Valid scripts place cells at index paths the data has (sections 0–3 with items
            // up to 40, and section 9's loop of at most 60), as UIKit requires.
            context.data = CollectionData(counts: Array(repeating: 61, count: 10))
            let layout: ScriptLayout
            do {
                layout = try ScriptLayout(source: script.source, options: Self.options)
                try layout.prepare(in: context)
            } catch {
                return ["a valid script failed: \(error)\n\(script.source)"]
            }
            tally.add("elements", script.expected.count)
            var problems: [String] = []
            let all = try layout.allLayoutAttributes(context: context)
            if all != script.expected {
                let first = zip(all, script.expected).first { $0 != $1 }
                problems.append(
                    "listing differs (\(all.count) elements, \(script.expected.count) placed); first: \(String(describing: first))"
                )
            }
            if layout.collectionViewContentSize != script.contentSize {
                problems.append("content size \(layout.collectionViewContentSize), expected \(script.contentSize)")
            }
            for rect in QueryOracle.rects(&random, size: script.contentSize, count: 6) {
                let answer = try layout.layoutAttributesForElements(in: rect, context: context)
                problems += QueryOracle.compare(query: rect, answer: answer, all: script.expected, tally: tally)
            }
            problems += try QueryOracle.singleQueries(
                layout, all: script.expected, context: context, random: &random)
            // A second prepare (an invalidation) places the same.
            try layout.prepare(in: context)
            if try layout.allLayoutAttributes(context: context) != all {
                problems.append("a second prepare placed something else")
            }
            return problems.isEmpty ? [] : problems + [script.source]
        }
    }

    @Test func hostileScriptsFailCleanlyOrStayConsistent() {
        fuzz("hostileScriptsFailCleanlyOrStayConsistent", defaultIterations: 700) { random, tally in
            let (source, editsFrames) = ScriptGrammar.hostile(&random)
            var context = QueryOracle.context(&random)
            if random.chance(0.5) { context.data = Self.payloadData(&random) }
            var problems: [String] = []
            func located(_ error: any Error, _ phase: String) {
                tally.add("\(phase): error")
                guard let error = error as? ScriptError else {
                    problems.append("\(phase) threw a \(type(of: error)), not a ScriptError: \(error)")
                    return
                }
                if !error.message.hasPrefix("layout.lua") {
                    problems.append("\(phase): unlocated message: \(error.message)")
                }
                if FuzzSettings.environment["FUZZ_DEBUG"] != nil {
                    tally.add("E " + error.message.split(separator: " ").dropFirst().prefix(4).joined(separator: " "))
                }
            }
            let layout: ScriptLayout
            do {
                layout = try ScriptLayout(source: source, options: Self.options)
            } catch {
                located(error, "load")
                return problems.isEmpty ? [] : problems + [source]
            }
            do {
                try layout.prepare(in: context)
            } catch {
                located(error, "prepare")
                return problems.isEmpty ? [] : problems + [source]
            }
            tally.add("prepared")
            let all: [LayoutAttributes]
            do {
                all = try layout.allLayoutAttributes(context: context)
            } catch {
                located(error, "listing")
                return problems.isEmpty ? [] : problems + [source]
            }
            tally.add("elements", all.count)
            if layout.kind == .flow, KnownIssues.flowOriginRoundingOverflows, context.scale > 1,
                all.contains(where: { !$0.frame.x.isFinite || !$0.frame.y.isFinite })
            {
                tally.add("known: origin rounding overflows to inf")
                return []
            }
            if let bad = all.first(where: {
                !$0.frame.isFinite || $0.frame.width < 0 || $0.frame.height < 0 || !$0.alpha.isFinite
            }) {
                problems.append("\(bad.key) listed with frame \(bad.frame), alpha \(bad.alpha)")
            }
            let size = layout.collectionViewContentSize
            if layout.kind == .flow, KnownIssues.negativeSpacingsAndInsetsAccepted, size.width < 0 || size.height < 0 {
                tally.add("known 10.10 (negative spacing or inset: negative content size)")
                return []
            }
            if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
                problems.append("content size \(size)")
            }
            for rect in QueryOracle.rects(&random, size: size, count: 4) {
                do {
                    let answer = try layout.layoutAttributesForElements(in: rect, context: context)
                    if editsFrames {
                        // The hook moved frames after the query chose them: each answer must
                        // still be the listed element.
                        for element in answer where !all.contains(element) {
                            problems.append("rect \(rect) returned \(element.key) \(element.frame), unlike the listing")
                            break
                        }
                    } else {
                        let pinned = { (a: LayoutAttributes) in layout.kind == .flow && a.category == .supplementary }
                        problems += QueryOracle.compare(
                            query: rect, answer: answer, all: all, skip: pinned, tally: tally)
                    }
                } catch {
                    located(error, "rect query")
                }
            }
            do {
                problems += try QueryOracle.singleQueries(layout, all: all, context: context, random: &random)
                _ = try layout.targetContentOffset(
                    forProposedContentOffset: Point(x: 0, y: 100), withScrollingVelocity: Point(x: 0, y: -1.5),
                    context: context)
                _ = try layout.shouldInvalidateLayout(
                    forBoundsChange: Rect(x: 0, y: 50, width: 300, height: 400), context: context)
            } catch {
                located(error, "hooks")
            }
            // Invalidate and prepare again: an error or a layout, never a crash.
            do { try layout.prepare(in: context) } catch { located(error, "second prepare") }
            return problems.isEmpty ? [] : problems + [source]
        }
    }

    /// Data with payloads for cv:itemData: scalars, strings, nested arrays and objects, deep ones.
    static func payloadData(_ random: inout SplitMix64) -> CollectionData {
        func value(_ depth: Int, _ random: inout SplitMix64) -> LayoutValue {
            switch random.int(0...(depth > 3 ? 3 : 6)) {
            case 0: return .null
            case 1: return .bool(random.chance(0.5))
            case 2: return .number(random.pick([0, -1, 1e308, 0.5]))
            case 3: return .string(random.pick(["", "x", "ünï", String(repeating: "y", count: 300)]))
            case 4: return .array((0..<random.int(0...3)).map { _ in value(depth + 1, &random) })
            case 5: return .object(["a": value(depth + 1, &random), "b": .number(1)])
            default:
                var deep = LayoutValue.number(1)
                for _ in 0..<random.pick([10, 200, 600]) { deep = .array([deep]) }
                return deep
            }
        }
        return CollectionData(
            sections: (0..<random.int(1...3)).map { _ in
                .init(items: (0..<random.int(0...6)).map { _ in value(0, &random) })
            })
    }
}
