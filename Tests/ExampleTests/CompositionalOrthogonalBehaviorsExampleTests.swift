import LayoutEngine
import Testing

@Suite("Example: compositional/orthogonal-behaviors.lua")
struct CompositionalOrthogonalBehaviorsExampleTests {
    static let behaviors = ["none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered"]

    static func example() throws -> Example {
        try Example.compositional("orthogonal-behaviors.lua", counts: Array(repeating: 9, count: 6))
    }

    /// 375×667 @2x, six sections of 9, each under a "title" header (0, t, 375, 44): 1.0 × 375
    /// with no section insets, estimated 44.
    ///
    /// - Section 0 ("none") scrolls with the page: groups 1.0 × 375 by 266.5 (as nested-groups:
    ///   leading 262.5, trailing 112.5) stack at y = 44 + 266.5g, g = 0…2; it ends at
    ///   44 + 3·266.5 = 843.5.
    /// - Sections 1…5 scroll sideways: groups 318.5 × 266.5 (as orthogonal-sections: leading
    ///   222.5, trailing 95.5) at x = 318.5g, y = t + 44, each section 44 + 266.5 = 310.5 tall:
    ///   t = 843.5 + 310.5(s − 1). groupPagingCentered reports groupPaging's frames.
    /// Content height 843.5 + 5·310.5 = 2396.
    static func top(_ section: Int) -> Double { section == 0 ? 0 : 843.5 + 310.5 * Double(section - 1) }

    @Test func oneSectionPerBehaviour() throws {
        let example = try Self.example()
        var expected = (0..<3).flatMap { g in nestedGroupCells(x: 0, y: 44 + 266.5 * Double(g), leading: 262.5, trailing: 112.5) }
            .enumerated().map { (LayoutIndexPath(0, $0.offset), $0.element) }
        for s in 1..<6 {
            expected += (0..<3).flatMap { g in
                nestedGroupCells(x: 318.5 * Double(g), y: Self.top(s) + 44, leading: 222.5, trailing: 95.5)
            }.enumerated().map { (LayoutIndexPath(s, $0.offset), $0.element) }
        }
        expectFrames(try example.cells(), expected)
        let titles = try example.supplementaries("title")
        expectFrames(titles, (0..<6).map { (LayoutIndexPath($0, 0), rect(0, Self.top($0), 375, 44)) })
        #expect(titles.map(\.custom["label"]) == Self.behaviors.map { .string($0) })
        #expect(example.contentSize == Size(width: 375, height: 2396))
    }
}
