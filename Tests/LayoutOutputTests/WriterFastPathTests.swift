import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing
import Platform

/// The writers' shortcuts (a cell's repeated trailing fields copied from the previous one,
/// batches across 1024 elements, whole numbers without rounding, escaping skipped for plain
/// text) must print exactly what the element-by-element path prints.
@Suite("Writer fast paths")
struct WriterFastPathTests {
    private func snapshots(_ elements: [LayoutAttributes]) throws -> (store: LayoutSnapshot, array: LayoutSnapshot) {
        var builder = ElementStoreBuilder()
        for element in elements { try builder.append(element) }
        let size = Size(width: 400, height: 400)
        return (
            LayoutSnapshot(bounds: .zero, contentSize: size, elements: ElementList(store: try builder.build())),
            LayoutSnapshot(bounds: .zero, contentSize: size, elements: elements)
        )
    }

    @Test func repeatedTrailingFieldsFollowTheirValues() throws {
        // Runs of cells sharing width, height, alpha, zIndex and hidden, each run changing one
        // of them, then a return to the first values: every row's text must follow its own.
        let cells = (0..<12).map { (item: Int) -> LayoutAttributes in
            let width: Double = item == 2 || item == 3 ? 7 : 5
            let height: Double = item == 5 ? 0.25 : 5
            let alpha: Double = item == 6 ? 0.5 : 1
            return LayoutAttributes(
                key: .cell(0, item), frame: Rect(x: Double(item), y: 0, width: width, height: height),
                alpha: alpha, zIndex: item == 7 ? -2 : 0, hidden: item == 8 || item == 9)
        }
        let (store, array) = try snapshots(cells)
        let json = JSONLayoutWriter.string(store)
        expectEqual(json, JSONLayoutWriter.string(array))
        expectEqual(TableLayoutWriter.string(store), TableLayoutWriter.string(array))
        // Cell 4 returns to width 5 after two cells of width 7; cell 9 repeats cell 8 (hidden).
        #expect(
            json.contains(
                #"{"category": "cell", "indexPath": [0, 4], "frame": {"x": 4, "y": 0, "width": 5, "height": 5}, "alpha": 1, "zIndex": 0, "hidden": false}"#
            ))
        #expect(
            json.contains(
                #"{"category": "cell", "indexPath": [0, 9], "frame": {"x": 9, "y": 0, "width": 5, "height": 5}, "alpha": 1, "zIndex": 0, "hidden": true}"#
            ))
        // Table: width column as wide as "width" (5), height as "height" (6, "0.25" is 4),
        // alpha as "alpha" (5), z as "z" but "-2" is 2 wide; hidden is "yes" on rows 8 and 9.
        let rows = TableLayoutWriter.string(store).split(separator: "\n")
        expect(rows[2 + 3].hasSuffix("      7       5      1   0"))
        expect(rows[2 + 9].hasSuffix("      5       5      1   0  yes"))
        expect(rows[2 + 10].hasSuffix("      5       5      1   0"))
    }

    @Test func batchesAcrossTheBufferAndAroundOtherElementsAgree() throws {
        // 2,500 cells (past two 1024-cell batches) with a custom-field cell at 1,000 and 2,048
        // and a header after: the store's batches must end and restart around them.
        var elements = (0..<2500).map { (item: Int) -> LayoutAttributes in
            let frame = Rect(x: Double(item % 6) * 60.2, y: Double(item / 6) * 48, width: 50, height: 40)
            return LayoutAttributes(key: .cell(0, item), frame: frame)
        }
        elements[1000].custom = ["label": .string("a")]
        elements[2048].custom = ["label": .string("b")]
        elements.append(
            LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 0, width: 375, height: 30)))
        let (store, array) = try snapshots(elements)
        expectEqual(JSONLayoutWriter.string(store), JSONLayoutWriter.string(array))
        expectEqual(TableLayoutWriter.string(store), TableLayoutWriter.string(array))
    }

    @Test func picturesFromTheStoreCountHiddenAndUndrawnElements() throws {
        // 10 cells, every third hidden (0, 3, 6, 9: 4 hidden); at most 4 drawn: the first four
        // shown ones (1, 2, 4, 5); 10 − 4 hidden − 4 drawn = 2 more not drawn.
        let cells = (0..<10).map { (item: Int) -> LayoutAttributes in
            LayoutAttributes(
                key: .cell(0, item), frame: Rect(x: Double(item) * 10, y: 0, width: 8, height: 8), hidden: item % 3 == 0
            )
        }
        let (store, array) = try snapshots(cells)
        let svg = SVGLayoutWriter.string(store, options: .init(maxElements: 4))
        expectEqual(svg, SVGLayoutWriter.string(array, options: .init(maxElements: 4)))
        expectContains(svg, "· 4 elements · 4 hidden · 2 more not drawn")
        let drawn = svg.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "data-index-path=\"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        expectEqual(drawn, ["0,1", "0,2", "0,4", "0,5"])
    }

    @Test func wholeNumbersAtEveryDigitCount() {
        // 0, then 10ᵏ − 1 and 10ᵏ for k = 1…18, both signs, and the extremes of Int: each as
        // String(Int) prints it (digit counts from the bit length must not be off by one).
        var values = [0, Int.max, Int.min + 1, Int.min]
        var power = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power, -(power - 1), -power]
        }
        for value in values {
            let bytes = OutputBytes(chunk: 64)
            bytes.append(value)
            expectEqual(bytes.string, String(value), "\(value)")
        }
        // Right-aligned in 6: "-42" is 3 bytes after 3 spaces; 1234567 is wider: as is; 2.5
        // is moved right behind 3 spaces; -0 prints 0, after 2 spaces in a width of 3.
        let bytes = OutputBytes(chunk: 64)
        bytes.withCursor(reserving: 64) { out in
            out.write(-42, rightAlignedIn: 6)
            out.write(UInt8(ascii: "|"))
            out.write(1_234_567, rightAlignedIn: 6)
            out.write(UInt8(ascii: "|"))
            out.writeRounded(2.5, rightAlignedIn: 6)
            out.write(UInt8(ascii: "|"))
            out.writeRounded(-0.0, rightAlignedIn: 3)
        }
        expectEqual(bytes.string, "   -42|1234567|   2.5|  0")
    }

    @Test func wholeNumbersFormatWithoutRounding() {
        // Integers below 10¹⁵ print as Int; -0 as 0; 10¹⁵ and beyond as Swift's description.
        expectEqual(NumberFormatting.format(-0.0), "0")
        expectEqual(NumberFormatting.format(999_999_999_999_999), "999999999999999")
        expectEqual(NumberFormatting.format(-999_999_999_999_999), "-999999999999999")
        expectEqual(NumberFormatting.format(1e15), "1000000000000000.0")
        expectEqual(NumberFormatting.format(2.5), "2.5")
        // Rounded: whole numbers unchanged below 10¹²; 10¹² itself by format.
        expectEqual(NumberFormatting.rounded(-3), "-3")
        expectEqual(NumberFormatting.rounded(999_999_999_999), "999999999999")
        expectEqual(NumberFormatting.rounded(1e12), "1000000000000")
        expectEqual(NumberFormatting.rounded(2.0004), "2")
        // The picture's two decimals: 12 stays 12, 12.345 → 1234.5 hundredths → 1235 (half away from zero) → 12.35.
        expectEqual(SVGLayoutWriter.n(12), "12")
        expectEqual(SVGLayoutWriter.n(-0.0), "0")
        expectEqual(SVGLayoutWriter.n(.infinity), "0")
        // Beyond ±1e15 a picture holds the limit (·100 would overflow 1e308 to inf).
        expectEqual(SVGLayoutWriter.n(1e308), "1000000000000000.0")
        expectEqual(SVGLayoutWriter.n(-1e300), "-1000000000000000.0")
        expectEqual(SVGLayoutWriter.n(12.345), NumberFormatting.format((12.345 * 100).rounded() / 100))
    }

    @Test func plainTextIsNotEscapedAndTheRestIs() {
        expectEqual(SVGLayoutWriter.escape("cell [0, 12]\nframe 1,2 3×4\tüñí"), "cell [0, 12]\nframe 1,2 3×4\tüñí")
        // & < > " become references; scalar by scalar, \r becomes U+FFFD and the \n after it
        // stays (a CR LF is one Swift Character, not two); \t stays; \u{1} becomes U+FFFD.
        expect(
            SVGLayoutWriter.escape("a<b>&\"c\"\r\nd\te\u{1}") == "a&lt;b&gt;&amp;&quot;c&quot;\u{FFFD}\nd\te\u{FFFD}")
        // A combining mark after < or " makes one Character with it, equal to neither: still escaped.
        expect(
            SVGLayoutWriter.escape("<\u{301}script>\"\u{308}") == "&lt;\u{301}script&gt;&quot;\u{308}")
    }
}
