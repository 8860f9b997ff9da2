// swift-tools-version:6.0
// The recorder: UIKit's frames for a manifest's layouts, one recording per LuaLayout test
// device, made on the iOS Simulator by `Scripts/record-uikit MANIFEST --devices …` (which
// writes Tests/RecorderTests/Generated/ first; docs/recording-uikit.md). On Linux the same
// package builds against UIKitSurface in Swift 6 (UIKit's main-actor isolation checked), and
// its test records through UIKitSurface.
import PackageDescription

let package = Package(
    name: "Recorder",
    platforms: [.iOS(.v14), .macOS(.v13)],
    dependencies: [
        .package(name: "LuaLayout", path: "../../..")
    ],
    targets: [
        .testTarget(
            name: "RecorderTests",
            dependencies: [
                .product(name: "UIKitSurface", package: "LuaLayout", condition: .when(platforms: [.linux]))
            ])
    ]
)
