import Foundation
import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// Hand-derived vectors for the UIKit flow layout (Vectors/flow-vectors.json): each names the
/// rule it pins down and carries its derivation; every frame and the content size are exact.
struct FlowVector: Decodable, CustomTestStringConvertible, Sendable {
    var name: String
    var rule: String
    var script: String
    var bounds: [Double]
    var offset: [Double]?
    var scale: Double?
    var sections: [Int]
    var rect: [Double]?
    var contentSize: [Double]
    var elements: [[Element]]

    enum Element: Decodable, Sendable {
        case text(String)
        case number(Double)
        case none

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .none
            } else if let n = try? container.decode(Double.self) {
                self = .number(n)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        var number: Double { if case .number(let n) = self { n } else { .nan } }
        var text: String? { if case .text(let s) = self { s } else { nil } }
    }

    var testDescription: String { name }

    static let all: [FlowVector] = {
        let url = Bundle.module.url(forResource: "flow-vectors", withExtension: "json", subdirectory: "Vectors")!
        return try! JSONDecoder().decode([FlowVector].self, from: Data(contentsOf: url))
    }()

    var context: CollectionContext {
        CollectionContext(
            bounds: Rect(x: offset?[0] ?? 0, y: offset?[1] ?? 0, width: bounds[0], height: bounds[1]),
            scale: scale ?? 1, data: CollectionData(counts: sections))
    }

    /// The expected elements as (key, frame).
    var expected: [ExpectedFrame] {
        elements.map { row in
            let category: ElementCategory = row[0].text == "cell" ? .cell : .supplementary
            let key = ElementKey(
                category: category, kind: row[1].text ?? "",
                indexPath: LayoutIndexPath(Int(row[2].number), Int(row[3].number)))
            return ExpectedFrame(
                key: key, frame: Rect(x: row[4].number, y: row[5].number, width: row[6].number, height: row[7].number))
        }
    }
}

struct ExpectedFrame: Equatable, CustomStringConvertible {
    var key: ElementKey
    var frame: Rect
    var description: String { "\(key) (\(frame.x), \(frame.y), \(frame.width), \(frame.height))" }
}

@Suite("Flow layout vectors (hand-derived from UIKit's rules)")
struct FlowVectorTests {
    @Test(arguments: FlowVector.all)
    func vector(_ vector: FlowVector) throws {
        let layout = try ScriptLayout(source: vector.script, name: "\(vector.name).lua")
        let context = vector.context
        try layout.prepare(in: context)
        expectEqual(layout.collectionViewContentSize, Size(width: vector.contentSize[0], height: vector.contentSize[1]))
        let elements: [LayoutAttributes]
        if let r = vector.rect {
            elements = try layout.layoutAttributesForElements(
                in: Rect(x: r[0], y: r[1], width: r[2], height: r[3]), context: context)
        } else {
            elements = try layout.allLayoutAttributes(context: context)
        }
        let actual = elements.map { ExpectedFrame(key: $0.key, frame: $0.frame) }
        expectEqual(actual, vector.expected, "\(vector.rule)")
        // Headers and footers sit above cells; nothing else carries a zIndex.
        for element in elements {
            expectEqual(element.zIndex, (element.category == .supplementary ? 10 : 0))
        }
    }

    @Test("A rect query over the whole content returns exactly the whole layout")
    func wholeContentQueryMatchesAll() throws {
        for vector in FlowVector.all where vector.rect == nil {
            let layout = try ScriptLayout(source: vector.script, name: "\(vector.name).lua")
            let context = vector.context
            try layout.prepare(in: context)
            let size = layout.collectionViewContentSize
            let everything = Rect(x: -10_000, y: -10_000, width: size.width + 20_000, height: size.height + 20_000)
            let queried = try layout.layoutAttributesForElements(in: everything, context: context)
            expectEqual(queried, (try layout.allLayoutAttributes(context: context)), "\(vector.name)")
        }
    }
}
