import Foundation

/// The LuaLayoutExport plugin in the round trip: the example package whose target holds Lua
/// layouts is built (the plugin exports them at build time, against UIKitSurface here), its
/// program records each layout, and each recording is compared with `lualayout run`. The
/// package's `export-check.json` lists `{"recorded": "grid.json", "script": …, "args": […]}`.
struct PluginCheck {
    let trip: RoundTrip
    let package: String

    /// (passed, failures).
    func run() throws -> (Int, [String]) {
        let manifest = package + "/export-check.json"
        guard let data = FileManager.default.contents(atPath: manifest),
            let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { throw CheckError("\(manifest): cannot read the plugin's cases") }
        let scratch = trip.work + "/plugin"
        let build = try trip.process(
            "/usr/bin/env", ["swift", "build", "--package-path", package, "--scratch-path", scratch], in: package)
        guard build.status == 0 else {
            let errors = (build.out + build.err).split(separator: "\n").filter { $0.contains("error:") }.prefix(5)
            return (
                0,
                [
                    "\(package): the package using the LuaLayoutExport plugin does not build: "
                        + errors.joined(separator: "; ")
                ]
            )
        }
        let recorded = trip.work + "/plugin-recorded"
        try? FileManager.default.removeItem(atPath: recorded)
        try FileManager.default.createDirectory(atPath: recorded, withIntermediateDirectories: true)
        let program = try trip.process(scratch + "/debug/ExportPluginExample", [recorded], in: package)
        guard program.status == 0 else { return (0, ["\(package): the example stopped: \(program.err.prefix(300))"]) }
        var passed = 0
        var failures: [String] = []
        for entry in entries {
            guard let name = entry["recorded"] as? String, let script = entry["script"] as? String else {
                throw CheckError("\(manifest): each case needs \"recorded\" and \"script\"")
            }
            let args = entry["args"] as? [String] ?? []
            let expected = "\(recorded)/expected-\(name)"
            let run = try trip.process(
                trip.lualayout, ["run", script] + args + ["--format", "json", "-o", expected], in: package)
            guard run.status == 0 else {
                failures.append("plugin \(script): run failed: \(run.err.prefix(200))")
                continue
            }
            let compare = try trip.process(
                trip.lualayout, ["compare", expected, "\(recorded)/\(name)", "--tolerance", "0.001"], in: package)
            if compare.status == 0 {
                passed += 1
            } else {
                failures.append(
                    "plugin \(script): \(compare.out.split(separator: "\n").dropFirst().prefix(2).joined(separator: "; "))"
                )
            }
        }
        return (passed, failures)
    }
}
