// RecordingPlan.swift: what the recorder records, and how one recording is checked. The
// layouts and devices are in Generated/Plan.swift, which Scripts/record-uikit writes from a
// manifest.

#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif

/// The plan: `devices` and `layouts` (Generated/Plan.swift).
@MainActor
enum RecordingPlan {}

/// A LuaLayout test device (`lualayout test --devices`) and the Simulator device type with
/// its screen; the recording must be made at this size and scale.
struct PlannedDevice {
    let suffix: String
    let simulator: String
    /// The iOS release (`@N`); nil: whichever the Simulator runs.
    let release: Int?
    let size: CGSize
    let scale: CGFloat
    /// The portrait safe area LuaLayout's device table gives (the Simulator's is recorded).
    let safeArea: UIEdgeInsets
}

/// A layout of the manifest: how to make it, the collection view's options (its size, scale
/// and safe area are the device's), and the decoration kinds to register for it.
struct PlannedLayout {
    var name: String
    /// The device it was exported for (an export's values are evaluated for one screen); nil:
    /// a team's own Swift, for every device.
    var device: String?
    var decorations: [String]
    /// Without `contentOffset` (the manifest's `--offset`) the collection view stays where
    /// UIKit rests it.
    var options: LayoutRecorder.Options
    var make: @MainActor () -> UICollectionViewLayout
}

/// Why a recording is refused: what UIKit laid out is not what was asked for.
struct RecordingProblem: Error, CustomStringConvertible {
    var description: String
}

@MainActor
enum RecordingChecks {
    /// The screen the recording was made on is the device's: its size in points and its scale
    /// (a Simulator of another device type, or a display scale that was not applied, would
    /// make a recording of some other device).
    static func screen(_ device: PlannedDevice, size: CGSize, scale: CGFloat) throws {
        guard size == device.size, scale == device.scale else {
            throw RecordingProblem(
                description:
                    "\(device.suffix): the collection view is \(size.width)×\(size.height) @\(scale)x, not \(device.size.width)×\(device.size.height) @\(device.scale)x (is the Simulator a \(device.simulator)?)"
            )
        }
    }

    /// The collection view has a safe area where the device has one: a window that is not on
    /// the device's screen (a test bundle without an app's window scene) has none, and would
    /// record a layout no app shows. The Simulator's own insets are what is recorded: where they
    /// differ from LuaLayout's table, the comparison says so.
    static func safeArea(_ device: PlannedDevice, _ insets: UIEdgeInsets) throws {
        guard insets == .zero, device.safeArea != .zero else { return }
        throw RecordingProblem(
            description:
                "\(device.suffix): the collection view has no safe area (the device's is \(device.safeArea)): it is not in a window on the device's screen"
        )
    }

    /// The Simulator runs the device's iOS release (its major version).
    static func release(_ device: PlannedDevice, systemVersion: String) throws {
        guard let release = device.release else { return }
        guard systemVersion.split(separator: ".").first == Substring(String(release)) else {
            throw RecordingProblem(
                description: "\(device.suffix): the Simulator runs iOS \(systemVersion), not iOS \(release)")
        }
    }

    /// Every item of every section is in the recording: a section scrolling orthogonally lists
    /// the items past the screen's edge too (the recorder asks for the whole content and far
    /// beyond it); a count that falls short is a recording that would compare wrongly.
    static func counts(_ json: String, expected: [Int], layout: String) throws {
        var found = Array(repeating: 0, count: expected.count)
        for line in json.split(separator: "\n") where line.contains("{\"category\": \"cell\"") {
            guard let range = line.range(of: "\"indexPath\": ["),
                let section = Int(line[range.upperBound...].prefix { $0.isNumber }),
                found.indices.contains(section)
            else { continue }
            found[section] += 1
        }
        guard found == expected else {
            throw RecordingProblem(
                description:
                    "\(layout): UIKit listed \(found) items per section, the data has \(expected): an orthogonal section's items were not all laid out"
            )
        }
    }

    /// The decoration kinds the manifest names, registered on the layout (UIKit stops with an
    /// exception when a decoration of an unregistered kind is laid out).
    static func register(_ kinds: [String], on layout: UICollectionViewLayout) {
        for kind in kinds { layout.register(UICollectionReusableView.self, forDecorationViewOfKind: kind) }
    }
}
