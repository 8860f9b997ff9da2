import Foundation
import LayoutEngine
import ScriptLayout

func makeContext(
    width: Double = 320, height: Double = 480, offset: Point = .zero, scale: Double = 1, counts: [Int] = [6],
    items: [[LayoutValue]]? = nil, state: [String: LayoutValue] = [:]
) -> CollectionContext {
    let data =
        items.map { CollectionData(sections: $0.map { CollectionData.Section(items: $0) }) }
        ?? CollectionData(counts: counts)
    return CollectionContext(
        bounds: Rect(origin: offset, size: Size(width: width, height: height)), scale: scale, data: data, state: state)
}

/// Loads, prepares and lists every element.
func run(
    _ source: String, _ context: CollectionContext = makeContext(), name: String = "test.lua"
) throws -> [LayoutAttributes] {
    let layout = try ScriptLayout(source: source, name: name)
    try layout.prepare(in: context)
    return try layout.allLayoutAttributes(context: context)
}

/// The error a script raises while loading or preparing.
func scriptError(
    _ source: String, _ context: CollectionContext = makeContext(), name: String = "test.lua",
    options: ScriptLayout.Options = .init()
) -> ScriptError? {
    do {
        let layout = try ScriptLayout(source: source, name: name, options: options)
        try layout.prepare(in: context)
        _ = try layout.allLayoutAttributes(context: context)
        return nil
    } catch let error as ScriptError {
        return error
    } catch {
        return ScriptError(kind: .runtime, message: "unexpected \(error)")
    }
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "lualayout-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
