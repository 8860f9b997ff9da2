import LayoutEngine

/// The brute-force side of every rect-query check: the docs' rule written out on its own
/// (interiors overlap, touching edges do not; a frame or a query rect of zero width or height
/// has no interior, so a rect query never returns such a frame and such a query finds nothing).
package enum QueryOracle {
    package static func returns(_ frame: Rect, for query: Rect) -> Bool {
        frame.size.width > 0 && frame.size.height > 0 && query.size.width > 0 && query.size.height > 0
            && frame.origin.x < query.origin.x + query.size.width && query.origin.x < frame.origin.x + frame.size.width
            && frame.origin.y < query.origin.y + query.size.height
            && query.origin.y < frame.origin.y + frame.size.height
    }

    /// Compares a rect query's answer with the brute-force filter of `all` (as sets of key and
    /// frame, plus output order); returns the problems, or records a known issue in `tally`.
    package static func compare(
        query: Rect, answer: [LayoutAttributes], all: [LayoutAttributes],
        skip: (LayoutAttributes) -> Bool = { _ in false },
        tally: FuzzTally
    ) -> [String] {
        var problems: [String] = []
        for (a, b) in zip(answer, answer.dropFirst()) where !(a.key < b.key) {
            problems.append("rect \(query): \(a.key) before \(b.key) (not in output order)")
            break
        }
        struct Entry: Hashable {
            var key: ElementKey
            var frame: Rect
        }
        let got = Set(answer.filter { !skip($0) }.map { Entry(key: $0.key, frame: $0.frame) })
        let expected = Set(
            all.filter { !skip($0) && returns($0.frame, for: query) }.map { Entry(key: $0.key, frame: $0.frame) })
        guard got != expected else { return problems }
        let extra = got.subtracting(expected), missing = expected.subtracting(got)
        let listed = Set(all.map { Entry(key: $0.key, frame: $0.frame) })
        let knownExtra = extra.filter { entry in
            KnownIssues.zeroAreaFramesInRectQueries && (entry.frame.width == 0 || entry.frame.height == 0)
                && listed.contains(entry)
        }
        if !knownExtra.isEmpty { tally.add("known 10.11 (zero-area frame in a rect query)", knownExtra.count) }
        for entry in extra.subtracting(knownExtra).prefix(3) {
            problems.append("rect \(query) returned \(entry.key) \(entry.frame), which the rule leaves out")
        }
        for entry in missing.prefix(3) { problems.append("rect \(query) left out \(entry.key) \(entry.frame)") }
        return problems
    }

    /// Query rects around content of `size`: inside, straddling, beyond, empty, huge, non-finite.
    package static func rects(_ random: inout SplitMix64, size: Size, count: Int) -> [Rect] {
        let width = size.width.isFinite ? max(size.width, 1) : 1000,
            height = size.height.isFinite ? max(size.height, 1) : 1000
        var result: [Rect] = [Rect(x: 0, y: 0, width: width, height: height)]
        for _ in 0..<count {
            switch random.int(0...9) {
            case 0: result.append(Rect(x: -1e308, y: -1e308, width: 1e308, height: 1e308))
            case 1: result.append(Rect(x: random.unit() * width, y: random.unit() * height, width: 0, height: 0))
            case 2:
                result.append(
                    Rect(
                        x: random.pick([.nan, 0, -.infinity]), y: 0, width: random.pick([.infinity, .nan, 10]),
                        height: 10))
            case 3: result.append(Rect(x: -width, y: -height, width: width * 3, height: height * 3))
            default:
                let x = (random.unit() * 1.4 - 0.2) * width, y = (random.unit() * 1.4 - 0.2) * height
                result.append(
                    Rect(
                        x: x.rounded(), y: y.rounded(), width: (random.unit() * width / 2).rounded(),
                        height: (random.unit() * height / 2).rounded()))
            }
        }
        return result
    }

    package static func context(_ random: inout SplitMix64) -> CollectionContext {
        let sections = random.int(0...5)
        let counts = (0..<sections).map { _ in random.chance(0.1) ? 0 : random.int(1...40) }
        let width = random.pick([0, 1, 49.5, 320, 375, 1024, 1e6])
        let height = random.pick([0.0, 1, 480, 667, 2000])
        let origin = Point(x: random.pick([0, 0, -100, 250.5, 5000]), y: random.pick([0, 0, -50, 300, 1e5]))
        return CollectionContext(
            bounds: Rect(origin: origin, size: Size(width: width, height: height)),
            scale: random.pick([1, 2, 3, 0.5, 1.5]), data: CollectionData(counts: counts))
    }

    /// Every element found alone, as listed; elements that do not exist are not found.
    package static func singleQueries(
        _ layout: some CollectionViewLayout, all: [LayoutAttributes], context: CollectionContext,
        random: inout SplitMix64
    ) throws -> [String] {
        var problems: [String] = []
        for element in all.count > 200 ? random.subset(all, count: 200) : all {
            let single = try layout.layoutAttributes(for: element.key, context: context)
            // (NaN in a custom field is unequal to itself; the descriptions still agree.)
            if single != element && String(describing: single) != String(describing: Optional(element)) {
                problems.append("\(element.key) alone: \(String(describing: single?.frame)), listed \(element.frame)")
                break
            }
        }
        let absent: [ElementKey] = [
            .cell(context.data.numberOfSections, 0), .cell(0, context.data.numberOfItems(inSection: 0)),
            .supplementary(FlowLayout.headerKind, 0, 1), .supplementary("nothing", 0, 0), .decoration("nothing", 0, 0),
            .cell(Int.max, Int.max), .supplementary(FlowLayout.footerKind, -1, 0),
        ]
        for key in absent where !all.contains(where: { $0.key == key }) {
            if let found = try layout.layoutAttributes(for: key, context: context) {
                problems.append("found \(key), which the listing does not have: \(found.frame)")
            }
        }
        return problems
    }
}
