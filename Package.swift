// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LuaLayout",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ScriptLayout", targets: ["ScriptLayout"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        // UIKit's collection-view layout API over the engine, for code that must compile where
        // UIKit is absent (exported layouts, the recorder, an app's layout code under test).
        .library(name: "UIKitSurface", targets: ["UIKitSurface"]),
        .executable(name: "lualayout", targets: ["lualayout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The system liblua5.4 (headers and library found through pkg-config).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // The only C code: macro wrappers, the capped allocator, the instruction-budget hook,
        // protected calls with tracebacks, and the trampoline through which Lua calls Swift.
        .target(name: "CLuaBridge", dependencies: ["CLua"]),
        // Typed Swift layer over the Lua C API; the one place where Lua and Swift meet.
        .target(name: "LuaRuntime", dependencies: ["CLuaBridge", "CLua"]),
        // Pure Swift: geometry, attributes, layout protocol, element store, rect index, flow layout.
        // Release drops the run-time exclusivity checks of the placement and index loops (4% of
        // a 1M-item prepare); debug builds, which the tests run, keep them.
        .target(
            name: "LayoutEngine",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // Layouts defined by Lua scripts: the only module that knows both Lua and the engine.
        .target(name: "ScriptLayout", dependencies: ["LuaRuntime", "LayoutEngine"]),
        // Output formats (JSON, table).
        .target(name: "LayoutOutput", dependencies: ["LayoutEngine"]),
        // `lualayout export --swift`: a layout script's UIKit values written as Swift source.
        .target(name: "SwiftExport", dependencies: ["ScriptLayout", "LayoutEngine"]),
        // UIKit's collection-view layout API (names, initializers, properties) implemented over
        // the engine; built only where UIKit is absent. Never linked into `lualayout`.
        .target(name: "UIKitSurface", dependencies: ["LayoutEngine"]),
        // Headless interaction: scenarios and controller scripts driving a HeadlessCollectionView,
        // recorded as a timeline.
        .target(name: "Scenario", dependencies: ["LuaRuntime", "LayoutEngine", "ScriptLayout", "LayoutOutput"]),
        // The `lualayout` commands, as a library so tests can drive them in-process.
        .target(
            name: "LualayoutCLI",
            dependencies: [
                "ScriptLayout", "LayoutEngine", "LayoutOutput", "Scenario", "SwiftExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "lualayout", dependencies: ["LualayoutCLI"]),
        .executableTarget(
            name: "lualayout-bench",
            dependencies: ["ScriptLayout", "LayoutEngine", "LayoutOutput"],
            path: "Sources/LayoutBench"
        ),
        // Scripts/export-check: exports layouts, compiles them against UIKitSurface with the
        // recorder, and compares their frames with `lualayout run`.
        .executableTarget(name: "lualayout-export-check", path: "Sources/ExportCheck"),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"], resources: [.copy("Vectors")]),
        .testTarget(
            name: "ScriptLayoutTests",
            dependencies: ["ScriptLayout", "LayoutEngine", "Scenario"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "LualayoutCLITests", dependencies: ["LualayoutCLI", "LayoutOutput", "LayoutEngine", "ScriptLayout"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "ScriptLayout", "LayoutEngine", "LayoutOutput"]),
        .testTarget(
            name: "SwiftExportTests", dependencies: ["SwiftExport", "ScriptLayout", "LayoutEngine"], exclude: ["Golden"]
        ),
        .testTarget(name: "UIKitSurfaceTests", dependencies: ["UIKitSurface"]),
        .testTarget(name: "LayoutOutputTests", dependencies: ["LayoutOutput", "LayoutEngine"]),
        // Every example under Examples/, with frames derived by hand from its rules.
        .testTarget(name: "ExampleTests", dependencies: ["ScriptLayout", "LayoutEngine"]),
    ]
)
