import Foundation
import LayoutTesting

/// The devices a recording can be made on: LuaLayout's test devices (`lualayout test
/// --devices`), each with the iOS Simulator device type that has its screen, and `@N` for the
/// iOS release. The recording of device `iphone-se@14` is `NAME.iphone-se.ios14.uikit.json`,
/// the file a test's `-- devices: iphone-se@14` compares with.
struct RecorderDevice {
    var device: Device
    var release: String?
    var simulator: String

    /// The Simulator's device types (Xcode's names; not checked here, where no Xcode exists).
    static let simulators: [String: String] = [
        "iphone-se": "iPhone SE (3rd generation)",
        "iphone-13-mini": "iPhone 13 mini",
        "iphone-15": "iPhone 15",
        "iphone-15-pro": "iPhone 15 Pro",
        "iphone-15-pro-max": "iPhone 15 Pro Max",
        "iphone-16-pro": "iPhone 16 Pro",
        "iphone-16-pro-max": "iPhone 16 Pro Max",
        "ipad-mini": "iPad mini (6th generation)",
        "ipad-air-11": "iPad Air 11-inch (M2)",
        "ipad-pro-11": "iPad Pro 11-inch (M4)",
        "ipad-pro-13": "iPad Pro 13-inch (M4)",
    ]

    /// The suffix of the device's snapshots and recordings.
    var suffix: String { release.map { "\(device.name).ios\($0)" } ?? device.name }

    static func parse(_ list: String) throws -> [RecorderDevice] {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
            throw RecordError.usage("--devices: expected NAME[@N],… (lualayout test --devices lists them)")
        }
        return try names.map { entry in
            let parts = entry.split(separator: "@", maxSplits: 1).map(String.init)
            guard let device = DeviceTable.device(named: parts[0]), let simulator = simulators[parts[0]] else {
                throw RecordError.usage("--devices: unknown device '\(parts[0])' (lualayout test --devices lists them)")
            }
            let release = parts.count == 2 ? parts[1] : nil
            if let release, Int(release).map({ (13...18).contains($0) || $0 == 26 }) != true {
                throw RecordError.usage("--devices: '\(entry)': '\(release)' is not an iOS release (13 to 18, or 26)")
            }
            return RecorderDevice(device: device, release: release, simulator: simulator)
        }
    }
}

enum RecordError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message), .failed(let message): message
        }
    }
}
