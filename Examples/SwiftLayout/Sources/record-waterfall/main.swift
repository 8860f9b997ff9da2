// Lays WaterfallLayout out for the data of Examples/waterfall.json in a 340×300 collection
// view scrolled to `--offset` (default 0) and prints it as `lualayout run --format json` does
// (the whole content, as `run` prints it), for `lualayout compare`.
#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif
import WaterfallLayout

@MainActor
func record(dataFile: String, offset: CGFloat) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: dataFile))
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let sections = root["sections"] as? [[[String: Any]]] ?? []
    let layout = WaterfallLayout()
    layout.heights = sections.map { items in items.map { CGFloat(($0["height"] as? Double) ?? 100) } }
    let options = LayoutRecorder.Options(
        size: CGSize(width: 340, height: 300), itemCounts: sections.map(\.count),
        contentOffset: CGPoint(x: 0, y: offset))
    return LayoutRecorder.json(of: layout, options)
}

let arguments = CommandLine.arguments.dropFirst()
let dataFile = arguments.first ?? "../waterfall.json"
let offset = arguments.dropFirst().first.flatMap { Double($0) }.map { CGFloat($0) } ?? 0
print(try MainActor.assumeIsolated { try record(dataFile: dataFile, offset: offset) }, terminator: "")
