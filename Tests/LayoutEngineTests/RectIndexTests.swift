@testable import LayoutEngine
import TestSupport
import TestExpectations
import Testing

@Suite("Rect index")
struct RectIndexTests {
    private func bruteForce(_ frames: [Rect], _ rect: Rect) -> [Int] {
        frames.indices.filter { frames[$0].intersects(rect) }
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func matchesBruteForceOnRandomFrames(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var frames: [Rect] = []
        for _ in 0..<800 {
            let x = Double.random(in: -50...1000, using: &random).rounded()
            let y = Double.random(in: -50...5000, using: &random).rounded()
            frames.append(
                Rect(
                    x: x, y: y, width: Double.random(in: 0...120, using: &random).rounded(),
                    height: Double.random(in: 0...120, using: &random).rounded()))
        }
        // Random order: the bucket shape. A few elements spanning most of the content
        // (backdrops) go to its side list.
        frames.append(Rect(x: 0, y: 0, width: 1000, height: 5000))
        frames.append(Rect(x: 500, y: -100, width: 10, height: 4000))
        let index = RectIndex(frames: frames)
        for _ in 0..<300 {
            let query = Rect(
                x: Double.random(in: -200...1100, using: &random), y: Double.random(in: -200...5200, using: &random),
                width: Double.random(in: 0...600, using: &random), height: Double.random(in: 0...900, using: &random))
            expectEqual(index.indices(in: query, frames: frames), bruteForce(frames, query))
        }
    }

    /// Frames in a few runs of rising leading edges (a flow layout's cells, footers, headers)
    /// take the sorted-runs shape; it must agree with brute force too.
    @Test(arguments: [11, 12, 13])
    func sortedRunsMatchBruteForce(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func run(_ count: Int) -> [Rect] {
            (0..<count).map { _ in
                Rect(
                    x: Double.random(in: 0...300, using: &random).rounded(),
                    y: Double.random(in: 0...4000, using: &random).rounded(),
                    width: Double.random(in: 0...80, using: &random).rounded(),
                    height: Double.random(in: 0...300, using: &random).rounded())
            }.sorted { $0.minY < $1.minY }
        }
        let frames = run(500) + run(40) + run(40)
        let index = RectIndex(frames: frames)
        // Three runs of 500, 40 and 40 frames in blocks of 32: ⌈500/32⌉ + ⌈40/32⌉ + ⌈40/32⌉ =
        // 16 + 2 + 2 = 20 blocks of reach and floor (16 bytes), plus 4 run starts and 4 block
        // starts (8 bytes each): 20 × 16 + 8 × 8 = 384.
        expectEqual(index.approximateBytes, 384, "three runs: starts, block starts, reach and floor per block")
        for _ in 0..<300 {
            let query = Rect(
                x: Double.random(in: -50...350, using: &random), y: Double.random(in: -100...4100, using: &random),
                width: Double.random(in: 0...400, using: &random), height: Double.random(in: 0...700, using: &random))
            expectEqual(index.indices(in: query, frames: frames), bruteForce(frames, query))
        }
    }

    /// A flow layout's mixed sizes: items centred across their lines step back a little
    /// between neighbours, which still makes one run.
    @Test(arguments: [21, 22])
    func nearlySortedRunsMatchBruteForce(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var frames: [Rect] = []
        var y = 0.0
        for _ in 0..<200 {
            let heights = (0..<3).map { _ in Double.random(in: 20...60, using: &random).rounded() }
            let thickness = heights.max()!
            for (column, height) in heights.enumerated() {
                frames.append(Rect(x: Double(column) * 100, y: y + (thickness - height) / 2, width: 90, height: height))
            }
            y += thickness + 10
        }
        let index = RectIndex(frames: frames)
        // One run of 600 frames: ⌈600/32⌉ = 19 blocks × 16 bytes + 2 starts + 2 block starts
        // × 8 bytes = 304 + 32 = 336.
        expectEqual(index.approximateBytes, 336, "one run")
        for _ in 0..<300 {
            let query = Rect(
                x: Double.random(in: -50...300, using: &random), y: Double.random(in: -100...y, using: &random),
                width: Double.random(in: 0...300, using: &random), height: Double.random(in: 0...500, using: &random))
            expectEqual(index.indices(in: query, frames: frames), bruteForce(frames, query))
        }
    }

    /// The first run's blocks are read from the one-pass summary until a block may step back;
    /// from there the frames are read one by one. Breaks at a block's edge and inside the
    /// first block must give the same runs as reading every frame.
    @Test(arguments: [([64, 64, 10], 144.0), ([10, 100], 128.0), ([100], 96.0)])
    func runsFromTheSummaryMatchBruteForce(runs: [Int], bytes: Double) {
        // Each run: rows of three 90 × 40 frames, one every 50 points down from y = 0. A new
        // run steps back from y ≥ 50·(n − 1) to 0, more than 4 × 40 (four mean heights) for
        // n ≥ 5, so each run is one of the index's runs.
        let frames = runs.flatMap { count in
            (0..<count).map { Rect(x: Double($0 % 3) * 100, y: Double($0) * 50, width: 90, height: 40) }
        }
        let index = RectIndex(frames: frames)
        // Blocks of 32: 64 + 64 + 10 → 2 + 2 + 1 = 5 blocks × 16 bytes + (4 starts + 4 block
        // starts) × 8 = 80 + 64 = 144; 10 + 100 → 1 + 4 = 5 blocks: 80 + (3 + 3) × 8 = 128;
        // one run of 100 → 4 blocks: 64 + (2 + 2) × 8 = 96.
        expectEqual(index.approximateBytes, bytes)
        var random = SplitMix64(seed: UInt64(frames.count))
        for _ in 0..<300 {
            let query = Rect(
                x: Double.random(in: -50...350, using: &random), y: Double.random(in: -100...5100, using: &random),
                width: Double.random(in: 0...400, using: &random), height: Double.random(in: 0...700, using: &random))
            expectEqual(index.indices(in: query, frames: frames), bruteForce(frames, query))
        }
    }

    @Test func touchingEdgesDoNotIntersect() {
        let frames = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)]
        let index = RectIndex(frames: frames)
        expectEqual(index.indices(in: Rect(x: 10, y: 0, width: 5, height: 5), frames: frames), [1])
        expectEqual(index.indices(in: Rect(x: 9.999, y: 0, width: 5, height: 5), frames: frames), [0, 1])
        expectEqual(index.indices(in: Rect(x: 20, y: 0, width: 5, height: 5), frames: frames), [])
    }

    @Test func degenerateInputs() {
        expectEqual(RectIndex(frames: []).indices(in: Rect(x: 0, y: 0, width: 10, height: 10), frames: []), [])
        // Every element at one coordinate.
        let stacked =
            [Rect](repeating: Rect(x: 5, y: 5, width: 0, height: 0), count: 3) + [
                Rect(x: 0, y: 0, width: 10, height: 10)
            ]
        expectEqual(RectIndex(frames: stacked).indices(in: Rect(x: 1, y: 1, width: 2, height: 2), frames: stacked), [3])
    }
}
