import Foundation
import LayoutEngine
import ScriptLayout

// Loads a layout script, prepares it in a collection view, queries a rect and prints the
// frames: what a host app does with every scroll.
// Usage: embedding [SCRIPT]   (default: Examples/cookbook-flow.lua beside this package)

let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let script = CommandLine.arguments.dropFirst().first ?? examples.appendingPathComponent("cookbook-flow.lua").path

/// Integers without a fraction, other values as Swift prints them.
func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
func format(_ rect: Rect) -> String {
    "\(format(rect.x)),\(format(rect.y)) \(format(rect.width))×\(format(rect.height))"
}

do {
    // A 375×667 viewport (an iPhone in portrait) over one section of 6 items.
    let context = CollectionContext(
        bounds: Rect(x: 0, y: 0, width: 375, height: 667), scale: 2, data: CollectionData(counts: [6]))
    let layout = try ScriptLayout(file: script)
    for warning in layout.warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
    try layout.prepare(in: context)
    let size = layout.collectionViewContentSize
    print(
        "\((script as NSString).lastPathComponent): \(layout.elementCount) elements, content \(format(size.width))×\(format(size.height))"
    )
    // What a collection view asks for as the first 200 points scroll into view.
    let rect = Rect(x: 0, y: 0, width: 375, height: 200)
    let elements = try layout.layoutAttributesForElements(in: rect, context: context)
    print("in \(format(rect)):")
    for element in elements { print("  \(element.key) at \(format(element.frame))") }
} catch let error as ScriptError {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
