import TestExpectations
import Testing
@testable import LayoutEngine

/// The flow and compositional engines charge what they keep to one byte limit (the script's
/// `--max-memory` less its Lua state): each element 80 bytes, each section's geometry its
/// stride, extras and elements held aside theirs. Limits here are derived from those rules.
@Suite struct EngineMemoryLimitTests {
    static let perElement = ElementStoreBuilder.bytesPerElement

    static func context(_ counts: [Int]) -> CollectionContext {
        CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1, data: CollectionData(counts: counts))
    }

    static func flow(_ counts: [Int], byteLimit: Int) throws -> PreparedLayout {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 10, height: 10)
        return try FlowLayout.compute(
            configuration: configuration, delegate: nil, context: context(counts), byteLimit: byteLimit)
    }

    /// 1,000 cells in one section: 80,000 bytes of elements and one section's geometry.
    @Test func aFlowFitsItsLimitToTheByte() throws {
        let exact = 1000 * Self.perElement + MemoryLayout<FlowQueries.SectionGeometry>.stride
        expectEqual(try Self.flow([1000], byteLimit: exact).elementCount, 1000)
        // One byte less: every cell is kept (80,000 bytes fit), the section's geometry is not.
        #expect(throws: LayoutError.self) { try Self.flow([1000], byteLimit: exact - 1) }
        do {
            _ = try Self.flow([1000], byteLimit: exact - 1)
        } catch let error as LayoutError {
            expectContains(error.message, "(1000 elements placed so far, about 80 bytes each")
        }
    }

    /// More items than the limit holds elements: refused before one is placed (a cell an item).
    @Test func aFlowOfMoreItemsThanTheLimitHoldsStopsAtOnce() throws {
        do {
            _ = try Self.flow([1000], byteLimit: 1000 * Self.perElement - 1)
            Issue.record("expected the memory error")
        } catch let error as LayoutError {
            expect(
                error.message
                    == "memory limit exceeded: the prepared layout needs more than the 79999 bytes the memory cap leaves beside the script's Lua state (0 elements placed so far, about 80 bytes each; raise it with --max-memory)"
            )
        }
    }

    /// 10 full-width rows in one section: the sections' geometry is charged first, then the
    /// cells; past the limit the cell is not kept.
    @Test func aCompositionalLayoutFitsItsLimitToTheByte() throws {
        let rows = Compositional.Group.horizontal(
            size: .init(width: .fractionalWidth(1), height: .absolute(50)),
            subitems: [.item(.init(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1))))])
        func prepare(_ limit: Int) throws -> CompositionalLayoutResult {
            try CompositionalEngine.prepare(
                sections: .single(Compositional.Section(group: rows)), configuration: .init(),
                context: Self.context([10]), byteLimit: limit)
        }
        let exact = MemoryLayout<CompositionalSectionGeometry?>.stride + 10 * Self.perElement
        expectEqual(try prepare(exact).store.count, 10)
        do {
            _ = try prepare(exact - 1)
            Issue.record("expected the memory error")
        } catch let error as LayoutError {
            // The 10th cell crossed the limit: 9 kept.
            expectContains(error.message, "(9 elements placed so far")
        }
    }

    /// Past the limit the builder keeps nothing more, not even extras for the last element it
    /// did keep, and `build` throws.
    @Test func theBuilderKeepsNothingPastItsLimit() throws {
        var builder = ElementStoreBuilder(byteLimit: 2 * Self.perElement)
        let frame = Rect(x: 0, y: 0, width: 1, height: 1)
        builder.append(category: .cell, kindID: 0, section: 0, item: 0, frame: frame)
        builder.append(category: .cell, kindID: 0, section: 0, item: 1, frame: frame)
        expect(!builder.isOverLimit)
        builder.append(category: .cell, kindID: 0, section: 0, item: 2, frame: frame)
        builder.setExtrasOfLast(transform3D: .identity, custom: ["a": .number(1)])
        expect(builder.isOverLimit)
        expectEqual(builder.count, 2)
        #expect(throws: LayoutError.self) { try builder.build() }
        // Without a limit the same elements build.
        var free = ElementStoreBuilder()
        for item in 0..<3 { free.append(category: .cell, kindID: 0, section: 0, item: Int32(item), frame: frame) }
        expectEqual(try free.build().count, 3)
    }
}
