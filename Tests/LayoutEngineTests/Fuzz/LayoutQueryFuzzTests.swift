import LayoutEngine
import Testing
import TestSupport

/// Random flow layouts and element stores, straight through the engine: after every prepare a
/// rect query equals the brute-force filter, the content size bounds every flow frame, and
/// single-element queries agree with the whole listing. Failures are thrown errors.
@Suite("fuzz: layouts and queries")
struct LayoutQueryFuzzTests {
    @Test func flowLayoutQueriesAgree() {
        fuzz("flowLayoutQueriesAgree", defaultIterations: 600) { random, tally in
            let hostile = random.chance(0.3)
            let (configuration, delegate) = Self.flowSetup(&random, hostile: hostile)
            let context = QueryOracle.context(&random)
            let layout = FlowLayout(configuration: configuration, delegate: delegate)
            do {
                try layout.prepare(in: context)
            } catch let error as LayoutError {
                tally.add(hostile ? "hostile: refused" : "refused")
                return error.message.isEmpty ? ["refused without a message"] : []
            }
            tally.add(hostile ? "hostile: prepared" : "prepared")
            let all = try layout.allLayoutAttributes(context: context)
            tally.add("elements", all.count)
            if KnownIssues.flowOriginRoundingOverflows, context.scale > 1,
                all.contains(where: { !$0.frame.x.isFinite || !$0.frame.y.isFinite })
            {
                tally.add("known: origin rounding overflows to inf")
                return []
            }
            var problems = Self.listingProblems(all, data: context.data)
            let pinned = { (a: LayoutAttributes) in
                (a.kind == FlowLayout.headerKind && configuration.sectionHeadersPinToVisibleBounds)
                    || (a.kind == FlowLayout.footerKind && configuration.sectionFootersPinToVisibleBounds)
            }
            for rect in QueryOracle.rects(&random, size: layout.collectionViewContentSize, count: 6) {
                // Pinned headers and footers go with their section's rect, not their own frame.
                let answer = try layout.layoutAttributesForElements(in: rect, context: context)
                problems += QueryOracle.compare(query: rect, answer: answer, all: all, skip: pinned, tally: tally)
            }
            problems += try QueryOracle.singleQueries(layout, all: all, context: context, random: &random)
            if !hostile && delegate.fitsAcross(context.bounds, configuration) {
                problems += Self.bounded(all, by: layout.collectionViewContentSize, scale: context.scale)
            }
            return problems.isEmpty
                ? []
                : problems + [
                    "configuration \(configuration), delegate \(delegate), bounds \(context.bounds), scale \(context.scale), counts \(context.data.sections.map(\.count))"
                ]
        }
    }

    @Test func elementStoreQueriesAgree() {
        fuzz("elementStoreQueriesAgree", defaultIterations: 300) { random, tally in
            let (builder, placed, duplicate) = Self.randomStore(&random)
            let store: ElementStore
            do {
                store = try builder.build()
            } catch {
                tally.add("duplicates refused")
                return duplicate == nil ? ["refused a store without duplicates: \(error)"] : []
            }
            if let duplicate { return ["accepted \(duplicate) placed twice"] }
            tally.add("elements", placed.count)
            let all = store.allAttributes()
            var problems: [String] = []
            if all.map(\.key) != placed.map(\.key).sorted() {
                problems.append("the listing is not every element in output order")
            }
            for element in placed where store.attributes(for: element.key)?.frame != element.frame {
                problems.append(
                    "\(element.key): single query \(String(describing: store.attributes(for: element.key)?.frame)), placed \(element.frame)"
                )
                break
            }
            var extent = Size(width: 1, height: 1)
            for element in placed where element.frame.maxX.isFinite && element.frame.maxY.isFinite {
                extent = Size(
                    width: max(extent.width, element.frame.maxX), height: max(extent.height, element.frame.maxY))
            }
            for rect in QueryOracle.rects(&random, size: extent, count: 8) {
                let answer = store.positions(in: rect).map { store.attributes(at: $0) }
                problems += QueryOracle.compare(query: rect, answer: answer, all: placed, tally: tally)
            }
            return problems
        }
    }

    // MARK: Flow setup

    /// Per-item and per-section answers of a random delegate (nil: the layout's property).
    final class RandomDelegate: FlowLayoutDelegate, CustomStringConvertible {
        var sizes: [Int: [Size]] = [:]
        var insets: [Int: EdgeInsets] = [:]
        var lineSpacing: [Int: Double] = [:]
        var interitemSpacing: [Int: Double] = [:]
        var headers: [Int: Size] = [:]
        var footers: [Int: Size] = [:]

        func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? {
            sizes[section].map { Array($0.prefix(count)) }
        }
        func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? { insets[section] }
        func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
            lineSpacing[section]
        }
        func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
            interitemSpacing[section]
        }
        func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size? {
            headers[section]
        }
        func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size? {
            footers[section]
        }

        var description: String {
            "sizes \(sizes), insets \(insets), line \(lineSpacing), interitem \(interitemSpacing), headers \(headers), footers \(footers)"
        }

        /// Whether every item fits across the viewport inside its section's insets (then the
        /// content size must bound every frame).
        func fitsAcross(_ bounds: Rect, _ configuration: FlowLayoutConfiguration) -> Bool {
            let vertical = configuration.scrollDirection == .vertical
            let across = vertical ? bounds.width : bounds.height
            for section in 0..<8 {
                let inset = insets[section] ?? configuration.sectionInset
                let room = across - (vertical ? inset.left + inset.right : inset.top + inset.bottom)
                let itemSizes = sizes[section] ?? [configuration.itemSize]
                if itemSizes.contains(where: { (vertical ? $0.width : $0.height) > room }) { return false }
            }
            return true
        }
    }

    static func flowSetup(_ random: inout SplitMix64, hostile: Bool) -> (FlowLayoutConfiguration, RandomDelegate) {
        func length(_ random: inout SplitMix64) -> Double {
            if hostile && random.chance(0.15) {
                return random.pick([-1, -0.0, .nan, .infinity, 1e300, 1e308, .leastNonzeroMagnitude])
            }
            return random.pick([0, 0.5, 1, 10, 33.3, 50, 100, 120, 1000 / 7])
        }
        func spacing(_ random: inout SplitMix64) -> Double {
            if hostile && random.chance(0.15) { return random.pick([-10, .nan, -.infinity, 1e308]) }
            return random.pick([0, 1, 2.5, 10, 20])
        }
        func insets(_ random: inout SplitMix64) -> EdgeInsets {
            EdgeInsets(top: spacing(&random), left: spacing(&random), bottom: spacing(&random), right: spacing(&random))
        }
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = random.chance(0.3) ? .horizontal : .vertical
        configuration.itemSize = Size(width: length(&random), height: length(&random))
        configuration.minimumLineSpacing = spacing(&random)
        configuration.minimumInteritemSpacing = spacing(&random)
        configuration.sectionInset = insets(&random)
        if random.chance(0.5) {
            configuration.headerReferenceSize = Size(width: length(&random), height: length(&random))
        }
        if random.chance(0.3) {
            configuration.footerReferenceSize = Size(width: length(&random), height: length(&random))
        }
        configuration.sectionHeadersPinToVisibleBounds = random.chance(0.25)
        configuration.sectionFootersPinToVisibleBounds = random.chance(0.15)
        let delegate = RandomDelegate()
        for section in 0..<8 {
            if random.chance(0.2) { delegate.insets[section] = insets(&random) }
            if random.chance(0.2) { delegate.lineSpacing[section] = spacing(&random) }
            if random.chance(0.2) { delegate.interitemSpacing[section] = spacing(&random) }
            if random.chance(0.2) { delegate.headers[section] = Size(width: length(&random), height: length(&random)) }
            if random.chance(0.2) { delegate.footers[section] = Size(width: length(&random), height: length(&random)) }
        }
        // Item sizes for up to 8 sections of up to 40 items (the context picks counts in range).
        for section in 0..<8 where random.chance(0.4) {
            delegate.sizes[section] = (0..<40).map { _ in Size(width: length(&random), height: length(&random)) }
        }
        return (configuration, delegate)
    }

    /// Whole-listing facts: finite frames, one cell per item, keys unique and in output order.
    static func listingProblems(_ all: [LayoutAttributes], data: CollectionData) -> [String] {
        var problems: [String] = []
        if let bad = all.first(where: { !$0.frame.isFinite || $0.frame.width < 0 || $0.frame.height < 0 }) {
            problems.append("\(bad.key) has the frame \(bad.frame)")
        }
        for (a, b) in zip(all, all.dropFirst()) where !(a.key < b.key) {
            problems.append("listing: \(a.key) before \(b.key)")
            break
        }
        let cells = all.filter { $0.category == .cell }.count
        // (A viewport of no width places nothing at all.)
        if !all.isEmpty, cells != data.totalItems {
            problems.append("\(cells) cells for \(data.totalItems) items")
        }
        return problems
    }

    /// The content size bounds every frame (origins are rounded to the pixel grid: half a pixel).
    static func bounded(_ all: [LayoutAttributes], by size: Size, scale: Double) -> [String] {
        let tolerance = 0.5 / scale + 1e-9 * max(size.width, size.height, 1)
        for element in all {
            let frame = element.frame
            if frame.minX < -tolerance || frame.minY < -tolerance || frame.maxX > size.width + tolerance
                || frame.maxY > size.height + tolerance
            {
                return ["\(element.key) \(frame) lies outside the content \(size.width)×\(size.height)"]
            }
        }
        return []
    }

    // MARK: Stores

    /// Random elements in one of three spreads (a scrolling grid, scattered, a few backdrops),
    /// sometimes with one key placed twice.
    static func randomStore(_ random: inout SplitMix64) -> (ElementStoreBuilder, [LayoutAttributes], ElementKey?) {
        var builder = ElementStoreBuilder()
        var placed: [LayoutAttributes] = []
        var keys = Set<ElementKey>()
        let count = random.pick([0, 1, 2, 5, 30, 200, 1000])
        let spread = random.int(0...2)
        let kinds = ["a", "b", "zz", "header"]
        for index in 0..<count {
            let category = random.pick(ElementCategory.allCases)
            let key = ElementKey(
                category: category, kind: category == .cell ? "" : random.pick(kinds),
                indexPath: LayoutIndexPath(random.int(0...3), random.int(0...(count + 5))))
            guard keys.insert(key).inserted else { continue }
            let frame: Rect
            switch spread {
            case 0:
                frame = Rect(
                    x: Double(index % 4) * 25, y: Double(index / 4) * 30 + random.pick([0.0, -5, 3]),
                    width: random.pick([20, 0, 25, 30]), height: random.pick([25, 0, 30, 10]))
            case 1:
                frame = Rect(
                    x: random.unit() * 2000 - 500, y: random.unit() * 2000 - 500,
                    width: random.pick([0, 1, 10, 100, 1e-9]), height: random.pick([0, 1, 10, 100]))
            default:
                frame = Rect(
                    x: random.pick([0, -1e300, 1e300, -5]), y: random.unit() * 1000,
                    width: random.pick([0, 1e300, 1e308, 50]), height: random.pick([1e300, 0, 40]))
            }
            let attributes = LayoutAttributes(key: key, frame: frame, alpha: random.unit(), zIndex: random.int(-3...3))
            placed.append(attributes)
            try? builder.append(attributes)
        }
        var duplicate: ElementKey?
        if let victim = placed.first, random.chance(0.1) {
            duplicate = victim.key
            try? builder.append(LayoutAttributes(key: victim.key, frame: Rect(x: 1, y: 1, width: 1, height: 1)))
        }
        return (builder, placed, duplicate)
    }
}
