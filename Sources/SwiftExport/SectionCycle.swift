import LayoutEngine
import ScriptLayout

/// The sections a provider returned, as the export's `switch` writes them so that every
/// section index gets a section: the first `prefix` sections as they came, then a cycle of
/// `period` sections repeated for every later index. Of all such readings of the sections
/// seen, the shortest (prefix + period) is taken, then the shortest cycle: `A B A B` is a
/// cycle of 2, `A B B B` is `A` then `B` for ever, and `A B C` (nothing repeats) keeps C for
/// every later section. Linear in the number of sections: each section is hashed once and the
/// period of every suffix comes from one prefix-function pass over the reversed sequence.
struct SectionCycle {
    /// Sections seen (the options' data).
    let count: Int
    let prefix: Int
    let period: Int
    /// The distinct sections among positions 0..<prefix + period, each with its positions.
    let cases: [(positions: [Int], section: Compositional.Section?)]

    /// The sections seen, in order (tests; an export passes the provider's distinct sections).
    init(_ sections: [Compositional.Section?]) {
        let provided = ProvidedSections(sections)
        self.init(ids: provided.ids.map { Int($0) }, distinct: provided.distinct)
    }

    /// `ids[i]`: section i's place in `distinct` (equal sections, closures aside, share one).
    init(ids: [Int], distinct: [Compositional.Section?]) {
        count = ids.count
        (prefix, period) = Self.shortestReading(ids)
        var cases: [(positions: [Int], section: Compositional.Section?)] = []
        var caseOfID: [Int: Int] = [:]
        for position in 0..<(prefix + period) {
            if let existing = caseOfID[ids[position]] {
                cases[existing].positions.append(position)
            } else {
                caseOfID[ids[position]] = cases.count
                cases.append(([position], distinct[ids[position]]))
            }
        }
        self.cases = cases
    }

    /// The position of section `index` in `cases`.
    func position(of index: Int) -> Int { index < prefix ? index : prefix + (index - prefix) % period }

    /// (prefix, period) minimizing prefix + period, then period.
    static func shortestReading(_ ids: [Int]) -> (prefix: Int, period: Int) {
        let n = ids.count
        guard n > 0 else { return (0, 0) }
        // border[m - 1]: the longest proper border of the reversed sequence's first m elements,
        // which is the reversed suffix of length m; that suffix's shortest period is m - border.
        let reversed = Array(ids.reversed())
        var border = [Int](repeating: 0, count: n)
        var k = 0
        for i in 1..<max(1, n) {
            while k > 0, reversed[i] != reversed[k] { k = border[k - 1] }
            if reversed[i] == reversed[k] { k += 1 }
            border[i] = k
        }
        var best = (prefix: 0, period: n)
        for prefix in 0..<n {
            let length = n - prefix
            let period = length - border[length - 1]
            if prefix + period < best.prefix + best.period
                || (prefix + period == best.prefix + best.period && period < best.period)
            {
                best = (prefix, period)
            }
        }
        return best
    }
}

extension Compositional.Subitems {
    func map(_ each: (Compositional.Subitem) -> Compositional.Subitem) -> Compositional.Subitems {
        switch self {
        case .cyclic(let list): .cyclic(list.map(each))
        case .count(let child, let n): .count(each(child), n)
        case .repeating(let child, let n): .repeating(each(child), n)
        }
    }
}
