// swift-tools-version:6.0
import PackageDescription

// The modules, bottom to top (each depends only on modules above it in this list):
//   CLua, CPNG                    the system liblua5.4 and libpng
//   Platform                      the C library, locks, threads, the watchdog, the file watcher,
//                                 number formatting; no Foundation
//   CLuaBridge, LuaRuntime        the Lua boundary (C: one concern a file; Swift: typed calls)
//   LayoutEngine                  pure layout and the headless collection view (no Foundation, no Lua)
//   LuaTranslation                Lua logic as Swift source (parses Lua itself; no Lua state)
//   ScriptLayout                  layouts defined by Lua scripts (the embedding API)
//   InputFiles                    the formats of files commands read (data, batch)
//   LayoutOutput                  JSON, table, SVG, HTML
//   SwiftExport                   `lualayout export --swift`
//   UIKitSurface                  UIKit's collection-view layout API over the engine (not in the tool)
//   Scenario                      headless interaction (simulator, scenarios, controllers)
//   WorkerProtocol                worker processes: spawn, frames, the binary layout codec
//   LivePreview                   hot reload: watch sessions and their worker loop, the preview server
//   LayoutTesting                 `lualayout test`: discovery, plans, snapshots, workers, reports
//   BuildCommit                   the commit a build is made from (for --version)
//   LualayoutCLI                  the front door: commands over shared option groups
//   lualayout                     the executable (main.swift)
//   lualayout-bench               the benchmark driver of Scripts/bench
//   RecorderSetup                 run's options as a recorder's collection view (no other module)
//   lualayout-export-check        Scripts/export-check's round trip
//   lualayout-record-uikit        Scripts/record-uikit: the recorder package's plan

// LUALAYOUT_COMMIT as a C string literal for BuildCommit. A value with anything but a commit's
// characters (lowercase hex, a `-modified` suffix) is ignored: it could break the literal.
let buildCommitSettings: [CSetting] = {
    let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyz-")
    guard let commit = Context.environment["LUALAYOUT_COMMIT"], !commit.isEmpty, commit.allSatisfy(allowed.contains)
    else { return [] }
    return [.define("LUALAYOUT_COMMIT", to: "\"\(commit)\"")]
}()

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
        // `lualayout export --swift` at build time: a target's Lua layouts become Swift.
        .plugin(name: "LuaLayoutExport", targets: ["LuaLayoutExport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target ScriptLayout`: the embedding API's DocC.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The system liblua5.4 (headers and library found through pkg-config).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // The system libpng (pkg-config libpng): image snapshots of `lualayout test`, through
        // its simplified API, which reports errors by return value (never longjmp).
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // The only C code, one concern a file (each headed by its invariant): the state and its
        // capped allocator, the instruction budget and time limit, protected calls with
        // tracebacks and the trampoline through which Lua calls Swift, the sandboxed library,
        // the batched collectors.
        .target(name: "CLuaBridge", dependencies: ["CLua"]),
        // Typed Swift layer over the Lua C API; the one place where Lua and Swift meet.
        .target(name: "LuaRuntime", dependencies: ["CLuaBridge", "CLua", "Platform"]),
        // The platform's C library (Glibc or Darwin) re-exported, and what Foundation would
        // give the modules above without linking it: locks, detached threads, trimming, the
        // process watchdog (SIGALRM), the file watcher (inotify or polling), number formatting.
        .target(name: "Platform"),
        // Pure Swift: geometry, attributes, layout protocol, element store, rect index, flow layout.
        // Release drops the run-time exclusivity checks of the placement and index loops (4% of
        // a 1M-item prepare); debug builds, which the tests run, keep them.
        .target(
            name: "LayoutEngine",
            dependencies: ["Platform"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // Layouts defined by Lua scripts: the only module that knows both Lua and the engine.
        .target(name: "ScriptLayout", dependencies: ["LuaRuntime", "LayoutEngine", "Platform"]),
        // The formats of the files commands read: JSON data files (`--data`), batch files
        // (`--batch`), read under the data limit.
        .target(name: "InputFiles", dependencies: ["LayoutEngine", "Platform"]),
        // Output formats (JSON, table, SVG, HTML).
        .target(name: "LayoutOutput", dependencies: ["LayoutEngine", "InputFiles", "Platform"]),
        // Lua logic as Swift: a lexer, parser, type inference and Swift writer for the subset of
        // Lua 5.4 in docs/lua-to-swift.md (no Lua needed to read a script).
        .target(name: "LuaTranslation", dependencies: ["Platform"]),
        // `lualayout export --swift`: a layout script's UIKit values written as Swift source.
        .target(name: "SwiftExport", dependencies: ["ScriptLayout", "LayoutEngine", "LuaTranslation"]),
        // UIKit's collection-view layout API (names, initializers, properties) implemented over
        // the engine; built only where UIKit is absent. Never linked into `lualayout`.
        .target(name: "UIKitSurface", dependencies: ["LayoutEngine"]),
        // Headless interaction: scenarios and controller scripts driving a HeadlessCollectionView,
        // recorded as a timeline.
        .target(
            name: "Scenario",
            dependencies: ["LuaRuntime", "LayoutEngine", "ScriptLayout", "LayoutOutput", "InputFiles", "Platform"]),
        // Worker processes and what parent and worker say to each other: spawning, framing,
        // the binary layout codec, the watch worker's requests and replies.
        .target(name: "WorkerProtocol", dependencies: ["LayoutEngine", "LayoutOutput", "Platform"]),
        // Hot reload and the live preview: watch sessions (each run in a worker) and the worker's
        // loop, the hand-written HTTP and WebSocket server, the preview page and its gesture log.
        .target(
            name: "LivePreview",
            dependencies: ["WorkerProtocol", "LayoutEngine", "LayoutOutput", "Platform"]),
        // `lualayout test`: test discovery, test-file headers, plans, the snapshot store, the
        // test worker's loop and its pool, reports and JUnit XML.
        .target(
            name: "LayoutTesting",
            dependencies: [
                "Scenario", "ScriptLayout", "LayoutEngine", "LayoutOutput", "InputFiles", "WorkerProtocol", "Platform",
                "CPNG",
            ]),
        // The `lualayout` commands, as a library so tests can drive them in-process.
        .target(
            name: "LualayoutCLI",
            dependencies: [
                "ScriptLayout", "LayoutEngine", "InputFiles", "LayoutOutput", "Scenario", "WorkerProtocol",
                "LivePreview", "LayoutTesting", "SwiftExport", "Platform", "BuildCommit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The commit `lualayout --version` names: LUALAYOUT_COMMIT at build time (Scripts/lualayout
        // and Scripts/package set it from git), empty when unset.
        .target(name: "BuildCommit", cSettings: buildCommitSettings),
        .executableTarget(name: "lualayout", dependencies: ["LualayoutCLI", "Platform"]),
        // The build-tool plugin running `lualayout export --swift` over a target's `.lua` files.
        .plugin(name: "LuaLayoutExport", capability: .buildTool(), dependencies: ["lualayout"]),
        .executableTarget(
            name: "lualayout-bench",
            dependencies: ["ScriptLayout", "LayoutEngine", "LayoutOutput", "Platform"],
            path: "Sources/LayoutBench"
        ),
        // `expect`, `expectEqual`, `expectContains`, `require`: Swift Testing's expectations as calls,
        // which compile in a tenth of a macro expansion's time (every test target uses them).
        .target(name: "TestExpectations", path: "Tests/TestExpectations"),
        // What several test targets share: the fuzzers' generator and oracles, a raw HTTP client.
        .target(
            name: "TestSupport", dependencies: ["LayoutEngine", "InputFiles", "Platform"], path: "Tests/TestSupport"),
        // Scripts/export-check: exports layouts, compiles them against UIKitSurface with the
        // recorder, and compares their frames with `lualayout run`.
        .executableTarget(
            name: "lualayout-export-check", dependencies: ["RecorderSetup"], path: "Sources/ExportCheck"),
        // What export-check's host and Scripts/record-uikit share: `lualayout run`'s options as
        // the collection view a recorder sets up, and running a tool to its end.
        .target(name: "RecorderSetup"),
        // Scripts/record-uikit: writes the plan of Examples/UIKit/Recorder (the layouts of a
        // manifest, LuaLayout's test devices) for the iOS Simulator.
        .executableTarget(
            name: "lualayout-record-uikit", dependencies: ["RecorderSetup", "LayoutTesting"],
            path: "Sources/RecordUIKit"),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["TestExpectations", "LuaRuntime"]),
        .testTarget(
            name: "LayoutEngineTests", dependencies: ["TestExpectations", "LayoutEngine", "TestSupport"],
            resources: [.copy("Vectors")]),
        .testTarget(
            name: "ScriptLayoutTests",
            dependencies: ["TestExpectations", "ScriptLayout", "LayoutEngine", "Scenario", "TestSupport"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(
            name: "InputFilesTests", dependencies: ["TestExpectations", "InputFiles", "LayoutEngine", "TestSupport"]),
        .testTarget(
            name: "SwiftExportTests",
            dependencies: ["TestExpectations", "SwiftExport", "ScriptLayout", "LayoutEngine", "TestSupport"],
            exclude: ["Golden", "ReleaseCheck", "RoundTrip"]),
        .testTarget(
            name: "UIKitSurfaceTests", dependencies: ["TestExpectations", "UIKitSurface", "TestSupport"],
            exclude: ["AppleInterface.txt"]),
        // Translations of generated programs compiled with swiftc and run against lua5.4; the
        // examples translated to UIKit subclasses (Scripts/export-check runs the custom ones).
        .testTarget(name: "LuaTranslationTests", dependencies: ["TestExpectations", "LuaTranslation", "Platform"]),
        .testTarget(
            name: "LayoutOutputTests", dependencies: ["TestExpectations", "LayoutOutput", "LayoutEngine", "Platform"]),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "TestExpectations", "Scenario", "ScriptLayout", "LayoutEngine", "LayoutOutput", "InputFiles",
            ]),
        .testTarget(
            name: "WorkerProtocolTests",
            dependencies: ["TestExpectations", "WorkerProtocol", "LayoutEngine", "LayoutOutput", "Platform"]),
        .testTarget(
            name: "LivePreviewTests",
            dependencies: [
                "TestExpectations", "LivePreview", "WorkerProtocol", "LayoutEngine", "Platform", "TestSupport",
            ]),
        .testTarget(
            name: "LayoutTestingTests",
            dependencies: ["TestExpectations", "LayoutTesting", "LayoutOutput", "LayoutEngine", "ScriptLayout"]),
        .testTarget(
            name: "LualayoutCLITests",
            dependencies: [
                "TestExpectations", "LualayoutCLI", "InputFiles", "LayoutOutput", "LayoutEngine", "ScriptLayout",
                "LivePreview",
                "WorkerProtocol", "LayoutTesting", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Every example under Examples/, with frames derived by hand from its rules.
        .testTarget(name: "TestExpectationsTests", dependencies: ["TestExpectations"]),
        .testTarget(
            name: "ExampleTests", dependencies: ["TestExpectations", "ScriptLayout", "LayoutEngine", "InputFiles"]),
    ]
)
