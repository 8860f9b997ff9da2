// The Lua layouts of this target, exported to Swift by the LuaLayoutExport plugin at build
// time, laid out and recorded as `lualayout run --format json` prints a layout: one JSON file
// per layout in the folder given. Scripts/export-check compares each with `lualayout run`.
#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif

/// The app's tags, read from tags.json (the file `lualayout run --data` reads): what TagsLayout
/// reads through the TagsLayoutData protocol the export declares.
@MainActor
final class Tags: TagsLayoutData {
    struct Tag: TagsItemData {
        var title: String?
    }
    let sections: [[Tag]]

    init(contentsOf file: URL) throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let sections = json?["sections"] as? [[[String: Any]]] ?? []
        self.sections = sections.map { $0.map { Tag(title: $0["title"] as? String) } }
    }

    var counts: [Int] { sections.map(\.count) }

    func itemData(section: Int, item: Int) -> (any TagsItemData)? {
        sections.indices.contains(section) && sections[section].indices.contains(item) ? sections[section][item] : nil
    }
}

@MainActor
func recordLayouts(to folder: String) throws {
    let size = CGSize(width: 375, height: 667)
    try LayoutRecorder.record(
        makeGridLayout(), LayoutRecorder.Options(size: size, itemCounts: [20], scale: 2), to: folder + "/grid.json")
    try LayoutRecorder.record(
        makeFeedLayout(), LayoutRecorder.Options(size: size, itemCounts: [1, 6, 6, 3]), to: folder + "/feed.json")
    // A custom layout: MosaicLayout computes for any bounds and count (exported for 10 items).
    try LayoutRecorder.record(
        makeMosaicLayout(), LayoutRecorder.Options(size: CGSize(width: 320, height: 568), itemCounts: [11]),
        to: folder + "/mosaic.json")
    // A flow whose sizeForItem reads each tag's title: the layout reads the app's data, and
    // TagsFlowDelegate answers as the collection view's delegate.
    let tags = try Tags(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("tags.json"))
    let layout = makeTagsLayout()
    layout.data = tags
    var options = LayoutRecorder.Options(size: size, itemCounts: tags.counts)
    options.delegate = TagsFlowDelegate()
    try LayoutRecorder.record(layout, options, to: folder + "/tags.json")
}

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
try MainActor.assumeIsolated { try recordLayouts(to: folder) }
