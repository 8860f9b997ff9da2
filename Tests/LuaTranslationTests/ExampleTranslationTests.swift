import Foundation
import LuaTranslation
import Testing

/// The custom layouts of Examples/ translated to Swift, compiled with a small host and run:
/// every element's attributes and the content size must equal `lualayout run`'s JSON for the
/// same options (the round trip through UIKitSurface comes with the export, phase 2).
@Suite struct ExampleTranslationTests {
    struct Case {
        var script: String
        var arguments: [String]
    }

    static let cases: [Case] = [
        Case(script: "circle.lua", arguments: ["--bounds", "400x400", "--items", "12"]),
        Case(script: "circle.lua", arguments: ["--bounds", "300x500", "--items", "7", "--state", "itemSize=50.5"]),
        Case(script: "cover-flow.lua", arguments: ["--bounds", "600x400", "--items", "12", "--offset", "250,0"]),
        Case(script: "cover-flow.lua", arguments: ["--bounds", "375x300", "--items", "5", "--state", "spacing=80"]),
        Case(script: "stack.lua", arguments: ["--bounds", "400x400", "--sections", "3,2"]),
        Case(script: "stack.lua", arguments: ["--bounds", "320x480", "--sections", "4,0,1", "--state", "cardWidth=100"]),
        Case(script: "waterfall.lua", arguments: ["--bounds", "340x300", "--data", "waterfall.json", "--offset", "0,460"]),
        Case(script: "waterfall.lua", arguments: ["--bounds", "500x300", "--data", "waterfall.json", "--state", "columns=3"]),
    ]

    @Test func customExamplesPlaceWhatLuaPlaces() throws {
        var files: [String: String] = [:]
        var main = ["let directory = CommandLine.arguments[1]"]
        var translated: [String: TranslationInterface] = [:]
        for example in Set(Self.cases.map(\.script)).sorted() {
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Examples/" + example)))
            let prefix = LuaTranslator.typePrefix(forFile: example)
            let translation = try LuaTranslator.translate(source: source, file: example, name: prefix)
            files[prefix + "Layout.swift"] = translation.swift
            files[prefix + "Host.swift"] = try HostAdapter.source(for: translation.interface, function: "run" + prefix)
            translated[example] = translation.interface
        }
        for (index, example) in Self.cases.enumerated() {
            let prefix = LuaTranslator.typePrefix(forFile: example.script)
            let arguments = example.arguments.map { "\"\($0)\"" }.joined(separator: ", ")
            main.append("print(\"=== \(index)\")")
            main.append("print(run\(prefix)(HostOptions([\(arguments)], directory: directory)))")
        }
        files["main.swift"] = main.joined(separator: "\n") + "\n"
        let output = try SwiftProgram.run(
            files: files, extra: SwiftProgram.surfaceSources + [repositoryRoot + "/Tests/LuaTranslationTests/Host/HostRuntime.swift"],
            arguments: [repositoryRoot + "/Examples"])
        let reports = output.components(separatedBy: "=== ").dropFirst().map {
            String($0.drop { $0 != "\n" }.dropFirst())
        }
        #expect(reports.count == Self.cases.count)
        for (example, report) in zip(Self.cases, reports) {
            let expected = try LualayoutRun.json(example.script, example.arguments)
            let actual = try JSONSerialization.jsonObject(with: Data(report.utf8)) as! [String: Any]
            let difference = LayoutComparison.difference(expected: expected, actual: actual)
            #expect(difference == nil, "\(example.script) \(example.arguments.joined(separator: " ")): \(difference ?? "")")
        }
    }
}

/// `lualayout run SCRIPT ARGS --format json`, parsed.
enum LualayoutRun {
    static var binary: String {
        ProcessInfo.processInfo.environment["LUALAYOUT_BINARY"] ?? repositoryRoot + "/.build/debug/lualayout"
    }

    static func json(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let examples = repositoryRoot + "/Examples/"
        let resolved = arguments.enumerated().map { index, argument in
            index > 0 && arguments[index - 1] == "--data" ? examples + argument : argument
        }
        let result = try SwiftProgram.execute(binary, ["run", examples + script] + resolved + ["--format", "json"])
        guard result.status == 0 else {
            throw SwiftProgram.Failure(description: "lualayout run \(script) failed: \(result.error)")
        }
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
    }
}

/// The first difference between two layouts in `run`'s JSON (content size and elements).
enum LayoutComparison {
    static func difference(expected: [String: Any], actual: [String: Any]) -> String? {
        let expectedSize = expected["contentSize"] as? NSDictionary
        let actualSize = actual["contentSize"] as? NSDictionary
        if expectedSize != actualSize {
            return "content size \(actualSize.map { "\($0)" } ?? "nil"), expected \(expectedSize.map { "\($0)" } ?? "nil")"
        }
        let expectedElements = expected["elements"] as? [NSDictionary] ?? []
        let actualElements = actual["elements"] as? [NSDictionary] ?? []
        let key: (NSDictionary) -> String = { element in
            "\(element["category"] ?? "") \(element["kind"] ?? "") \(element["indexPath"] ?? "")"
        }
        let sortedExpected = expectedElements.sorted { key($0) < key($1) }
        let sortedActual = actualElements.sorted { key($0) < key($1) }
        guard sortedExpected.count == sortedActual.count else {
            return "\(sortedActual.count) elements, expected \(sortedExpected.count)"
        }
        for (wanted, got) in zip(sortedExpected, sortedActual) where wanted != got {
            return "element \(key(wanted)):\n  got      \(got)\n  expected \(wanted)"
        }
        return nil
    }
}
