import Foundation
import LayoutEngine
import TestExpectations
import Testing
@testable import LualayoutCLI
@testable import ScriptLayout

/// `watch` on a self-sizing layout reports the content-size correction measuring made (the
/// layout prepared on its estimates against the measured one), next to its diff.
@Suite("watch: self-sizing correction")
struct WatchSelfSizingTests {
    private func script(_ source: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lualayout-selfsizing-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/layout.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func correction(_ path: String) throws -> String? {
        let watch = try WatchCommand.parse([path, "--items", "6", "--bounds", "375x667"])
        let context = try watch.layout.makeContext(dataLimit: watch.scriptOptions.maxMemory.bytes)
        let layout = try watch.scriptOptions.loadLayout(path)
        try layout.prepare(in: context)
        return WatchWorker.selfSizingCorrection(of: layout, watch: watch, context: context)
    }

    /// 375 wide, estimates 100×50, no spacing: a line holds 3 (3·100 ≤ 375 < 4·100), so 6
    /// items make 2 lines: 2·50 = 100 tall on estimates; measured 100×80 each, 2·80 = 160.
    @Test func theCorrectionNamesBothContentSizes() throws {
        let path = try script(
            """
            local layout = flow{ estimatedItemSize = {100, 50}, minimumLineSpacing = 0, minimumInteritemSpacing = 0 }
            function layout.preferredSizeForItem(cv, section, item, fitting) return 100, 80 end
            return layout
            """)
        expectEqual(try correction(path), "\(path): self-sizing: content 375×100 on estimates → 375×160 measured")
    }

    @Test func aLayoutWithoutSelfSizingReportsNothing() throws {
        let path = try script("return flow{ itemSize = {100, 50} }")
        expect(try correction(path) == nil)
    }
}
