import Foundation
import TestExpectations
import Testing

/// luacheck (Debian's lua-check, installed by Scripts/test), when it is on PATH.
let luacheckPath: String? = {
    let directories =
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") + [
            "/usr/bin", "/usr/local/bin",
        ]
    return directories.map { "\($0)/luacheck" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Runs luacheck with `arguments` in the repository root; its exit status and output.
private func luacheck(_ arguments: [String]) throws -> (status: Int32, out: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: luacheckPath!)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: EditorFiles.root)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite(
    "luacheck",
    .enabled(if: luacheckPath != nil, "luacheck is not installed (apt-get install lua-check); Scripts/test installs it")
)
struct LuacheckTests {
    @Test func examplesAreClean() throws {
        let result = try luacheck(["Examples", "--no-color"])
        expectEqual(result.status, 0, "\(result.out)")
        expectContains(result.out, "Total: 0 warnings / 0 errors", "\(result.out)")
    }

    /// Lua 5.4's standard names (the reference manual's index).
    static let standardLua =
        [
            "_G", "_VERSION", "assert", "collectgarbage", "dofile", "error", "getmetatable", "ipairs",
            "load", "loadfile", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require",
            "select", "setmetatable", "tonumber", "tostring", "type", "warn", "xpcall",
        ]
        + ["close", "create", "isyieldable", "resume", "running", "status", "wrap", "yield"].map { "coroutine." + $0 }
        + [
            "debug", "gethook", "getinfo", "getlocal", "getmetatable", "getregistry", "getupvalue", "getuservalue",
            "sethook", "setlocal", "setmetatable", "setupvalue", "setuservalue", "traceback", "upvalueid",
            "upvaluejoin",
            "setcstacklimit",
        ].map { "debug." + $0 }
        + [
            "close", "flush", "input", "lines", "open", "output", "popen", "read", "stderr", "stdin", "stdout",
            "tmpfile",
            "type", "write",
        ].map { "io." + $0 }
        + [
            "abs", "acos", "asin", "atan", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max",
            "maxinteger",
            "min", "mininteger", "modf", "pi", "rad", "random", "randomseed", "sin", "sqrt", "tan", "tointeger", "type",
            "ult",
        ].map { "math." + $0 }
        + [
            "clock", "date", "difftime", "execute", "exit", "getenv", "remove", "rename", "setlocale", "time",
            "tmpname",
        ].map { "os." + $0 }
        + ["config", "cpath", "loaded", "loadlib", "path", "preload", "searchers", "searchpath"].map { "package." + $0 }
        + [
            "byte", "char", "dump", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize",
            "rep",
            "reverse", "sub", "unpack", "upper",
        ].map { "string." + $0 }
        + ["concat", "insert", "move", "pack", "remove", "sort", "unpack"].map { "table." + $0 }
        + ["char", "charpattern", "codepoint", "codes", "len", "offset"].map { "utf8." + $0 }

    /// Lua 5.3's deprecated math functions, present only where Lua is built with
    /// LUA_COMPAT_MATHLIB (Debian's lua5.4 is): luacheck reports them, so scripts stay portable.
    static let compatibilityMath = ["atan2", "cosh", "frexp", "ldexp", "log10", "pow", "sinh", "tanh"].map {
        "math." + $0
    }

    /// .luacheckrc's globals are the sandbox's: luacheck accepts every name the running engine
    /// has (standard or added, like `flow`) and reports every standard one it lacks.
    @Test func luacheckrcDeclaresExactlyTheSandboxGlobals() throws {
        let engine = try EngineSurface(probingAttributes: [])
        let engineNames = engine.globals.filter { name in !engine.libraryFields.contains { $0.hasPrefix(name + ".") } }
            .union(engine.libraryFields).subtracting(Self.compatibilityMath)
        let names = Set(Self.standardLua + Self.compatibilityMath).union(engineNames).sorted()
        let directory = NSTemporaryDirectory() + "lualayout-luacheck-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/globals.lua"
        // Line n reads names[n - 1].
        try (names.map { "local _ = \($0)" }.joined(separator: "\n") + "\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = try luacheck([
            "--config", EditorFiles.root + "/.luacheckrc", "--formatter", "plain", "--codes", file,
        ])
        var reported = Set<String>()
        for line in result.out.split(separator: "\n") where line.hasPrefix(file + ":") {
            let number = line.dropFirst(file.count + 1).prefix { $0.isNumber }
            if let index = Int(number), names.indices.contains(index - 1) { reported.insert(names[index - 1]) }
        }
        let expected = Set(names.filter { !engineNames.contains($0) })
        expectEqual(reported, expected, "luacheck output:\n\(result.out)")
        // The sandbox's known gaps, as docs/lua-api.md describes them.
        expect(
            expected.isSuperset(of: [
                "dofile", "loadfile", "string.dump", "io.open", "os.exit", "debug.getinfo", "package.path",
                "coroutine.wrap", "math.pow",
            ]))
        expect(engineNames.isSuperset(of: ["flow", "require", "load", "string.format", "table.move", "utf8.char"]))
    }
}
