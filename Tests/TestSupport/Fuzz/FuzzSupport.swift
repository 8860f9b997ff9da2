import Foundation
import Testing

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast generator whose sequence depends on the
/// seed alone, so a fuzz failure is reproduced from its seed and iteration on any machine.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range` (modulo bias is irrelevant at these sizes).
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int(span == 0 ? next() : next() % span)
    }

    package mutating func int(_ range: Range<Int>) -> Int { int(range.lowerBound...(range.upperBound - 1)) }

    /// Uniform in [0, 1).
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    package mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    package mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }

    package mutating func shuffled<T>(_ values: [T]) -> [T] {
        var result = values
        for i in stride(from: result.count - 1, to: 0, by: -1) { result.swapAt(i, int(0...i)) }
        return result
    }

    /// A random subset of `values` of `count` elements, in their original order.
    package mutating func subset<T>(_ values: [T], count: Int) -> [T] {
        let chosen = Set(shuffled(Array(values.indices)).prefix(count))
        return values.indices.filter { chosen.contains($0) }.map { values[$0] }
    }
}

/// How long the fuzzers run: a fixed seed and a small count in CI, more on demand
/// (`LUALAYOUT_FUZZ_ITERATIONS=N`, `LUALAYOUT_FUZZ_SEED=S`, `LUALAYOUT_FUZZ_ONLY=I` to replay
/// one iteration; see Scripts/fuzz).
package enum FuzzSettings {
    package static let environment = ProcessInfo.processInfo.environment
    package static let seed: UInt64 = environment["LUALAYOUT_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_122
    package static let iterationOverride: Int? = environment["LUALAYOUT_FUZZ_ITERATIONS"].flatMap { Int($0) }
    package static let only: Int? = environment["LUALAYOUT_FUZZ_ONLY"].flatMap { Int($0) }

    /// The iterations a fuzzer runs: `only`, or 0..<N (N from the environment or its default).
    package static func iterations(default count: Int) -> [Int] {
        if let only { return [only] }
        return Array(0..<(iterationOverride ?? count))
    }

    /// The generator of one iteration of one fuzzer: independent of the other iterations, so any
    /// one can be replayed alone.
    package static func generator(_ fuzzer: String, iteration: Int) -> SplitMix64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in fuzzer.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var mixer = SplitMix64(seed: seed ^ hash)
        for _ in 0...(iteration % 7) { _ = mixer.next() }
        return SplitMix64(seed: mixer.next() &+ UInt64(iteration) &* 0x9E37_79B9_7F4A_7C15)
    }

    package static func replay(_ fuzzer: String, _ iteration: Int) -> String {
        "replay: LUALAYOUT_FUZZ_SEED=\(seed) LUALAYOUT_FUZZ_ONLY=\(iteration) swift test --skip-build --filter \(fuzzer)"
    }
}

/// Known failures the fuzzers find, owned by other fixes. Each flag keeps its fuzzer passing by
/// recognising (and counting) that one failure; set it to false once the fix lands, and the
/// fuzzer then asserts the fixed behaviour.
package enum KnownIssues {
    /// 10.11: rect queries return frames of zero width or height (the docs say they are not).
    package static let zeroAreaFramesInRectQueries = false
    /// 10.14: the data parser accepts numbers with leading zeros (`01`, `-00.5`).
    package static let leadingZerosAccepted = false
    /// 10.10 (found by the flow fuzzer): a finite origin beyond Double.greatestFiniteMagnitude
    /// / scale rounds to the pixel grid as infinity, and prepare succeeds with it
    /// (`flow{ itemSize = {10, 10}, minimumLineSpacing = 1e308 }`, `--items 2 --scale 3
    /// --bounds 20x100` prints `"y": null` with exit 0).
    package static let flowOriginRoundingOverflows = false
    /// 10.10: negative spacings and insets are accepted, and a flow layout then reports a
    /// negative content size (`flow{ sectionInset = -5 }`, `--items 0`: content 375×-10).
    package static let negativeSpacingsAndInsetsAccepted = false
    /// 10.1: a callback removed between phases aborts the process, so the script grammar
    /// leaves out statements that remove callbacks.
    package static let callbackRemovedBetweenPhasesAborts = false
}

/// Counts what a fuzz run did and saw (printed once per fuzzer, for the report).
package final class FuzzTally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    package func add(_ what: String, _ count: Int = 1) {
        lock.lock()
        counts[what, default: 0] += count
        lock.unlock()
    }

    package func summary(_ name: String, iterations: Int, seconds: Double) -> String {
        lock.lock()
        defer { lock.unlock() }
        let rate = seconds > 0 ? Double(iterations) / seconds : 0
        let detail = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return
            "fuzz \(name): seed \(FuzzSettings.seed), \(iterations) iterations in \(String(format: "%.1f", seconds)) s (\(String(format: "%.0f", rate))/s); \(detail)"
    }
}

/// Runs `body` for every iteration; a failure names the iteration and how to replay it.
package func fuzz(_ name: String, defaultIterations: Int, _ body: (inout SplitMix64, FuzzTally) throws -> [String]) {
    let iterations = FuzzSettings.iterations(default: defaultIterations)
    let tally = FuzzTally()
    let start = Date()
    var failures = 0, ran = 0
    for iteration in iterations {
        ran += 1
        var random = FuzzSettings.generator(name, iteration: iteration)
        let problems: [String]
        do {
            problems = try body(&random, tally)
        } catch {
            problems = ["unexpected error: \(error)"]
        }
        guard !problems.isEmpty else { continue }
        failures += 1
        Issue.record(
            Comment(
                rawValue: "\(name) iteration \(iteration):\n  " + problems.prefix(8).joined(separator: "\n  ")
                    + "\n  " + FuzzSettings.replay(name, iteration)))
        if failures >= 5 { break }  // enough to act on; the rest are likely the same bug
    }
    print(tally.summary(name, iterations: ran, seconds: Date().timeIntervalSince(start)))
}
