import LayoutEngine
import TestExpectations
import Testing

/// Shared by the tests of Examples/compositional: every sample is run at @2x, as its Run line
/// does (the note's worked examples are at @2x), on a 375×667 phone unless a test says otherwise.
extension Example {
    static func compositional(
        _ name: String, width: Double = 375, height: Double = 667, offset: Point = .zero,
        counts: [Int] = [20], data: String? = nil, estimatesOnly: Bool = false
    ) throws -> Example {
        try Example(
            "compositional/" + name, width: width, height: height, offset: offset, scale: 2, counts: counts,
            data: data.map { "compositional/" + $0 }, estimatesOnly: estimatesOnly)
    }

    /// The cells, in index-path order.
    func cells() throws -> [LayoutAttributes] { try all().filter { $0.category == .cell } }

    /// The supplementary views of one kind, in index-path order.
    func supplementaries(_ kind: String) throws -> [LayoutAttributes] {
        try all().filter { $0.category == .supplementary && $0.kind == kind }
    }

    /// The decoration views of one kind, in index-path order.
    func decorations(_ kind: String) throws -> [LayoutAttributes] {
        try all().filter { $0.category == .decoration && $0.kind == kind }
    }
}

/// Expects `elements` to have exactly `expected`'s index paths and frames, naming the first
/// elements that differ.
func expectFrames(
    _ elements: [LayoutAttributes], _ expected: [(LayoutIndexPath, Rect)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(elements.count == expected.count, "element count", sourceLocation: sourceLocation)
    var reported = 0
    for (element, (indexPath, frame)) in zip(elements, expected) where reported < 5 {
        if element.indexPath != indexPath || element.frame != frame {
            reported += 1
            Issue.record(
                "\(element.indexPath) at \(element.frame), expected \(indexPath) at \(frame)",
                sourceLocation: sourceLocation)
        }
    }
}

/// `Rect` shorthand for the tables of expected frames.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// The expected frames of items 0..<count of `section`, one per item.
func framesOf(section: Int, count: Int, _ frame: (Int) -> Rect) -> [(LayoutIndexPath, Rect)] {
    (0..<count).map { item in (LayoutIndexPath(section, item), frame(item)) }
}

/// Column and row of item `item` in rows of `columns`, as Doubles.
func cell(_ item: Int, columns: Int) -> (column: Double, row: Double) {
    (Double(item % columns), Double(item / columns))
}
