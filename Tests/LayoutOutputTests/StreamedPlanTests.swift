import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

/// A layout for plan tests: `place` gives each prepare's elements, kept in an element store;
/// the listing is handed over as the store (the planner's and writer's streamed path) or as
/// attributes (the general path). With `hooks`, the appearing and disappearing hooks shift
/// each element by the number of hook calls so far, so a change in their order shows.
final class PlanLayout: CollectionViewLayout {
    let place: (CollectionContext) -> [LayoutAttributes]
    let listsStore: Bool
    let hooks: Bool
    private(set) var hookCalls: [String] = []
    private var store = ElementStore.empty
    private var size = Size.zero

    init(listsStore: Bool, hooks: Bool = false, place: @escaping (CollectionContext) -> [LayoutAttributes]) {
        (self.listsStore, self.hooks, self.place) = (listsStore, hooks, place)
    }

    func prepare(in context: CollectionContext) throws {
        var builder = ElementStoreBuilder()
        let elements = place(context)
        for element in elements { try builder.append(element) }
        store = try builder.build()
        size = elements.reduce(Size.zero) {
            Size(width: max($0.width, $1.frame.maxX), height: max($0.height, $1.frame.maxY))
        }
    }

    var collectionViewContentSize: Size { size }

    func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        store.positions(in: rect).map { store.attributes(at: $0) }
    }

    func layoutAttributesForItem(at indexPath: LayoutIndexPath, context: CollectionContext) throws -> LayoutAttributes?
    {
        store.attributes(for: .cell(indexPath.section, indexPath.item))
    }

    func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        store.attributes(for: .supplementary(kind, indexPath.section, indexPath.item))
    }

    func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        store.attributes(for: .decoration(kind, indexPath.section, indexPath.item))
    }

    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool { false }

    func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point { proposed }

    func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] { store.allAttributes() }

    func allElementList(context: CollectionContext) throws -> ElementList {
        listsStore ? ElementList(store: store) : ElementList(store.allAttributes())
    }

    func initialLayoutAttributes(
        forAppearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes {
        shifted(attributes, "in")
    }

    func finalLayoutAttributes(
        forDisappearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes {
        shifted(attributes, "out")
    }

    private func shifted(_ attributes: LayoutAttributes, _ what: String) -> LayoutAttributes {
        guard hooks else { return attributes }
        hookCalls.append("\(what) \(attributes.key)")
        var result = attributes
        result.frame.origin.x += Double(hookCalls.count)
        return result
    }
}

/// A batch update's plan written straight from the two element stores must be the text the
/// built plan gives (`JSONPlanWriter.write(AnimationPlan)`, the general path).
@Suite("Update plans streamed from the stores")
struct StreamedPlanTests {
    private static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)

    private static func context(_ counts: [Int]) -> CollectionContext {
        CollectionContext(bounds: bounds, data: CollectionData(counts: counts))
    }

    /// The engine's flow: 100×100 items, spacing 10, 320 wide → columns at x 0, 110, 220, and
    /// each section starts where the one before ends (no headers unless asked).
    private static func flow(header: Double = 0, footer: Double = 0) -> (CollectionContext) -> [LayoutAttributes] {
        { context in
            var configuration = FlowLayoutConfiguration()
            configuration.itemSize = Size(width: 100, height: 100)
            configuration.headerReferenceSize = Size(width: 0, height: header)
            configuration.footerReferenceSize = Size(width: 0, height: footer)
            let flow = FlowLayout(configuration: configuration)
            try! flow.prepare(in: context)
            return try! flow.allLayoutAttributes(context: context)
        }
    }

    /// Cells with alpha, zIndex, hidden, a transform and custom fields, plus a header per
    /// section and a decoration: every kind of element the stores keep.
    private static func mixed(_ context: CollectionContext) -> [LayoutAttributes] {
        var elements: [LayoutAttributes] = []
        var y = 0.0
        for section in 0..<context.data.sections.count {
            elements.append(
                LayoutAttributes(
                    key: .supplementary("header", section, 0), frame: Rect(x: 0, y: y, width: 320, height: 20),
                    zIndex: 3))
            elements.append(
                LayoutAttributes(
                    key: .decoration("back", section, 0), frame: Rect(x: 0, y: y, width: 320, height: 5), zIndex: -1))
            for item in 0..<context.data.numberOfItems(inSection: section) {
                var cell = LayoutAttributes(
                    key: .cell(section, item),
                    frame: Rect(x: Double(item % 3) * 100.5, y: y + 20, width: 90, height: 30.25))
                switch item % 5 {
                case 1: cell.alpha = 0.5
                case 2: cell.transform3D = .scale(x: 2, y: 1, z: 1)
                case 3: cell.custom = ["label": .string("cell \(item)")]
                case 4: (cell.hidden, cell.zIndex) = (true, -2)
                default: break
                }
                elements.append(cell)
                if item % 3 == 2 { y += 40 }
            }
            y += 60
        }
        return elements
    }

    /// Deletes, inserts and moves across sections, section deletes, inserts, moves and reloads.
    static let batches: [(counts: [Int], batch: BatchUpdate)] = [
        (
            [5, 4, 3],
            BatchUpdate(
                deletedItems: [LayoutIndexPath(0, 1)], insertedItems: [LayoutIndexPath(1, 0)],
                movedItems: [.init(from: LayoutIndexPath(2, 0), to: LayoutIndexPath(0, 0))])
        ),
        (
            [6, 6, 6, 6],
            BatchUpdate(
                deletedSections: [1], insertedSections: [0], movedSections: [.init(from: 3, to: 1)],
                deletedItems: [LayoutIndexPath(0, 5)], insertedItems: [LayoutIndexPath(2, 0)],
                reloadedItems: [LayoutIndexPath(2, 2)],
                movedItems: [.init(from: LayoutIndexPath(2, 4), to: LayoutIndexPath(3, 0))])
        ),
        (
            [4, 4, 4],
            BatchUpdate(
                reloadedSections: [1], deletedItems: [LayoutIndexPath(2, 3), LayoutIndexPath(0, 0)],
                insertedItems: [LayoutIndexPath(0, 3), LayoutIndexPath(2, 0)])
        ),
        ([7], BatchUpdate(deletedItems: (0..<7).map { LayoutIndexPath(0, $0) })),
        ([0], BatchUpdate(insertedItems: [LayoutIndexPath(0, 0)])),
        ([3, 3], BatchUpdate()),
    ]

    /// The plan of `batch` through a store-listing and an attributes-listing layout, each
    /// written by the streamed and the general writer.
    private func texts(
        _ counts: [Int], _ batch: BatchUpdate, hooks: Bool = false,
        place: @escaping (CollectionContext) -> [LayoutAttributes]
    ) throws -> (streamed: String, general: String, built: String) {
        let newCounts = try UpdateMapping(oldCounts: counts, update: batch).newCounts
        let stored = PlanLayout(listsStore: true, hooks: hooks, place: place)
        let listed = PlanLayout(listsStore: false, hooks: hooks, place: place)
        let streamedPlan = try UpdatePlanner.updatePlan(
            layout: stored, old: Self.context(counts), new: Self.context(newCounts), update: batch)
        let generalPlan = try UpdatePlanner.plan(
            layout: listed, old: Self.context(counts), new: Self.context(newCounts), update: batch)
        expect(streamedPlan.before.store != nil && streamedPlan.after.store != nil)
        expectEqual(streamedPlan.animationPlan, generalPlan)
        expectEqual(stored.hookCalls, listed.hookCalls)
        return (
            JSONPlanWriter.string(streamedPlan), JSONPlanWriter.string(generalPlan),
            JSONPlanWriter.string(streamedPlan.animationPlan)
        )
    }

    @Test(arguments: batches.indices)
    func flowPlansAreTheSameText(index: Int) throws {
        let (counts, batch) = Self.batches[index]
        for place in [Self.flow(), Self.flow(header: 20, footer: 12)] {
            let text = try texts(counts, batch, place: place)
            expectEqual(text.streamed, text.general)
            expectEqual(text.built, text.general)
        }
    }

    @Test(arguments: batches.indices)
    func mixedElementsAndHooksGiveTheSameText(index: Int) throws {
        let (counts, batch) = Self.batches[index]
        for hooks in [false, true] {
            let text = try texts(counts, batch, hooks: hooks, place: Self.mixed)
            expectEqual(text.streamed, text.general)
        }
    }

    /// [5, 4, 3], delete 0:1, insert 1:0, move 2:0 → 0:0. Section 0 after: 2:0 moved in at 0,
    /// then old 0, 2, 3, 4 at 1 … 4; old 0:1 fades out. Before, section 2 starts at y 420
    /// (section 0: rows 0 and 110, ends 210; section 1: rows 210 and 320, ends 420).
    /// Output order: [0, 0] move, [0, 1] persist, then the deleted [0, 1] (same index path:
    /// appearing first), [0, 2] …; the old 2:1 (x 110) persists as 2:0 (x 0, y 420 after too:
    /// section 0 keeps 5 items and section 1 gains one, 5 → rows 210 and 320).
    @Test func entriesDerivedByHand() throws {
        let (counts, batch) = Self.batches[0]
        let text = try texts(counts, batch, place: Self.flow()).streamed
        let lines = text.split(separator: "\n").map(String.init)
        let elements = Array(lines.drop { $0 != "  \"elements\": [" }.dropFirst())
        func cell(_ s: Int, _ i: Int, _ x: Int, _ y: Int, alpha: Int = 1) -> String {
            "{\"category\": \"cell\", \"indexPath\": [\(s), \(i)], \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": 100, \"height\": 100}, \"alpha\": \(alpha), \"zIndex\": 0, \"hidden\": false}"
        }
        func entry(_ change: String, _ before: String, _ after: String, _ from: String, _ to: String) -> String {
            "    {\"change\": \"\(change)\", \"category\": \"cell\", \"indexPathBefore\": \(before), \"indexPathAfter\": \(after), \"from\": \(from), \"to\": \(to)},"
        }
        expectEqual(elements[0], entry("move", "[2, 0]", "[0, 0]", cell(0, 0, 0, 420), cell(0, 0, 0, 0)))
        expectEqual(elements[1], entry("persist", "[0, 0]", "[0, 1]", cell(0, 0, 0, 0), cell(0, 1, 110, 0)))
        expectEqual(elements[2], entry("delete", "[0, 1]", "null", cell(0, 1, 110, 0), cell(0, 1, 110, 0, alpha: 0)))
        expectEqual(elements[3], entry("persist", "[0, 2]", "[0, 2]", cell(0, 2, 220, 0), cell(0, 2, 220, 0)))
        // 5 + 5 + 2 cells after, 1 deleted: 13 entries; the last is old 2:2 → 2:1, no comma.
        expectEqual(elements.count, 13 + 2)
        expectEqual(
            elements[12] + ",", entry("persist", "[2, 2]", "[2, 1]", cell(2, 2, 220, 420), cell(2, 1, 110, 420)))
        expectEqual(elements[11], entry("persist", "[2, 1]", "[2, 0]", cell(2, 1, 110, 420), cell(2, 0, 0, 420)))
        expectEqual(elements[6], entry("insert", "null", "[1, 0]", cell(1, 0, 0, 210, alpha: 0), cell(1, 0, 0, 210)))
    }

    /// A cell that prints as it did is copied rather than written again: equal numbers print
    /// alike, and −0 prints as 0, so it counts as the same; a change in any field does not.
    @Test func unchangedCellsPrintAlike() {
        let cell = ElementStore.PlainCell(
            frame: Rect(x: -0.0, y: 2.5, width: 3, height: 4), alpha: 1, section: 0, item: 7, zIndex: 0, hidden: false)
        var zero = cell
        zero.frame = Rect(x: 0, y: 2.5, width: 3, height: 4)
        func text(_ cell: ElementStore.PlainCell) -> String {
            let bytes = OutputBytes(chunk: 512)
            JSONLayoutWriter.writePlainCell(cell, to: bytes)
            return bytes.string
        }
        expect(cell.isWritten(as: zero) && text(cell) == text(zero))
        var moved = cell
        moved.item = 8
        var hidden = cell
        hidden.hidden = true
        expect(!cell.isWritten(as: moved) && !cell.isWritten(as: hidden))
    }

    /// Only the elements that change get entries: the deleted one, the move and the insert.
    @Test func persistingElementsAreNotBuilt() throws {
        let (counts, batch) = Self.batches[0]
        let layout = PlanLayout(listsStore: true, place: Self.flow())
        let plan = try UpdatePlanner.updatePlan(
            layout: layout, old: Self.context(counts), new: Self.context([5, 5, 2]), update: batch)
        expectEqual(plan.entryCount, 13)
        expectEqual(plan.disappearing.map(\.position), [1])
        expectEqual((0..<plan.after.count).filter { plan.persistingSource(ofAfter: $0) == nil }, [0, 5])
        expect(plan.persistingSource(ofAfter: 1) == 0 && plan.persistingSource(ofAfter: 10) == 10)
    }
}
