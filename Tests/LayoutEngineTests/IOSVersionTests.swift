import LayoutEngine
import TestExpectations
import Testing

/// `--ios N`: the releases the engine knows, in their written forms.
struct IOSVersionTests {
    @Test(arguments: [("13", 13, 0), ("14", 14, 0), ("17.4", 17, 4), ("18.0", 18, 0), ("26", 26, 0)])
    func knownReleasesParse(_ text: String, _ major: Int, _ minor: Int) throws {
        let version = try require(IOSVersion(parsing: text))
        expectEqual(version, IOSVersion(major, minor))
    }

    @Test(arguments: ["", "12", "19", "25", "17.", ".4", "17.4.1", "x", "-17", "17.-1", "0017", "1e1"])
    func otherTextIsRefused(_ text: String) {
        expect(IOSVersion(parsing: text) == nil)
    }

    @Test func ordersByMajorThenMinor() {
        expect(IOSVersion(14, 5) < IOSVersion(15))
        expect(IOSVersion(17) < IOSVersion(17, 4))
        expect(!(IOSVersion(26) < IOSVersion(18, 9)))
        expectEqual(IOSVersion(17, 4).description, "17.4")
        expectEqual(IOSVersion(26).description, "26")
    }
}
