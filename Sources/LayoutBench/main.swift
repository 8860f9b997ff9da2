// lualayout-bench: the in-process figures of Scripts/bench (the whole-process ones are timed
// by the script itself). Prints one JSON object: CPU seconds (best of the runs).
// Usage: lualayout-bench [--quick]   (--quick: 100k items instead of 1M, 1M instead of 4M)
import LayoutEngine
import ScriptLayout

import Platform

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let itemCount = quick ? 100_000 : 1_000_000
let queryItems = quick ? 1_000_000 : 4_000_000
let runs = quick ? 3 : 7

/// The thread's CPU time (page faults included): on a shared machine wall time measures the
/// neighbours as much as the code.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Best CPU time of `runs` runs, in seconds.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        result = min(result, now() - start)
    }
    return result
}

func context(items: Int, width: Double = 375, offsetY: Double = 0) -> CollectionContext {
    CollectionContext(bounds: Rect(x: 0, y: offsetY, width: width, height: 667), data: CollectionData(counts: [items]))
}

var figures: [(String, Double)] = []
@MainActor func record(_ name: String, _ value: Double) { figures.append((name, value)) }

// The benchmark's fixed-size flow: 50×40 items, spacings 8/6, insets 10/12 (as flow-sizes.lua).
var fixedConfiguration = FlowLayoutConfiguration()
fixedConfiguration.itemSize = Size(width: 50, height: 40)
fixedConfiguration.minimumLineSpacing = 8
fixedConfiguration.minimumInteritemSpacing = 6
fixedConfiguration.sectionInset = EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)

// `--grid flow|compositional`: one engine prepare of the 1M-item grid and exit, for timing
// whole processes from outside (paired A/B runs).
var flowGrid = FlowLayoutConfiguration()
flowGrid.itemSize = Size(width: 75, height: 75)
(flowGrid.minimumLineSpacing, flowGrid.minimumInteritemSpacing) = (0, 0)
let gridSection = Compositional.Section(
    group: .horizontal(
        size: .init(width: .fractionalWidth(1), height: .fractionalWidth(0.2)),
        subitems: [.item(.init(size: .init(width: .fractionalWidth(0.2), height: .fractionalHeight(1))))]))
if let flag = arguments.firstIndex(of: "--grid"), arguments.indices.contains(flag + 1) {
    let gridContext = context(items: itemCount)
    if arguments[flag + 1] == "flow" {
        print(try FlowLayout.compute(configuration: flowGrid, delegate: nil, context: gridContext).store.count)
    } else {
        print(
            try CompositionalEngine.prepare(
                sections: .single(gridSection), configuration: .init(), context: gridContext
            ).store.count)
    }
    exit(0)
}

// 3. The engine alone: a 1M fixed-size flow (no Lua), against the floor below.
let engine = FlowLayout(configuration: fixedConfiguration)
record("engine_fixed", try best(runs) { try engine.prepare(in: context(items: itemCount)) })

// The floor: a tight loop writing the same 64-byte records (frame, alpha, index path, zIndex,
// extras, kind, category, hidden) into fresh memory — page faults included, as the engine's.
struct FloorRecord {
    var x, y, width, height, alpha: Double
    var section, item, zIndex, extras: Int32
    var kind: UInt16
    var category: UInt8
    var hidden: Bool
}
precondition(MemoryLayout<FloorRecord>.stride == 64)
var floorChecksum = 0.0
record(
    "floor_fixed",
    best(runs) {
        let records = UnsafeMutablePointer<FloorRecord>.allocate(capacity: itemCount)
        // 351 points across (375 − 24), 50-point items with gaps ≥ 6: 6 a line, justified.
        let perLine = 6, gap = (351.0 - 6 * 50) / 5
        for i in 0..<itemCount {
            let line = i / perLine, column = i - line * perLine
            records[i] = FloorRecord(
                x: (12 + Double(column) * (50 + gap)).rounded(), y: 10 + Double(line) * 48, width: 50, height: 40,
                alpha: 1,
                section: 0, item: Int32(i), zIndex: 0, extras: -1, kind: 0, category: 0, hidden: false)
        }
        floorChecksum += records[itemCount - 1].y
        records.deallocate()
    })
precondition(floorChecksum > 0)

// 6. Viewport queries on a 4M-item prepared flow (and 10k, for the scaling).
@MainActor func queryTime(items: Int) throws -> Double {
    let layout = FlowLayout(configuration: fixedConfiguration)
    let base = context(items: items)
    try layout.prepare(in: base)
    let height = layout.collectionViewContentSize.height
    var generator = SystemRandomNumberGenerator()
    let offsets = (0..<2000).map { _ in Double.random(in: 0...(max(0, height - 667)), using: &generator) }
    var count = 0
    let total = try best(3) {
        for y in offsets {
            count += try layout.layoutAttributesForElements(
                in: Rect(x: 0, y: y, width: 375, height: 667), context: base
            ).count
        }
    }
    precondition(count > 0)
    return total / Double(offsets.count)
}
record("query_10k", try queryTime(items: 10_000))
record("query_large", try queryTime(items: queryItems))

// #12: a compositional grid (item 0.2w × 1.0h, group 1.0w × 0.2w) against the flow's
// fixed-size 75×75 grid of the same count, both engine compute steps with no Lua.
record(
    "flow_grid",
    try best(runs) {
        _ = try FlowLayout.compute(configuration: flowGrid, delegate: nil, context: context(items: itemCount))
    })
record(
    "compositional_grid",
    try best(runs) {
        _ = try CompositionalEngine.prepare(
            sections: .single(gridSection), configuration: .init(), context: context(items: itemCount))
    })

// Peers: a wrapping grid of 100×100 items, gap 10, 1000 wide; compute (prepare) time only.
let gridFixed = try ScriptLayout(
    source: """
        return flow{ itemSize = {100, 100}, minimumLineSpacing = 10, minimumInteritemSpacing = 10 }
        """)
let gridLua = try ScriptLayout(
    source: """
        return flow{ minimumLineSpacing = 10, minimumInteritemSpacing = 10,
                     sizeForItem = function(cv, section, item) return 100, 100 end }
        """)
for items in [1_000, 10_000, 100_000] {
    let gridContext = context(items: items, width: 1000)
    record("grid_fixed_\(items)", try best(runs) { try gridFixed.prepare(in: gridContext) })
    record("grid_lua_\(items)", try best(runs) { try gridLua.prepare(in: gridContext) })
}

let body = figures.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
print("{\n  \"items\": \(itemCount),\n  \"query_items\": \(queryItems),\n\(body)\n}")
