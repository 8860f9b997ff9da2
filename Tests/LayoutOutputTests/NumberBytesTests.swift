import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing
import Platform

/// The byte writers' number formatter must print exactly what the String formatter printed
/// before it (whole numbers as integers below 10¹⁵, the rest as Swift's shortest round-trip
/// `description`): checked value by value against that definition, written out again here.
@Suite("Numbers written as bytes")
struct NumberBytesTests {
    /// The definition the outputs have always used (NumberFormatting.format as first written;
    /// non-finite values spelled as the engine's messages spell them since the house issue).
    private func reference(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        return String(value)
    }

    private func referenceRounded(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return reference(value) }
        return reference((value * 1000).rounded() / 1000)
    }

    private func written(_ value: Double) -> String {
        let bytes = OutputBytes(chunk: 64)
        bytes.appendNumber(value)
        return bytes.string
    }

    private func writtenRounded(_ value: Double) -> String {
        let bytes = OutputBytes(chunk: 64)
        bytes.appendRounded(value)
        return bytes.string
    }

    /// SplitMix64: a fixed seed, so a failure names a value that reproduces.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func handPickedValues() {
        // Each expected text is Swift's description (or the integer rule) worked out by hand.
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.5, "0.5"), (-0.5, "-0.5"), (72.2, "72.2"),
            (0.1 + 0.2, "0.30000000000000004"), (1.0 / 3, "0.3333333333333333"), (0.001, "0.001"),
            (0.0001, "0.0001"), (0.00001, "1e-05"), (123.456, "123.456"), (999_999_999_999_999, "999999999999999"),
            (1e15, "1000000000000000.0"), (1_000_000_000_000_000.5, "1000000000000000.5"), (1e16, "1e+16"),
            (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"), (0.05, "0.05"), (-12.25, "-12.25"),
        ]
        for (value, text) in cases {
            expectEqual(written(value), text, "\(value)")
            expectEqual(reference(value), text, "\(value)")
        }
        // Rounded to 3 decimals: 2.0004 → 2000.4 thousandths → 2; -0.0001 → -0 → 0; 1.23456 →
        // 1234.56 → 1235 thousandths. 2.0005 sits on a half: whichever side its double lands,
        // the writer must agree with the definition.
        expectEqual(writtenRounded(2.0004), "2")
        expectEqual(writtenRounded(-0.0001), "0")
        expectEqual(writtenRounded(1.23456), "1.235")
        expectEqual(writtenRounded(2.0005), referenceRounded(2.0005))
    }

    @Test func randomBitPatternsMatchTheDefinition() {
        // Any 64 bits: subnormals, huge values, NaNs and infinities included.
        var generator = Generator(state: 13)
        for _ in 0..<100_000 {
            let value = Double(bitPattern: generator.next())
            expectEqual(written(value), reference(value), "bits \(value.bitPattern)")
            expectEqual(writtenRounded(value), referenceRounded(value), "bits \(value.bitPattern)")
        }
    }

    @Test func shortDecimalsAndTheirNeighboursMatchTheDefinition() {
        // What layouts produce: m / 10ᵏ at every scale, a unit in the last place either side,
        // sums that drift, halves and quarters; the fast path decides all of these.
        var generator = Generator(state: 2026)
        let powers: [Double] = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e12, 1e15]
        for _ in 0..<40_000 {
            let k = Int.random(in: 0..<powers.count, using: &generator)
            let digits = Double(
                Int64.random(in: -(1 << 53)...(1 << 53), using: &generator) >> Int.random(in: 0...50, using: &generator)
            )
            let base = digits / powers[k]
            for value in [base, base.nextUp, base.nextDown, base * 3 / 7, base + 0.1, Double(Int(digits) % 4096) / 64] {
                expectEqual(written(value), reference(value), "bits \(value.bitPattern)")
                expectEqual(writtenRounded(value), referenceRounded(value), "bits \(value.bitPattern)")
            }
        }
    }

    @Test func largeMagnitudesWhereTwoDecimalsCanReadBack() {
        // Near 10¹⁴ a double's spacing is 1/64: two-decimal candidates may both read back, and
        // the general algorithm must choose.
        var generator = Generator(state: 7)
        for _ in 0..<50_000 {
            let value = Double(Int64.random(in: 1 << 46...(1 << 50), using: &generator)) / 64
            expectEqual(written(value), reference(value), "bits \(value.bitPattern)")
            expectEqual(written(-value), reference(-value), "bits \((-value).bitPattern)")
        }
    }

    @Test func jsonWritesNonFiniteNumbersAsNull() {
        let element = LayoutAttributes(
            key: .cell(0, 1), frame: Rect(x: .nan, y: .infinity, width: 0.5, height: -0.0), alpha: 0.25)
        // Frame x NaN and y ∞ are null; -0 is 0; alpha 0.25 keeps two decimals.
        #expect(
            JSONLayoutWriter.element(element) == """
                {"category": "cell", "indexPath": [0, 1], "frame": {"x": null, "y": null, "width": 0.5, "height": 0}, "alpha": 0.25, "zIndex": 0, "hidden": false}
                """)
    }

    @Test func jsonStringsEscapeAsBefore() {
        // The escaping rules: quote, backslash, \n \r \t by name, other controls as \u00XX,
        // everything else (multi-byte characters included) as is.
        expect(
            JSONLayoutWriter.string("a\"b\\c\nd\re\tf\u{1}g\u{1F}h é 🎉 \u{7F}")
                == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh é 🎉 \u{7F}\"")
        expectEqual(JSONLayoutWriter.string(""), "\"\"")
    }
}
