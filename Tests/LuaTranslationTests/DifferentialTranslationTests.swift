import Foundation
import LuaTranslation
import TestExpectations
import Testing

/// Generated Lua programs of the subset, translated to Swift, compiled together with swiftc and
/// run: each must print exactly what lua5.4 prints for it. A fixed seed and 40 programs by
/// default; `LUALAYOUT_TRANSLATION_PROGRAMS=N` (and `LUALAYOUT_TRANSLATION_SEED=S`) for longer
/// runs, compiled in batches of 100.
@Suite struct DifferentialTranslationTests {
    static var count: Int { Int(ProcessInfo.processInfo.environment["LUALAYOUT_TRANSLATION_PROGRAMS"] ?? "") ?? 40 }
    static var seed: UInt64 {
        UInt64(ProcessInfo.processInfo.environment["LUALAYOUT_TRANSLATION_SEED"] ?? "") ?? 20_261_129
    }

    @Test func translatedProgramsPrintWhatLuaPrints() throws {
        var generator = LuaProgramGenerator(seed: Self.seed)
        var first = 0
        while first < Self.count {
            let batch = (first..<min(first + 100, Self.count)).map { index in (index, generator.program()) }
            try check(batch)
            first += batch.count
        }
    }

    private func check(_ programs: [(index: Int, source: String)]) throws {
        let directory = NSTemporaryDirectory() + "lua2swift-lua-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var files: [String: String] = [:]
        var main: [String] = []
        var driver: [String] = []
        for (index, source) in programs {
            let name = "program\(index).lua"
            try source.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            let translation: Translation
            do {
                translation = try LuaTranslator.translate(
                    source: Array(source.utf8), file: name, name: "Program\(index)")
            } catch {
                Issue.record("a generated program was refused: \(error)\n\(source)")
                continue
            }
            files["Program\(index).swift"] = translation.swift
            main.append("print(\"=== \(index)\")")
            main.append("Program\(index)().run()")
            driver.append("print(\"=== \(index)\")")
            driver.append(
                "local ok\(index), error\(index) = pcall(function() dofile(\"\(directory)/\(name)\").run() end)")
            driver.append("if not ok\(index) then print(\"LUA ERROR \" .. tostring(error\(index))) end")
        }
        files["main.swift"] = main.joined(separator: "\n") + "\n"
        try driver.joined(separator: "\n").write(toFile: directory + "/driver.lua", atomically: true, encoding: .utf8)
        let lua = try SwiftProgram.execute("/usr/bin/env", ["lua5.4", directory + "/driver.lua"])
        expectEqual(lua.status, 0, "lua5.4 failed: \(lua.error)")
        let swift = try SwiftProgram.run(files: files, extra: [])
        let expected = Self.split(lua.output)
        let actual = Self.split(swift)
        for (index, source) in programs {
            guard let wanted = expected[index] else { continue }
            if wanted.contains("LUA ERROR") {
                Issue.record("a generated program fails in Lua (the generator left the subset): \(wanted)\n\(source)")
                continue
            }
            let got = actual[index] ?? "(nothing)"
            if wanted != got {
                let file = files["Program\(index).swift"] ?? ""
                let message =
                    "program \(index) (seed \(Self.seed)) prints differently.\nLua:\n\(wanted)\nSwift:\n\(got)\n"
                Issue.record("\(message)Lua source:\n\(source)\nSwift:\n\(file)")
            }
        }
    }

    private static func split(_ output: String) -> [Int: String] {
        var result: [Int: String] = [:]
        for part in output.components(separatedBy: "=== ").dropFirst() {
            let lines = part.split(separator: "\n", omittingEmptySubsequences: false)
            guard let index = Int(lines[0]) else { continue }
            result[index] = lines.dropFirst().joined(separator: "\n")
        }
        return result
    }
}
