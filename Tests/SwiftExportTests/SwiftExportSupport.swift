import Foundation
import LayoutEngine
import ScriptLayout
import Testing

@testable import SwiftExport

/// Exports Lua source as `lualayout export --swift` does, for a 375×667 view at @2x.
struct Exported {
    var refusals: [String]
    var swift: String

    init(
        _ source: String, counts: [Int] = [4], width: Double = 375, height: Double = 667, scale: Double = 2,
        allowPartial: Bool = false, name: String = "Test"
    ) throws {
        let layout = try ScriptLayout(source: source, name: "layout.lua")
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: width, height: height), scale: scale, data: CollectionData(counts: counts))
        let captured = try layout.capture(in: context)
        refusals = SwiftLayoutExport.refusals(captured, allowPartial: allowPartial)
        swift = SwiftLayoutExport.source(
            captured,
            options: .init(name: name, scriptName: "layout.lua", evaluatedFor: "TEST", allowPartial: allowPartial))
    }

    /// The file without its header comment (the lines before `import UIKit`).
    var body: String {
        guard let start = swift.range(of: "import UIKit\n\n") else { return swift }
        return String(swift[start.upperBound...])
    }
}

/// The repository's root, from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
