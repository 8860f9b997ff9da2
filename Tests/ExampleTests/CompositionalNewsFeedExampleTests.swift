import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/news-feed.lua")
struct CompositionalNewsFeedExampleTests {
    /// preferredSizeForItem at 375 @2x: insets 10 leave a 355-point row (fitting.width); a line
    /// holds ⌊(355 − 32) / 8⌋ = 40 characters; height = 24 + 22 + 18·⌈characters / 40⌉. The
    /// bodies in news-feed.json have 76, 22, 165, 72, 60, 189, 42, 99, 20 and 108 characters:
    /// 2, 1, 5, 2, 2, 5, 2, 3, 1 and 3 lines.
    static let heights: [Double] = [82, 64, 136, 82, 82, 136, 82, 100, 64, 100]

    /// Measured heights replace the estimate of 100 and the rows restack: y₀ = 10 (top inset),
    /// yᵢ₊₁ = yᵢ + hᵢ + 10: 10, 102, 176, 322, 414, 506, 652, 744, 854, 928. Content height:
    /// 928 + 100 + 10 (bottom inset) = 1038.
    @Test func rowsAreAsTallAsTheirText() throws {
        let example = try Example.compositional("news-feed.lua", data: "news-feed.json")
        let tops: [Double] = [10, 102, 176, 322, 414, 506, 652, 744, 854, 928]
        expectFrames(try example.cells(), framesOf(section: 0, count: 10) { rect(10, tops[$0], 355, Self.heights[$0]) })
        expectEqual(example.contentSize, Size(width: 375, height: 1038))
        expectEqual(try example.cell(0, 2)?.custom["label"], .string("Labs are open"))
    }

    /// Before sizing (`--estimates`) every row is its estimate, 100: y = 10 + 110i; content
    /// 10 + 10·100 + 9·10 + 10 = 1110. The measured layout is 1110 − 1038 = 72 points shorter.
    @Test func estimatesPlaceEveryRowAtOneHundred() throws {
        let example = try Example.compositional("news-feed.lua", data: "news-feed.json", estimatesOnly: true)
        expectFrames(try example.cells(), framesOf(section: 0, count: 10) { rect(10, 10 + 110 * Double($0), 355, 100) })
        expectEqual(example.contentSize, Size(width: 375, height: 1110))
    }
}
