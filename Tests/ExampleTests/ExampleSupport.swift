import Foundation
import InputFiles
import LayoutEngine
import ScriptLayout

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// An example from Examples/, run as `lualayout run` would run it.
struct Example {
    let layout: ScriptLayout
    var context: CollectionContext

    /// Loads `Examples/NAME.lua` with the given collection view. `data` names a data file
    /// under Examples/ (e.g. "raggy.json"); otherwise `counts` gives the items per section.
    init(
        _ name: String, width: Double, height: Double, offset: Point = .zero, scale: Double = 1,
        counts: [Int] = [20], data: String? = nil, state: [String: LayoutValue] = [:], seed: Int = 0,
        estimatesOnly: Bool = false
    ) throws {
        layout = try ScriptLayout(
            file: repositoryRoot + "/Examples/" + name, options: .init(seed: seed, estimatesOnly: estimatesOnly))
        var collection = CollectionData(counts: counts)
        if let data {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Examples/" + data))
            collection = try CollectionData(json: JSONDataParser.parse([UInt8](bytes)))
        }
        context = CollectionContext(
            bounds: Rect(origin: offset, size: Size(width: width, height: height)), scale: scale, data: collection,
            state: state)
        try layout.prepare(in: context)
    }

    var contentSize: Size { layout.collectionViewContentSize }

    /// Every element, in output order (rect-query hooks applied).
    func all() throws -> [LayoutAttributes] { try layout.allLayoutAttributes(context: context) }

    /// The elements intersecting `rect`.
    func elements(in rect: Rect) throws -> [LayoutAttributes] {
        try layout.layoutAttributesForElements(in: rect, context: context)
    }

    /// One cell's attributes (rect-query hooks applied).
    func cell(_ section: Int, _ item: Int) throws -> LayoutAttributes? {
        try layout.layoutAttributesForItem(at: LayoutIndexPath(section, item), context: context)
    }

    /// Scrolls (or resizes) to `bounds`: re-prepares when the layout asks for it, as UIKit does.
    mutating func setBounds(_ bounds: Rect) throws {
        let invalidate = try layout.shouldInvalidateLayout(forBoundsChange: bounds, context: context)
        context.bounds = bounds
        if invalidate { try layout.prepare(in: context) }
    }
}
