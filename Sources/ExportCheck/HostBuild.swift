import Foundation

/// Compiles the host's sources (HostPackage) into one program against the root package's debug
/// build: one `swiftc` in whole-module mode, importing UIKitSurface from the build's modules and
/// linking its object files and those of the modules under it. The library is not compiled
/// again (a host package of its own compiled LayoutEngine and UIKitSurface a second time, in a
/// build folder of their own), and the host is compiled as a package of its own (no
/// `-package-name`): the exports see UIKitSurface's public API only, as an app would.
///
/// It is built in two steps, each skipped when its inputs are those of the last build (the key
/// of what was built is kept beside its output): the compile (`host.o`, from the sources, the
/// arguments and UIKitSurface's module) and the link (the program, from `host.o` and the
/// library's objects). A change inside a function of the library rewrites its objects but not
/// UIKitSurface's module: the host is linked again, not compiled again (about 8 s of CPU).
struct HostBuild {
    let root: String
    let host: String
    let run: (String, [String], String) throws -> (status: Int32, out: String, err: String)

    var program: String { host + "/export-check-host" }
    private var object: String { host + "/host.o" }

    /// Builds the program from `sources`; the compiler's status and output (0 and nothing
    /// when it was already built from the same inputs).
    func build(_ sources: [String]) throws -> (status: Int32, out: String, err: String) {
        let build = try DebugBuild(root: root)
        let objects = try build.objects(of: "UIKitSurface")
        let compile =
            [
                "swiftc", "-module-name", "ExportCheckHost", "-parse-as-library", "-wmo", "-Onone",
                "-swift-version", "6", "-I", build.modules, "-c", "-o", object,
            ] + sources
        let compiled = try step(
            compile, output: object, keyFile: host + "/compile-key",
            key: Self.key(compile, sources: sources, files: [build.modules + "/UIKitSurface.swiftmodule"]))
        guard compiled.status == 0 else { return compiled }
        let link = ["swiftc", "-o", program, object] + objects
        let linked = try step(
            link, output: program, keyFile: host + "/link-key",
            key: Self.key(link, sources: [], files: [object] + objects))
        return (linked.status, compiled.out + linked.out, compiled.err + linked.err)
    }

    /// Runs `arguments` unless `output` exists and `keyFile` holds `key`; keeps the key of a
    /// step that succeeded.
    private func step(
        _ arguments: [String], output: String, keyFile: String, key: String
    ) throws -> (status: Int32, out: String, err: String) {
        if FileManager.default.fileExists(atPath: output),
            (try? String(contentsOfFile: keyFile, encoding: .utf8)) == key
        {
            return (0, "", "")
        }
        try? FileManager.default.removeItem(atPath: keyFile)
        let result = try run("/usr/bin/env", arguments, host)
        if result.status == 0 { try key.write(toFile: keyFile, atomically: true, encoding: .utf8) }
        return result
    }

    /// What the program is built from: the arguments, each source's content (FNV-1a, 64 bits)
    /// and each object's and module's size and modification time (the build rewrites them
    /// when it compiles them again).
    private static func key(_ arguments: [String], sources: [String], files: [String]) throws -> String {
        var lines = [arguments.joined(separator: " ")]
        for source in sources {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw CheckError("cannot read \(source)")
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            lines.append("\(source) \(String(hash, radix: 16))")
        }
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            lines.append("\(file) \(size) \(date)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
