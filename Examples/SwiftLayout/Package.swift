// swift-tools-version:6.0
// Swift stays the source: an app's own layout code (a UICollectionViewLayout subclass written
// against UIKit), built on Apple platforms with UIKit and on Linux with UIKitSurface, laid out
// headlessly and compared with a committed JSON or with its Lua prototype by `lualayout
// compare` (docs/export.md, "Or Swift stays the source").
import PackageDescription

let package = Package(
    name: "SwiftLayout",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LuaLayout", path: "../..")
    ],
    targets: [
        // The layout as the app has it: UIKit on iOS, UIKitSurface where UIKit is absent.
        .target(
            name: "WaterfallLayout",
            dependencies: [
                .product(name: "UIKitSurface", package: "LuaLayout", condition: .when(platforms: [.linux]))
            ]),
        // Lays the layout out in a collection view and records it as `lualayout run` prints one.
        .executableTarget(
            name: "record-waterfall",
            dependencies: [
                "WaterfallLayout",
                .product(name: "UIKitSurface", package: "LuaLayout", condition: .when(platforms: [.linux])),
            ]),
    ]
)
