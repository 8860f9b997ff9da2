import TestExpectations
import Testing
@testable import LayoutEngine

/// What the JSON vectors cannot hold: closures (section provider, custom group provider,
/// visible-items handler) and the PreparedLayout dynamics. Expected numbers derived by hand.
@Suite struct CompositionalEngineTests {
    typealias C = Compositional

    static func fullWidthRows(height: Double) -> C.Group {
        .horizontal(
            size: .init(width: .fractionalWidth(1), height: .absolute(height)),
            subitems: [.item(.init(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1))))])
    }

    /// The video-sessions section (see the vectors): groups 318.5 wide at x = 20 + g·338.5.
    static func videoSection(
        _ behavior: C.OrthogonalScrollingBehavior, handler: C.VisibleItemsHandler? = nil
    ) -> C.Section {
        C.Section(
            group: .horizontal(
                size: .init(width: .fractionalWidth(0.85), height: .absolute(250)),
                subitems: [.item(.init(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1))))]),
            contentInsets: .init(leading: 20, trailing: 20), interGroupSpacing: 20,
            orthogonalScrollingBehavior: behavior,
            boundarySupplementaryItems: [
                .init(kind: "header", size: .init(width: .fractionalWidth(1), height: .absolute(44)), alignment: .top)
            ],
            visibleItemsInvalidationHandler: handler)
    }

    static func context(_ counts: [Int], width: Double = 375, safeArea: EdgeInsets = .zero) -> CollectionContext {
        CollectionContext(
            bounds: Rect(x: 0, y: 0, width: width, height: 667), scale: 2,
            data: CollectionData(counts: counts), safeAreaInsets: safeArea)
    }

    @Test func sectionProviderSeesTheEffectiveContentSize() throws {
        // 812 wide with safe-area insets 44 each side: effective width 812 − 88 = 724.
        nonisolated(unsafe) var seen: [Double] = []
        let result = try CompositionalEngine.prepare(
            sections: .provider { index, env in
                seen.append(env.container.effectiveContentSize.width)
                return index == 0 ? C.Section(group: Self.fullWidthRows(height: 50)) : nil
            },
            configuration: .init(),
            context: Self.context([1, 1], width: 812, safeArea: EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)))
        expectEqual(seen, [724, 724])
        // Section 1 is nil: no cell, no spacing; content is section 0's single 50-tall row.
        expectEqual(result.store.count, 1)
        expectEqual(result.contentSize, Size(width: 812, height: 50))
    }

    @Test func customGroupProviderGetsTheGroupSize() throws {
        // Group 375 × 50: the provider splits it in two halves of 187.5.
        let custom = C.CustomGroupItems(id: 1) { env in
            let w = env.container.contentSize.width / 2
            return [
                .init(frame: Rect(x: 0, y: 0, width: w, height: 50)),
                .init(frame: Rect(x: w, y: 0, width: w, height: 50), zIndex: 3),
            ]
        }
        let group = C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(50)), layout: .custom(custom))
        let result = try CompositionalEngine.prepare(
            sections: .single(C.Section(group: group)), configuration: .init(), context: Self.context([3]))
        let context = Self.context([3])
        expect(
            result.attributes(for: .cell(0, 1), context: context)?.frame
                == Rect(x: 187.5, y: 0, width: 187.5, height: 50))
        expectEqual(result.attributes(for: .cell(0, 1), context: context)?.zIndex, 3)
        // Item 2 = leaf 0 of group 1 at y 50.
        expect(
            result.attributes(for: .cell(0, 2), context: context)?.frame == Rect(x: 0, y: 50, width: 187.5, height: 50))
    }

    @Test func visibleItemsHandlerSeesUnscrolledFramesAndTheSectionOffset() throws {
        nonisolated(unsafe) var offsets: [Point] = []
        let handler = C.VisibleItemsHandler(id: 1) { items, offset, _ in
            offsets.append(offset)
            for i in items.indices { items[i].alpha = items[i].frame.x == 20 ? 0.5 : 1 }
        }
        let result = try CompositionalEngine.prepare(
            sections: .single(Self.videoSection(.continuous, handler: handler)), configuration: .init(),
            context: Self.context([4]))
        var context = Self.context([4])
        context.orthogonalOffsets = [0: 100]
        let listed = try result.prepared.elements(in: Rect(x: 0, y: 0, width: 375, height: 667), context: context)
        // The offset is the visible origin with the section's own offset: (0 + 100, 0).
        expectEqual(offsets, [Point(x: 100, y: 0)])
        let cell0 = listed.first { $0.key == .cell(0, 0) }
        expectEqual(cell0?.frame, Rect(x: 20, y: 44, width: 318.5, height: 250))
        expectEqual(cell0?.alpha, 0.5)
        expectEqual(listed.first { $0.key == .supplementary("header", 0, 0) }?.alpha, 1)
    }

    @Test func orthogonalSectionIsAScrollRegion() throws {
        let result = try CompositionalEngine.prepare(
            sections: .single(Self.videoSection(.groupPagingCentered)), configuration: .init(),
            context: Self.context([4]))
        let dynamics = try require(result.prepared.dynamics)
        // Section frame 375 × (44 + 250); range −28.25 … 1374 + 28.25 − 375 = 1027.25.
        expect(
            dynamics.scrollRegions == [
                ScrollRegion(
                    section: 0, frame: Rect(x: 0, y: 0, width: 375, height: 294), horizontal: true,
                    minimumOffset: -28.25, maximumOffset: 1027.25, initialOffset: -28.25)
            ])
        expect(dynamics.scrollsWithRegion(.cell(0, 3)))
        expect(!dynamics.scrollsWithRegion(.supplementary("header", 0, 0)))
    }

    @Test func horizontalLayoutPinsALeadingHeader() throws {
        // Horizontal: 10 groups 100 wide after a pinned 50-wide leading header; bounds x 100 →
        // the header follows the visible leading edge to x 100.
        let section = C.Section(
            group: .vertical(
                size: .init(width: .absolute(100), height: .fractionalHeight(1)),
                subitems: [.item(.init(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1))))]),
            boundarySupplementaryItems: [
                .init(
                    kind: "header", size: .init(width: .absolute(50), height: .fractionalHeight(1)),
                    alignment: .leading, pinToVisibleBounds: true)
            ])
        let result = try CompositionalEngine.prepare(
            sections: .single(section), configuration: .init(scrollDirection: .horizontal), context: Self.context([10]))
        expectEqual(result.contentSize, Size(width: 1050, height: 667))
        var context = Self.context([10])
        context.bounds.origin.x = 100
        let header = try result.prepared.attributes(for: .supplementary("header", 0, 0), context: context)
        expectEqual(header?.frame, Rect(x: 100, y: 0, width: 50, height: 667))
        expectEqual(result.prepared.elementCount, 11)
    }

    @Test func countBelowOneIsAnError() {
        let group = C.Group(
            size: .init(width: .fractionalWidth(1), height: .absolute(50)),
            layout: .horizontal(.count(.item(.init(size: .init(width: .absolute(10), height: .absolute(10)))), 0)))
        #expect(throws: LayoutError("section 0: a group's count must be at least 1, got 0")) {
            try CompositionalEngine.prepare(
                sections: .single(C.Section(group: group)), configuration: .init(), context: Self.context([1]))
        }
    }
}
