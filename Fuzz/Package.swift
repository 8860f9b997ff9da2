// swift-tools-version:6.0
import PackageDescription

// The coverage-guided fuzzer of the script boundary: a package of its own, so the main build
// never sees the sanitizer flags. It depends on the main package by path and is built with
// libFuzzer and AddressSanitizer (`Scripts/fuzz-coverage` builds and runs it):
//
//   swift build -c debug --sanitize=fuzzer --sanitize=address -Xswiftc -parse-as-library
//
// libFuzzer provides `main`; the target exports `LLVMFuzzerTestOneInput`.
let package = Package(
    name: "LuaLayoutFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "LuaLayout", path: "..")],
    targets: [
        .executableTarget(
            name: "ScriptFuzzer",
            dependencies: [
                .product(name: "ScriptLayout", package: "LuaLayout"),
                .product(name: "LayoutEngine", package: "LuaLayout"),
            ])
    ]
)
