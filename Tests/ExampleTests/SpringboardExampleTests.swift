import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// Springboard at iPad portrait, 768×1024, 40 icons (horizontal flow, grid path):
/// D = 1024 (height), A = 1024 − 32 − 32 = 960; icons per column
/// k = floor((960 + 48)/(144 + 48)) = floor(1008/192) = 5; the spare height is spread between
/// them: gap = (960 − 5·144)/4 = 60, so rows sit at y = 32 + 204·r → 32, 236, 440, 644, 848
/// (848 + 144 = 992 = 1024 − 32). Columns advance by 144 + 48 = 192: x = 32 + 192·c.
/// 40 icons → 8 columns; content width = 32 + 8·144 + 7·48 + 32 = 1552, height = D = 1024.
@Suite("Example: springboard.lua")
struct SpringboardExampleTests {
    static func springboard(state: [String: LayoutValue] = [:]) throws -> Example {
        try Example("springboard.lua", width: 768, height: 1024, counts: [40], state: state)
    }

    @Test func iconsFillColumnsOfFiveAndPagesOfFourColumns() throws {
        let example = try Self.springboard()
        // Item j sits in column j / 5, row j % 5.
        // 0 → (0, 0); 4 → (0, 4); 5 → (1, 0); 19 → (3, 4), the last icon of page 0;
        // 20 → (4, 0): x = 32 + 768 = 800, the first column of page 1 (its own inset 32 in);
        // 39 → (7, 4): x = 32 + 7·192 = 1376.
        let expected: [(Int, Double, Double)] = [
            (0, 32, 32), (4, 32, 848), (5, 224, 32), (7, 224, 440), (19, 608, 848), (20, 800, 32), (39, 1376, 848),
        ]
        for (item, x, y) in expected {
            expectEqual(try example.cell(0, item)?.frame, Rect(x: x, y: y, width: 144, height: 144), "item \(item)")
        }
        expectEqual(try example.all().count, 40)
        expect(try example.cell(0, 40) == nil)
        expectEqual(example.contentSize, Size(width: 1552, height: 1024))
    }

    /// The close button of a 144-point icon, a white cross in a dark circle: the circle at
    /// (144/16, 144/16, 144/4, 144/4) = (9, 9, 36, 36), the cross at (144/8, 144/8, 144/8,
    /// 144/8) = (18, 18, 18, 18), the middle half of the circle; both hidden unless deleting.
    static func closeButton(hidden: Bool) -> [String: LayoutValue] {
        [
            "deleteButtonHidden": .bool(hidden), "deleteCrossHidden": .bool(hidden),
            "deleteButtonFrame": .array([9, 9, 36, 36].map(LayoutValue.number)),
            "deleteButtonShape": .string("circle"), "deleteButtonColor": .string("#3a3a3c"),
            "deleteCrossFrame": .array([18, 18, 18, 18].map(LayoutValue.number)), "deleteCrossShape": .string("cross"),
        ]
    }

    /// deleteButtonHidden = not deletionMode, with deletionMode absent (false) by default.
    @Test func deleteButtonsAreHiddenByDefault() throws {
        let example = try Self.springboard()
        let all = try example.all()
        expectEqual(all.count, 40)
        expect(all.allSatisfy { $0.custom == Self.closeButton(hidden: true) })
        // The first page's viewport: columns 0–3 (x < 768) → items 0–19.
        let page = try example.elements(in: Rect(x: 0, y: 0, width: 768, height: 1024))
        expectEqual(page.map(\.indexPath.item), Array(0..<20))
        expect(page.allSatisfy { $0.custom["deleteButtonHidden"] == .bool(true) })
        expectEqual(try example.cell(0, 7)?.custom["deleteButtonHidden"], .bool(true))
    }

    /// With Examples/springboard-apps.json each icon is labelled with its app's name (the
    /// payload's `name`), in rect and per-item queries alike; the frames are those of 40
    /// unnamed icons. Without a name (the counts above) there is no label.
    @Test func iconsAreNamedAfterTheirApps() throws {
        let named = try Example("springboard.lua", width: 768, height: 1024, data: "springboard-apps.json")
        let all = try named.all()
        expectEqual(all.prefix(3).map { $0.custom["label"] }, [.string("Mail"), .string("Safari"), .string("Music")])
        expectEqual(all.last?.custom["label"], .string("Games"))
        expectEqual(try named.cell(0, 6)?.custom["label"], .string("Clock"))
        expectEqual(all.map(\.frame), (try Self.springboard().all().map(\.frame)))
        expect(try Self.springboard().cell(0, 6)?.custom["label"] == nil)
    }

    /// In deletion mode the flag flips on every element, through rect and per-item queries
    /// alike, and the frames do not move.
    @Test func deletionModeShowsEveryDeleteButtonWithoutMovingFrames() throws {
        let normal = try Self.springboard()
        let deleting = try Self.springboard(state: ["deletionMode": .bool(true)])
        let all = try deleting.all()
        expectEqual(all.count, 40)
        expect(all.allSatisfy { $0.custom == Self.closeButton(hidden: false) })
        expectEqual(all.map(\.frame), (try normal.all().map(\.frame)))
        // Page 1's viewport (768…1536): columns 4–7 → items 20–39.
        let page = try deleting.elements(in: Rect(x: 768, y: 0, width: 768, height: 1024))
        expectEqual(page.map(\.indexPath.item), Array(20..<40))
        expect(page.allSatisfy { $0.custom["deleteButtonHidden"] == .bool(false) })
        let item = try require(try deleting.cell(0, 23))
        expectEqual(item.custom["deleteButtonHidden"], .bool(false))
        expectEqual(item.frame, Rect(x: 800, y: 644, width: 144, height: 144))
        expectEqual(deleting.contentSize, normal.contentSize)
        // deletionMode=false behaves like no state at all.
        let off = try Self.springboard(state: ["deletionMode": .bool(false)])
        expectEqual(try off.cell(0, 23)?.custom["deleteButtonHidden"], .bool(true))
    }

    /// In deletion mode every icon jiggles: rotation −2° → +6°, 0.2 s each way, forever, with
    /// the phase (5·item mod 8)/20 s: item 0 → 0, 1 → 5/20 = 0.25, 2 → 10 mod 8 = 2 → 0.1,
    /// 3 → 15 mod 8 = 7 → 0.35, 7 → 35 mod 8 = 3 → 0.15, 23 → 115 mod 8 = 3 → 0.15. Out of
    /// deletion mode nothing moves.
    @Test func iconsJiggleOnlyInDeletionModeEachWithItsPhase() throws {
        let deleting = try Self.springboard(state: ["deletionMode": .bool(true)])
        func jiggle(_ phase: Double) -> [AttributeAnimation] {
            [
                AttributeAnimation(
                    keyPath: .rotation, fromValue: -2, toValue: 6, duration: 0.2, autoreverses: true,
                    repeatCount: .infinity, timeOffset: phase)
            ]
        }
        for (item, phase) in [(0, 0.0), (1, 0.25), (2, 0.1), (3, 0.35), (7, 0.15), (23, 0.15)] {
            expectEqual(try deleting.cell(0, item)?.animations, jiggle(phase), "item \(item)")
        }
        // The rect query gives the same animations as the per-item query.
        let page = try deleting.elements(in: Rect(x: 0, y: 0, width: 768, height: 1024))
        expectEqual(page[3].animations, jiggle(0.35))
        expect(try deleting.all().allSatisfy { $0.animations.count == 1 })
        expect(try Self.springboard().all().allSatisfy { $0.animations.isEmpty })
    }

    /// Pages are 768 wide; the last page starts at contentWidth − 768 = 1552 − 768 = 784, not
    /// 1536 (1552 is not a multiple of 768). Target = clamp(round(x/768)·768, 0, 784), y = 0.
    @Test func flingsSnapToTheNearestPageAndClampToTheLast() throws {
        let example = try Self.springboard()
        let cases: [(proposed: Double, target: Double)] = [
            (0, 0),
            (383, 0),  // 0.499 pages → page 0
            (384, 768),  // exactly half way → the next page
            (1000, 768),  // 1.30 → page 1
            (1100, 768),  // 1.43 → page 1
            (1200, 784),  // 1.56 → page 2 = 1536, past the last page → 784
            (-100, 0),  // bounced past the start
            (5000, 784),  // far past the end
        ]
        for (proposed, target) in cases {
            let offset = try example.layout.targetContentOffset(
                forProposedContentOffset: Point(x: proposed, y: 0), withScrollingVelocity: Point(x: 1, y: 0),
                context: example.context)
            expectEqual(offset, Point(x: target, y: 0), "proposed \(proposed)")
        }
    }

    /// 20 icons make 4 columns: content width 32 + 4·144 + 3·48 + 32 = 784, just over one page,
    /// so the last page starts at 784 − 768 = 16. Proposed 700 → nearest page 768 → clamped to
    /// 16; proposed 300 → page 0.
    @Test func aShortSpringboardClampsToItsOwnContent() throws {
        let example = try Example("springboard.lua", width: 768, height: 1024, counts: [20])
        expectEqual(example.contentSize, Size(width: 784, height: 1024))
        let offset = try example.layout.targetContentOffset(
            forProposedContentOffset: Point(x: 700, y: 0), withScrollingVelocity: .zero, context: example.context)
        expectEqual(offset, Point(x: 16, y: 0))
        let back = try example.layout.targetContentOffset(
            forProposedContentOffset: Point(x: 300, y: 0), withScrollingVelocity: .zero, context: example.context)
        expectEqual(back, .zero)
    }
}
