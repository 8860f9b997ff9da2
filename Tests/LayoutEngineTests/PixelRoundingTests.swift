import LayoutEngine
import Testing

@Suite("Pixel rounding")
struct PixelRoundingTests {
    @Test(arguments: [
        (0.5, 1.0, 1.0), (-0.5, 1.0, -1.0), (2.25, 2.0, 2.5), (-2.25, 2.0, -2.5), (2.24, 2.0, 2.0),
        (1.0 / 6.0, 3.0, 1.0 / 3.0), (10.2, 3.0, 31.0 / 3.0),
    ])
    func roundsToThePixelGrid(value: Double, scale: Double, expected: Double) {
        #expect(PixelRounding.round(value, scale: scale) == expected)
    }
}
