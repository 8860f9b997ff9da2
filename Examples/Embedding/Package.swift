// swift-tools-version:6.0
// A host app's view of LuaLayout: this package depends on the library by path and uses the
// `ScriptLayout` product (the `LayoutEngine` product brings the geometry and context types).
import PackageDescription

let package = Package(
    name: "Embedding",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LuaLayout", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "embedding",
            dependencies: [
                .product(name: "ScriptLayout", package: "LuaLayout"),
                .product(name: "LayoutEngine", package: "LuaLayout"),
            ]
        )
    ]
)
