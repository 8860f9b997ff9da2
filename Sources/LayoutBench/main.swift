// lualayout-bench: the hot paths, each against a baseline run in the same process or script.
// Run through Scripts/bench (release build, from the repository root).
import Foundation
import LayoutEngine
import LayoutOutput
import ScriptLayout

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let itemCount = quick ? 100_000 : 1_000_000
let runs = quick ? 2 : 5

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Best wall time of `runs` runs, in seconds.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        result = min(result, now() - start)
    }
    return result
}

func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

func context(items: Int, offsetY: Double = 0) -> CollectionContext {
    CollectionContext(bounds: Rect(x: 0, y: offsetY, width: 375, height: 667), data: CollectionData(counts: [items]))
}

// `--grid flow|compositional`: one engine prepare of the 1M-item grid and exit, for timing
// whole processes from outside (farm-bench A --vs B).
if let flag = arguments.firstIndex(of: "--grid"), arguments.indices.contains(flag + 1) {
    let gridContext = context(items: itemCount)
    if arguments[flag + 1] == "flow" {
        var grid = FlowLayoutConfiguration()
        grid.itemSize = Size(width: 75, height: 75)
        (grid.minimumLineSpacing, grid.minimumInteritemSpacing) = (0, 0)
        print(try FlowLayout.compute(configuration: grid, delegate: nil, context: gridContext).store.count)
    } else {
        let section = Compositional.Section(group: .horizontal(
            size: .init(width: .fractionalWidth(1), height: .fractionalWidth(0.2)),
            subitems: [.item(.init(size: .init(width: .fractionalWidth(0.2), height: .fractionalHeight(1))))]))
        print(try CompositionalEngine.prepare(sections: .single(section), configuration: .init(), context: gridContext).store.count)
    }
    exit(0)
}

func format(_ seconds: Double) -> String {
    seconds >= 1e-3 ? String(format: "%.1f ms", seconds * 1e3) : String(format: "%.2f µs", seconds * 1e6)
}

var rows: [(String, String, String)] = []
@MainActor func report(_ name: String, _ value: String, _ note: String) {
    rows.append((name, value, note))
    print("\(name): \(value)  (\(note))")
}

let flowScript = "Scripts/benchmarks/flow-sizes.lua"
let fixedSource = """
    return flow{ itemSize = {50, 40}, minimumLineSpacing = 8, minimumInteritemSpacing = 6, sectionInset = {10, 12, 10, 12} }
    """
let customSource = """
    return { prepare = function(cv, out)
      local n = cv:numberOfItems(0)
      for i = 0, n - 1 do out:cell(0, i, (i % 6) * 60, (i // 6) * 60, 50, 50) end
    end }
    """

// 1. Flow prepare with a Lua sizeForItem vs the same algorithm in plain lua5.4.
let flow = try ScriptLayout(file: flowScript)
let flowTime = try best(runs) { try flow.prepare(in: context(items: itemCount)) }
var baseline = Double.nan
let lua = Process()
lua.executableURL = URL(fileURLWithPath: "/usr/bin/env")
lua.arguments = ["lua5.4", "Scripts/benchmarks/flow-plain.lua", String(itemCount), String(runs)]
let pipe = Pipe()
lua.standardOutput = pipe
if (try? lua.run()) != nil {
    lua.waitUntilExit()
    baseline = Double(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
}
report("flow prepare, \(itemCount) items, Lua sizeForItem", format(flowTime),
       String(format: "plain lua5.4, same algorithm: %@; engine/plain time ratio %.2f", format(baseline), flowTime / baseline))

let unbudgeted = try ScriptLayout(file: flowScript, options: .init(limits: .init(instructions: 0)))
let unbudgetedTime = try best(runs) { try unbudgeted.prepare(in: context(items: itemCount)) }
report("flow prepare, \(itemCount) items, Lua sizeForItem, no instruction budget", format(unbudgetedTime),
       String(format: "the count hook costs %.0f%% of the callback path", (flowTime - unbudgetedTime) / flowTime * 100))

// 2. Per-item callback cost: the same flow with and without the Lua callback.
let fixed = try ScriptLayout(source: fixedSource)
let fixedTime = try best(runs) { try fixed.prepare(in: context(items: itemCount)) }
let perItem = (flowTime - fixedTime) / Double(itemCount)
report("flow prepare, \(itemCount) items, fixed itemSize", format(fixedTime), "engine alone, no Lua per item")
report("Lua sizeForItem callback, per item", String(format: "%.0f ns", perItem * 1e9), "difference of the two above / items; bar ≤ 150 ns")

// 2b. Compositional grid (item 0.2w × 1.0h, group 1.0w × 0.2w) vs the flow fixed-size grid,
// both engine compute steps with no Lua, same item count; bar: compositional ≤ 2× flow.
var flowGrid = FlowLayoutConfiguration()
flowGrid.itemSize = Size(width: 75, height: 75)
(flowGrid.minimumLineSpacing, flowGrid.minimumInteritemSpacing) = (0, 0)
let flowGridTime = try best(runs) { _ = try FlowLayout.compute(configuration: flowGrid, delegate: nil, context: context(items: itemCount)) }
let gridSection = Compositional.Section(group: .horizontal(
    size: .init(width: .fractionalWidth(1), height: .fractionalWidth(0.2)),
    subitems: [.item(.init(size: .init(width: .fractionalWidth(0.2), height: .fractionalHeight(1))))]))
let compositionalTime = try best(runs) {
    _ = try CompositionalEngine.prepare(sections: .single(gridSection), configuration: .init(), context: context(items: itemCount))
}
report("compositional grid prepare, \(itemCount) items", format(compositionalTime),
       String(format: "flow fixed-size grid (engine): %@; compositional/flow %.2f; bar ≤ 2", format(flowGridTime), compositionalTime / flowGridTime))

// 3. Custom prepare: out:cell per element.
let custom = try ScriptLayout(source: customSource)
let customTime = try best(runs) { try custom.prepare(in: context(items: itemCount)) }
report("custom prepare, \(itemCount) × out:cell", format(customTime),
       String(format: "%.0f ns per element, Lua loop included", customTime / Double(itemCount) * 1e9))

// 4. Rect queries: viewport queries on small and large prepared layouts.
func queryTime(items: Int) throws -> Double {
    let layout = try ScriptLayout(file: flowScript)
    try layout.prepare(in: context(items: items))
    let height = layout.collectionViewContentSize.height
    var generator = SystemRandomNumberGenerator()
    let offsets = (0..<2000).map { _ in Double.random(in: 0...(max(0, height - 667)), using: &generator) }
    var count = 0
    let total = try best(3) {
        for y in offsets {
            count += try layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 375, height: 667), context: context(items: items, offsetY: y)).count
        }
    }
    precondition(count > 0)
    return total / Double(offsets.count)
}
let small = try queryTime(items: 10_000)
let large = try queryTime(items: itemCount)
report("viewport query, 10000 items", format(small), "375×667 at random offsets")
report("viewport query, \(itemCount) items", format(large), String(format: "%.2f× the 10k query; bars ≤ 20 µs and < 2×", large / small))

// 5. Memory per prepared element.
let before = residentBytes()
let memoryLayout = try ScriptLayout(source: fixedSource)
try memoryLayout.prepare(in: context(items: itemCount))
let after = residentBytes()
report("memory per prepared element", String(format: "%.0f bytes", Double(after - before) / Double(itemCount)),
       "resident-set growth over a \(itemCount)-item prepare; bar ≤ 150 bytes")

// 6. Batch update planning: 1,000 deletes + 1,000 inserts on 100k items, the whole cycle
// (validation, both prepares, hooks, plan), against the two prepares alone.
let updateItems = quick ? 20_000 : 100_000
let updateLayout = try ScriptLayout(file: flowScript)
var update = BatchUpdate()
for k in 0..<1000 {
    update.deletedItems.append(LayoutIndexPath(0, k * (updateItems / 1000)))
    update.insertedItems.append(LayoutIndexPath(0, k * (updateItems / 1000) + 1))
}
let oldCollection = context(items: updateItems)
let planTime = try best(runs) { _ = try UpdatePlanner.plan(layout: updateLayout, old: oldCollection, new: oldCollection, update: update) }
let preparesTime = try best(runs) {
    try updateLayout.prepare(in: oldCollection)
    try updateLayout.prepare(in: oldCollection)
}
report("update plan, 1000 deletes + 1000 inserts on \(updateItems) items", format(planTime),
       String(format: "two prepares alone: %@; planning adds %@", format(preparesTime), format(planTime - preparesTime)))

// 7. Hot reload: what `watch` does after a save, for 10k items: load the script from disk,
// prepare, list every element, diff against the previous run.
let reloadContext = context(items: 10_000)
let previousLayout = try ScriptLayout(file: flowScript)
try previousLayout.prepare(in: reloadContext)
let previous = LayoutSnapshot(bounds: reloadContext.bounds, contentSize: previousLayout.collectionViewContentSize,
                              elements: try previousLayout.allLayoutAttributes(context: reloadContext))
let reloadTime = try best(runs) {
    let layout = try ScriptLayout(file: flowScript)
    try layout.prepare(in: reloadContext)
    let snapshot = LayoutSnapshot(bounds: reloadContext.bounds, contentSize: layout.collectionViewContentSize,
                                  elements: try layout.allLayoutAttributes(context: reloadContext))
    precondition(LayoutDiff(from: previous, to: snapshot).isEmpty)
}
report("hot reload, 10000 items", format(reloadTime), "load + prepare + every element + diff; bar ≤ 50 ms")

print("")
print("| benchmark | result | baseline / note |")
print("| --- | --- | --- |")
for (name, value, note) in rows { print("| \(name) | \(value) | \(note) |") }
