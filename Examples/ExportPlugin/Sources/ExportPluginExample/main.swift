// The Lua layouts of this target, exported to Swift by the LuaLayoutExport plugin at build
// time, laid out and recorded as `lualayout run --format json` prints a layout: one JSON file
// per layout in the folder given. Scripts/export-check compares each with `lualayout run`.
#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif

@MainActor
func recordLayouts(to folder: String) throws {
    let size = CGSize(width: 375, height: 667)
    try LayoutRecorder.record(
        makeGridLayout(), LayoutRecorder.Options(size: size, itemCounts: [20], scale: 2), to: folder + "/grid.json")
    try LayoutRecorder.record(
        makeFeedLayout(), LayoutRecorder.Options(size: size, itemCounts: [1, 6, 6, 3]), to: folder + "/feed.json")
}

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
try MainActor.assumeIsolated { try recordLayouts(to: folder) }
