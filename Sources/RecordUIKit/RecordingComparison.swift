import Foundation
import LayoutTesting
import RecorderSetup

/// `--compare DIR`: each recording of an exported layout in DIR (`NAME.SUFFIX.uikit.json`)
/// compared with `lualayout run` of its script on that device, as `lualayout test` runs a test
/// on it (the device's bounds, scale and safe area, its iOS release, at rest). A team's own
/// Swift layout has no script to compare with: its recording must exist.
struct RecordingComparison {
    let lualayout: String

    /// One line per recording; the number that differ or are missing.
    func run(_ manifest: RecordingManifest, devices: [RecorderDevice], folder: String) throws -> Int {
        var failures = 0
        for entry in manifest.entries {
            for device in devices {
                let file = folder + "/\(entry.name).\(device.suffix).uikit.json"
                guard FileManager.default.fileExists(atPath: file) else {
                    print("MISSING \(file)")
                    failures += 1
                    continue
                }
                guard let script = entry.script else {
                    print("recorded \(file) (a Swift layout: nothing to compare with)")
                    continue
                }
                let result = try HostProcess.run(
                    lualayout, ["compare", file, script] + Self.options(entry, on: device), in: manifest.directory,
                    scratch: NSTemporaryDirectory())
                if result.status == 0 {
                    print("matches \(file)")
                } else {
                    failures += 1
                    print("DIFFERS \(file)\n" + result.out + result.err, terminator: "")
                }
            }
        }
        return failures
    }

    /// `run`'s options for the entry on the device: the device's, its release unless the
    /// manifest names one, then the manifest's (without `--offset`, `run` rests where UIKit
    /// does, at minus the adjusted content inset).
    static func options(_ entry: RecordingManifest.Entry, on device: RecorderDevice) -> [String] {
        var options = device.device.options.split(separator: " ").map(String.init)
        if entry.ios == nil, let release = device.release { options += ["--ios", release] }
        return options + entry.args
    }
}
