import Platform

/// The devices a test's `-- devices:` line can name: portrait bounds in points, screen scale,
/// and the portrait safe-area insets a full-screen view controller sees.
///
/// Sources: bounds and scales from Apple's Human Interface Guidelines, "Layout" →
/// "Specifications" → "iOS, iPadOS device screen sizes"
/// (https://developer.apple.com/design/human-interface-guidelines/layout#Specifications).
/// Apple publishes no table of `UIView.safeAreaInsets`; the insets (portrait, top, left,
/// bottom, right) are those the Simulator reports, as recorded in public device tables
/// (`DeviceTable.safeAreaSources`): the status bar on home-button iPhones (20), the 13 mini's
/// notch (50), the Dynamic Island (59; 62 on the 16 Pro models), 34 for the home indicator,
/// and 24 and 20 on iPads without a home button. Where a table disagrees, the README's "One test,
/// many devices" says which and why.
package struct Device: Equatable, Sendable {
    package var name: String
    package var title: String
    package var width: Double
    package var height: Double
    package var scale: Double
    /// top, left, bottom, right
    package var safeArea: (Double, Double, Double, Double)
    /// Where the numbers come from.
    package var source: String

    package static func == (a: Device, b: Device) -> Bool { a.name == b.name }

    /// `--bounds WxH --scale S --safe-area T,L,B,R`: the options a run on this device adds.
    package var options: String {
        let n = NumberFormatting.format
        let (t, l, b, r) = safeArea
        return "--bounds \(n(width))x\(n(height)) --scale \(n(scale)) --safe-area \(n(t)),\(n(l)),\(n(b)),\(n(r))"
    }
}

package enum DeviceTable {
    static let hig = "Apple HIG, Layout: device screen sizes"
    /// pointfreeco/swift-snapshot-testing, Sources/SnapshotTesting/Common/View.swift
    /// (`ViewImageConfig`) at 6bb6c9ae: iPhone8 (375×667), iPhone13Mini, iPadPro11.
    static let snapshotTesting = "pointfreeco/swift-snapshot-testing ViewImageConfig"
    /// choule99/swift-snapshot-testing (a fork with current devices), same path, at 54209176.
    static let snapshotFork = "choule99/swift-snapshot-testing ViewImageConfig"
    /// Tencent/QMUI_iOS, QMUIKit/QMUICore/QMUIHelper.m at 4dca2347 (insets by model identifier).
    static let qmui = "Tencent/QMUI_iOS QMUIHelper"
    /// aloisdeniel/flutter_device_preview, device_frame/lib/src/devices/ios/*/device.dart at 12d47194.
    static let deviceFrame = "flutter_device_preview device_frame"

    /// Every public table the safe areas were checked against, for `--devices` and the docs.
    package static let safeAreaSources = [
        "pointfreeco/swift-snapshot-testing, Sources/SnapshotTesting/Common/View.swift (ViewImageConfig), commit 6bb6c9ae",
        "choule99/swift-snapshot-testing, the same file with current devices, commit 54209176",
        "Tencent/QMUI_iOS, QMUIKit/QMUICore/QMUIHelper.m (insets by model identifier), commit 4dca2347",
        "aloisdeniel/flutter_device_preview, device_frame/lib/src/devices/ios/*/device.dart, commit 12d47194",
        "YusukeHosonuma/SwiftUI-Simulator, Sources/SwiftUISimulator/Core/DeviceInfo.swift, commit 55a7a1d1",
    ]

    package static let devices: [Device] = [
        Device(
            name: "iphone-se", title: "iPhone SE (2nd and 3rd generation)", width: 375, height: 667, scale: 2,
            safeArea: (20, 0, 0, 0),
            source: "\(hig); safe area: \(snapshotTesting) (iPhone8, the same 375×667 screen); SwiftUI-Simulator"),
        Device(
            name: "iphone-13-mini", title: "iPhone 13 mini", width: 375, height: 812, scale: 3,
            safeArea: (50, 0, 34, 0), source: "\(hig); safe area: \(snapshotTesting) (iPhone13Mini); \(qmui)"),
        Device(
            name: "iphone-15", title: "iPhone 15", width: 393, height: 852, scale: 3, safeArea: (59, 0, 34, 0),
            source: "\(hig); safe area: \(snapshotFork) (as 14 Pro); \(deviceFrame) (iPhone 16, the same screen)"),
        Device(
            name: "iphone-15-plus", title: "iPhone 15 Plus", width: 430, height: 932, scale: 3,
            safeArea: (59, 0, 34, 0), source: "\(hig); safe area: \(snapshotFork) (iPhone15Plus, as 14 Pro Max)"),
        Device(
            name: "iphone-15-pro", title: "iPhone 15 Pro", width: 393, height: 852, scale: 3, safeArea: (59, 0, 34, 0),
            source: "\(hig); safe area: \(snapshotFork); \(qmui); \(deviceFrame)"),
        Device(
            name: "iphone-15-pro-max", title: "iPhone 15 Pro Max", width: 430, height: 932, scale: 3,
            safeArea: (59, 0, 34, 0), source: "\(hig); safe area: \(snapshotFork); \(qmui); \(deviceFrame)"),
        Device(
            name: "iphone-16", title: "iPhone 16", width: 393, height: 852, scale: 3, safeArea: (59, 0, 34, 0),
            source: "\(hig); safe area: \(snapshotFork) (iPhone16, as 15); \(deviceFrame) (iphone_16)"),
        Device(
            name: "iphone-16-plus", title: "iPhone 16 Plus", width: 430, height: 932, scale: 3,
            safeArea: (59, 0, 34, 0),
            source:
                "\(hig); safe area: \(snapshotFork) (iPhone16Plus, as 15 Plus); "
                + "\(deviceFrame) (iphone_16_plus, at 6d01e554)"),
        Device(
            name: "iphone-16-pro", title: "iPhone 16 Pro", width: 402, height: 874, scale: 3, safeArea: (62, 0, 34, 0),
            source: "\(hig); safe area: \(snapshotFork); \(qmui); \(deviceFrame)"),
        Device(
            name: "iphone-16-pro-max", title: "iPhone 16 Pro Max", width: 440, height: 956, scale: 3,
            safeArea: (62, 0, 34, 0), source: "\(hig); safe area: \(snapshotFork); \(qmui); \(deviceFrame)"),
        Device(
            name: "ipad-mini", title: "iPad mini (6th generation and later)", width: 744, height: 1133, scale: 2,
            safeArea: (24, 0, 20, 0),
            source: "\(hig); safe area: \(snapshotFork) (iPadMini6thGen); SwiftUI-Simulator; \(qmui)"),
        Device(
            name: "ipad-air-11", title: "iPad Air 11-inch", width: 820, height: 1180, scale: 2,
            safeArea: (24, 0, 20, 0),
            source:
                "\(hig); safe area: \(snapshotFork) (iPadAir11); SwiftUI-Simulator (iPad Air 4th, 820×1180); \(qmui)"),
        Device(
            name: "ipad-pro-11", title: "iPad Pro 11-inch (M4)", width: 834, height: 1210, scale: 2,
            safeArea: (24, 0, 20, 0),
            source:
                "\(hig); safe area: \(snapshotFork) (iPadPro11M4); \(deviceFrame); \(snapshotTesting) (iPadPro11, 834×1194)"
        ),
        Device(
            name: "ipad-pro-13", title: "iPad Pro 13-inch (M4)", width: 1032, height: 1376, scale: 2,
            safeArea: (24, 0, 20, 0),
            source: "\(hig); safe area: \(snapshotFork) (iPadPro13M4); \(deviceFrame); \(qmui)"),
    ]

    package static func device(named name: String) -> Device? { devices.first { $0.name == name } }

    /// What `lualayout test --devices` prints: one device a line, then the sources.
    package static var listing: String {
        let n = NumberFormatting.format
        let nameWidth = devices.map(\.name.count).max() ?? 0
        var lines = devices.map { device -> String in
            let (t, l, b, r) = device.safeArea
            let name = device.name + String(repeating: " ", count: nameWidth - device.name.count)
            let bounds = "\(n(device.width))x\(n(device.height))"
            return
                "\(name)  \(bounds + String(repeating: " ", count: max(0, 9 - bounds.count)))  @\(n(device.scale))x  safe area \(n(t)),\(n(l)),\(n(b)),\(n(r))  \(device.title)"
        }
        lines.append("")
        lines.append(
            "Bounds and scales: Apple's Human Interface Guidelines, Layout, \"iOS, iPadOS device screen sizes\"")
        lines.append("  (https://developer.apple.com/design/human-interface-guidelines/layout#Specifications).")
        lines.append(
            "Safe areas (top, left, bottom, right, portrait): Apple publishes no table; UIView.safeAreaInsets as the")
        lines.append("  Simulator reports them, recorded in these public device tables:")
        lines += safeAreaSources.map { "  - \($0)" }
        lines.append("Each device's sources:")
        lines += devices.map { "  \($0.name): \($0.source)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
