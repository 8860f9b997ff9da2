#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InputFiles
import LayoutEngine
import LayoutOutput

/// Recordings are tests: `__snapshots__/TEST/NAME.uikit.json` beside a layout snapshot (NAME with
/// the device's suffix, `grid.iphone-15.uikit.json`; written by Scripts/record-uikit, or
/// measured from UIKit's pictures) holds UIKit's frames for the test's layout on that device.
/// Whenever `expectSnapshot(NAME)` is checked, the layout is also compared with the recorded
/// elements on screen (their frames meeting the recording's bounds, as the snapshot holds
/// what is on screen; Scripts/record-uikit records the whole content): frames,
/// the content size and the bounds within half a pixel (or `--tolerance`), every element
/// present on both sides, alpha, hidden and transforms equal. Not compared: zIndex (UIKit's
/// stacking order is its own, and a recording measured from a picture cannot show it) and
/// custom attributes (UIKit has none). A recording is never written or updated by a run.
package enum UIKitRecordingCheck {
    package static let suffix = ".uikit.json"

    /// Nil when there is no recording beside the snapshot or the layout matches it; else the
    /// failure's lines, as a snapshot mismatch reports them.
    package static func check(
        name: String, folder: String, layout: LayoutSnapshot, scale: Double, tolerance: Double
    ) -> [String]? {
        let path = folder + "/" + name + suffix
        guard FileEntry(atPath: path).exists else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            return ["UIKit recording '\(name)': cannot read \(path)"]
        }
        let recorded: LayoutSnapshot
        do throws(JSONLayoutReader.ReadError) {
            recorded = try ElementKindNames.apply(
                ElementKindNames.uikit, to: JSONLayoutReader.snapshot(from: String(decoding: data, as: UTF8.self)))
        } catch {
            return ["UIKit recording '\(name)': \(path):\(error.location): \(error.message)"]
        }
        // A snapshot holds what is on screen; a recording may hold the whole content.
        var expected = recorded
        expected.elements = ElementList(recorded.elements.array.filter { $0.frame.intersects(recorded.bounds) })
        var actual = layout
        let pixels = PixelGridComparison(scale: scale, tolerance: tolerance)
        LayoutComparison(tolerance: pixels.slack, ignored: ["zIndex", "custom"]).align(&actual, with: expected)
        let report = SnapshotDiffReport.describe(from: expected, to: actual)
        guard !report.lines.isEmpty else { return nil }
        return ["layout differs from UIKit's recording \(path): \(report.summary)"] + report.lines
    }
}
