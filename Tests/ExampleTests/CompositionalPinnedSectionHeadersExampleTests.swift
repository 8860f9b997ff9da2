import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/pinned-section-headers.lua")
struct CompositionalPinnedSectionHeadersExampleTests {
    /// Frames as section-headers-footers.lua (section s spans [328s, 328s + 328): header at
    /// 328s, footer at 328s + 284), with the headers pinned and zIndex 2.
    static func pinned(offset: Double) throws -> (example: Example, headers: [LayoutAttributes]) {
        let example = try Example.compositional(
            "pinned-section-headers.lua", offset: Point(x: 0, y: offset), counts: [5, 5, 5, 5, 5])
        let visible = try example.elements(in: example.context.bounds)
        return (example, visible.filter { $0.kind == "header" })
    }

    /// At rest (offset 0, viewport 0…667): header 0 (0…44) is fully visible and stays; header 1
    /// (328…372) and header 2 (656…700, crossing the bottom edge) stay at their frames: only a
    /// header above the top moves.
    @Test func atRestHeadersStayPut() throws {
        let (_, headers) = try Self.pinned(offset: 0)
        expectFrames(
            headers,
            [
                (LayoutIndexPath(0, 0), rect(10, 0, 355, 44)), (LayoutIndexPath(1, 0), rect(10, 328, 355, 44)),
                (LayoutIndexPath(2, 0), rect(10, 656, 355, 44)),
            ])
        expect(headers.allSatisfy { $0.zIndex == 2 })
    }

    /// Offset 400 (viewport 400…1067): section 0 (0…328) is out of view, its header not
    /// returned. Header 1 (328…372) is above the top: it moves down to 400, within its section's
    /// limit 656 − 44 = 612. Headers 2 (656) and 3 (984…1028) are fully visible and stay.
    @Test func theHeaderOfTheSectionAtTheTopFollowsIt() throws {
        let (_, headers) = try Self.pinned(offset: 400)
        expectFrames(
            headers,
            [
                (LayoutIndexPath(1, 0), rect(10, 400, 355, 44)), (LayoutIndexPath(2, 0), rect(10, 656, 355, 44)),
                (LayoutIndexPath(3, 0), rect(10, 984, 355, 44)),
            ])
    }

    /// Offset 630: header 1 would move to 630 but stops at 612, its section's end (656, the
    /// footer's bottom) less its height, overlapping the footer (612…656) as the next section
    /// comes up under it.
    @Test func aHeaderStopsAtTheEndOfItsSection() throws {
        let (example, headers) = try Self.pinned(offset: 630)
        expectEqual(headers.first?.indexPath, LayoutIndexPath(1, 0))
        expectEqual(headers.first?.frame, rect(10, 612, 355, 44))
        let footer = try example.elements(in: example.context.bounds).first {
            $0.kind == "footer" && $0.indexPath.section == 1
        }
        expectEqual(footer?.frame, rect(10, 612, 355, 44))
    }
}
