/// The devices a test's `-- devices:` line can name: portrait bounds in points, screen scale,
/// and the portrait safe-area insets a full-screen view controller sees.
///
/// Sources: bounds and scales from Apple's Human Interface Guidelines, "Layout" →
/// "Specifications" → "iOS, iPadOS device screen sizes"
/// (https://developer.apple.com/design/human-interface-guidelines/layout#Specifications).
/// Safe areas are `UIView.safeAreaInsets` in portrait, as the Xcode Simulator reports them
/// (the top is the status bar: 20 on home-button iPhones, 50 on the 13 mini's notch, 59 with
/// the Dynamic Island, 62 on the 16 Pro models; 34 for the home indicator; 24 and 20 on iPads
/// without a home button); the 59/34 pair is published, for example, at
/// http://csl.cool/2023/09/15/ios-dev/ios-layout-adaptation.
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
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }
        let (t, l, b, r) = safeArea
        return "--bounds \(n(width))x\(n(height)) --scale \(n(scale)) --safe-area \(n(t)),\(n(l)),\(n(b)),\(n(r))"
    }
}

package enum DeviceTable {
    static let hig = "Apple HIG, Layout: device screen sizes"
    static let simulator = "safe area: Xcode Simulator, portrait"

    package static let devices: [Device] = [
        Device(
            name: "iphone-se", title: "iPhone SE (2nd and 3rd generation)", width: 375, height: 667, scale: 2,
            safeArea: (20, 0, 0, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "iphone-13-mini", title: "iPhone 13 mini", width: 375, height: 812, scale: 3,
            safeArea: (50, 0, 34, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "iphone-15", title: "iPhone 15", width: 393, height: 852, scale: 3, safeArea: (59, 0, 34, 0),
            source: "\(hig); \(simulator) (59/34 also at csl.cool, iOS layout adaptation)"),
        Device(
            name: "iphone-15-pro", title: "iPhone 15 Pro", width: 393, height: 852, scale: 3, safeArea: (59, 0, 34, 0),
            source: "\(hig); \(simulator) (59/34 also at csl.cool, iOS layout adaptation)"),
        Device(
            name: "iphone-15-pro-max", title: "iPhone 15 Pro Max", width: 430, height: 932, scale: 3,
            safeArea: (59, 0, 34, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "iphone-16-pro", title: "iPhone 16 Pro", width: 402, height: 874, scale: 3, safeArea: (62, 0, 34, 0),
            source: "\(hig); \(simulator)"),
        Device(
            name: "iphone-16-pro-max", title: "iPhone 16 Pro Max", width: 440, height: 956, scale: 3,
            safeArea: (62, 0, 34, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "ipad-mini", title: "iPad mini (6th generation and later)", width: 744, height: 1133, scale: 2,
            safeArea: (24, 0, 20, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "ipad-air-11", title: "iPad Air 11-inch", width: 820, height: 1180, scale: 2,
            safeArea: (24, 0, 20, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "ipad-pro-11", title: "iPad Pro 11-inch (M4)", width: 834, height: 1210, scale: 2,
            safeArea: (24, 0, 20, 0), source: "\(hig); \(simulator)"),
        Device(
            name: "ipad-pro-13", title: "iPad Pro 13-inch (M4)", width: 1032, height: 1376, scale: 2,
            safeArea: (24, 0, 20, 0), source: "\(hig); \(simulator)"),
    ]

    package static func device(named name: String) -> Device? { devices.first { $0.name == name } }

    /// What `lualayout test --devices` prints: one device a line, then the sources.
    package static var listing: String {
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }
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
        lines.append("Safe areas (top, left, bottom, right, portrait): UIView.safeAreaInsets in the Xcode Simulator;")
        lines.append(
            "  the Dynamic Island's 59/34 is also published at http://csl.cool/2023/09/15/ios-dev/ios-layout-adaptation."
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
