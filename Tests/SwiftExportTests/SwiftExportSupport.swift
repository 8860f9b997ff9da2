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
        allowPartial: Bool = false, name: String = "Test", ios: IOSVersion? = nil, screen: Bool = false,
        scriptName: String = "layout.lua", evaluatedFor: String = "TEST", memoryLimit: Int = .max,
        translatesProvider: Bool = false
    ) throws {
        let layout = try ScriptLayout(source: source, name: scriptName)
        var context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: width, height: height), scale: scale, data: CollectionData(counts: counts))
        context.iosVersion = ios ?? .default
        let captured = try layout.capture(in: context, memoryLimit: memoryLimit)
        var options = SwiftLayoutExport.Options(
            name: name, scriptName: scriptName, evaluatedFor: evaluatedFor, allowPartial: allowPartial,
            deploymentTarget: ios, engineVersion: context.iosVersion, screenItemCounts: screen ? counts : nil,
            memoryLimit: memoryLimit)
        // `lualayout export` gives the script, whose sectionProvider is then translated.
        if translatesProvider { options.luaSource = (Array(source.utf8), context) }
        let outcome = SwiftLayoutExport.export(captured, options: options)
        refusals = outcome.refusals
        swift = outcome.source ?? ""
    }

    /// The file without its header comment (the lines before `import UIKit`).
    var body: String {
        guard let start = swift.range(of: "import UIKit\n\n") else { return swift }
        return String(swift[start.upperBound...])
    }

    /// The header's comment lines.
    var header: [String] {
        swift.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("//") }.map(String.init)
    }
}

/// The repository's root, from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
