/// Which runs of the discovered test files a run takes: `--filter` (any of the texts in the
/// path or the device or matrix value), then `--shard K/N` (the K-th of N stable parts of the
/// runs, so a file of four devices spreads over the machines as four files would).
package enum TestSelection {
    /// `--shard K/N`: 1 ≤ K ≤ N.
    package struct Shard: Equatable, CustomStringConvertible {
        package var index: Int
        package var count: Int

        package init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                count >= 1, index >= 1, index <= count
            else { return nil }
            self.index = index
            self.count = count
        }

        package var description: String { "\(index)/\(count)" }
    }

    /// The files whose path contains one of `texts` (all of them when there are none).
    package static func filter(_ files: [String], by texts: [String]) -> [String] {
        guard !texts.isEmpty else { return files }
        return files.filter { file in texts.contains { file.contains($0) } }
    }

    /// The part `shard` of `files`, in path order. The files are ordered by a hash of their path
    /// (FNV-1a, the same on every machine and every run) and cut into `count` runs of sizes
    /// differing by at most one, so every file is in exactly one part, parts are balanced, and
    /// adding a file moves few others.
    package static func part(_ shard: Shard, of files: [String]) -> [String] {
        let ordered = files.sorted { a, b in
            let (ha, hb) = (hash(a), hash(b))
            return ha != hb ? ha < hb : a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        let lower = boundary(shard.index - 1, of: ordered.count, parts: shard.count)
        let upper = boundary(shard.index, of: ordered.count, parts: shard.count)
        return ordered[lower..<upper].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Where part `k` of `parts` ends among `count` files: ⌊k·count / parts⌋, with the product
    /// taken in 128 bits, since K and N are the user's and may be as large as `Int.max`
    /// (`--shard 9223372036854775807/9223372036854775807`). k ≤ parts, so the quotient ≤ count.
    static func boundary(_ k: Int, of count: Int, parts: Int) -> Int {
        parts.dividingFullWidth(k.multipliedFullWidth(by: count)).quotient
    }

    /// The runs whose file path or device or matrix value (`-- devices:` entry, `-- matrix:`
    /// option set) contains one of `texts` (all of them when there are none), in order.
    package static func filter(_ runs: [TestJob], by texts: [String]) -> [TestJob] {
        guard !texts.isEmpty else { return runs }
        return runs.filter { run in texts.contains { run.path.contains($0) || run.variant?.contains($0) == true } }
    }

    /// The part `shard` of `runs`, in their order: the runs are cut as `part(_:of:)` cuts paths,
    /// by their names (`path [device]`), so parts are balanced in runs, not files.
    package static func part(_ shard: Shard, of runs: [TestJob]) -> [TestJob] {
        let chosen = Set(part(shard, of: runs.map(\.name)))
        return runs.filter { chosen.contains($0.name) }
    }

    /// 64-bit FNV-1a of the path's UTF-8 bytes.
    package static func hash(_ path: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        return value
    }
}
