// swift-tools-version:6.0
// An app's view of the LuaLayoutExport plugin: the target's Lua layouts become Swift at build
// time (`lualayout export --swift`), so the app builds from the same `.lua` files its tests
// check. On Linux the generated Swift builds against UIKitSurface; on iOS, against UIKit.
import PackageDescription

let package = Package(
    name: "ExportPlugin",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LuaLayout", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "ExportPluginExample",
            dependencies: [
                .product(name: "UIKitSurface", package: "LuaLayout", condition: .when(platforms: [.linux]))
            ],
            plugins: [.plugin(name: "LuaLayoutExport", package: "LuaLayout")]
        )
    ]
)
