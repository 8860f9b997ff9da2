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
        Case(
            script: "stack.lua", arguments: ["--bounds", "320x480", "--sections", "4,0,1", "--state", "cardWidth=100"]),
        Case(
            script: "waterfall.lua",
            arguments: ["--bounds", "340x300", "--data", "waterfall.json", "--offset", "0,460"]),
        Case(
            script: "waterfall.lua",
            arguments: ["--bounds", "500x300", "--data", "waterfall.json", "--state", "columns=3"]),
        Case(script: "raggy.lua", arguments: ["--bounds", "1024x600", "--data", "raggy.json"]),
        Case(
            script: "raggy.lua",
            arguments: ["--bounds", "1024x600", "--data", "raggy.json", "--state", "ragged=true", "--seed", "7"]),
        Case(
            script: "raggy.lua",
            arguments: ["--bounds", "800x500", "--items", "30", "--state", "rows=4", "--state", "ragged=true"]),
        Case(script: "tree-connectors.lua", arguments: ["--data", "tree-connectors.json"]),
        Case(script: "class-tree.lua", arguments: ["--data", "class-tree.json"]),
        Case(
            script: "cover-flow.lua", arguments: ["--bounds", "600x400", "--items", "12", "--target-offset", "333,0"]),
        // Flow layouts: the flow's own frames come from `lualayout run` of the script without its
        // hooks; the translated callbacks and hooks must turn them into what the whole script gives.
        Case(
            script: "springboard.lua",
            arguments: [
                "--bounds", "768x1024", "--items", "40", "--state", "deletionMode=true", "--target-offset", "900,0",
            ]),
        Case(script: "springboard.lua", arguments: ["--bounds", "768x1024", "--data", "springboard-apps.json"]),
        Case(script: "left-aligned.lua", arguments: ["--bounds", "375x300", "--items", "12"]),
        Case(script: "left-aligned-list.lua", arguments: ["--bounds", "375x300", "--items", "12"]),
        Case(
            script: "line.lua",
            arguments: ["--bounds", "600x400", "--items", "10", "--offset", "100,0", "--target-offset", "380,0"]),
        Case(script: "table.lua", arguments: ["--bounds", "320x480", "--items", "20"]),
        Case(
            script: "pinch.lua",
            arguments: [
                "--bounds", "320x480", "--items", "12", "--state", "pinchedItem=4", "--state", "pinchScale=1.5",
                "--state", "pinchX=200", "--state", "pinchY=150",
            ]),
        Case(script: "highlight.lua", arguments: ["--bounds", "340x480", "--items", "12"]),
        Case(script: "section-backgrounds.lua", arguments: ["--bounds", "375x400", "--sections", "5,2"]),
        // Compositional layouts: the structure is the export's; the hooks are translated.
        Case(
            script: "compositional/item-badges.lua",
            arguments: ["--bounds", "375x667", "--scale", "2", "--data", "compositional/item-badges.json"]),
        Case(
            script: "compositional/orthogonal-behaviors.lua",
            arguments: ["--bounds", "375x667", "--scale", "2", "--sections", "9,9,9,9,9,9"]),
        Case(
            script: "compositional/news-feed.lua",
            arguments: ["--bounds", "375x667", "--data", "compositional/news-feed.json", "--estimates"]),
    ]

    @Test func customExamplesPlaceWhatLuaPlaces() throws {
        var files: [String: String] = [:]
        var main = ["let directory = CommandLine.arguments[1]"]
        var translated: [String: TranslationInterface] = [:]
        for example in Set(Self.cases.map(\.script)).sorted() {
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Examples/" + example)))
            let prefix = LuaTranslator.typePrefix(forFile: example)
            let sample = try DataSampling.sample(Self.cases.filter { $0.script == example }.map(\.arguments))
            let translation = try LuaTranslator.translate(source: source, file: example, name: prefix, sample: sample)
            files[prefix + "Layout.swift"] = translation.swift
            files[prefix + "Host.swift"] = try HostAdapter.source(for: translation.interface, function: "run" + prefix)
            translated[example] = translation.interface
        }
        let scratch = NSTemporaryDirectory() + "lua2swift-flow-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for (index, example) in Self.cases.enumerated() {
            let prefix = LuaTranslator.typePrefix(forFile: example.script)
            let arguments = example.arguments.map { "\"\($0)\"" }.joined(separator: ", ")
            var flow = ""
            if translated[example.script]?.kind == .flow || translated[example.script]?.kind == .compositional {
                flow = scratch + "/flow\(index).json"
                try LualayoutRun.withoutHooks(example.script, example.arguments, in: scratch).write(
                    toFile: flow, atomically: true, encoding: .utf8)
            }
            main.append("print(\"=== \(index)\")")
            main.append("print(run\(prefix)(HostOptions([\(arguments)], directory: directory), flow: \"\(flow)\"))")
        }
        files["main.swift"] = main.joined(separator: "\n") + "\n"
        let output = try SwiftProgram.run(
            files: files,
            extra: SwiftProgram.surfaceSources + [repositoryRoot + "/Tests/LuaTranslationTests/Host/HostRuntime.swift"],
            arguments: [repositoryRoot + "/Examples"])
        let reports = output.components(separatedBy: "=== ").dropFirst().map {
            String($0.drop { $0 != "\n" }.dropFirst())
        }
        #expect(reports.count == Self.cases.count)
        for (example, report) in zip(Self.cases, reports) {
            let expected = try LualayoutRun.json(example.script, example.arguments)
            let actual = try JSONSerialization.jsonObject(with: Data(report.utf8)) as! [String: Any]
            var difference = LayoutComparison.difference(expected: expected, actual: actual)
            if let notes = actual["notes"] as? [String], !notes.isEmpty { difference = notes.joined(separator: "\n") }
            let expectedTarget = (expected["targetContentOffset"] as? NSDictionary)?["target"] as? NSDictionary
            if expectedTarget != actual["target"] as? NSDictionary {
                difference = "targetContentOffset \(actual["target"] ?? "none"), expected \(expectedTarget ?? [:])"
            }
            #expect(
                difference == nil, "\(example.script) \(example.arguments.joined(separator: " ")): \(difference ?? "")")
        }
    }
}

/// `lualayout run SCRIPT ARGS --format json`, parsed.
enum LualayoutRun {
    static var binary: String {
        ProcessInfo.processInfo.environment["LUALAYOUT_BINARY"] ?? repositoryRoot + "/.build/debug/lualayout"
    }

    static func json(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let output = try run(repositoryRoot + "/Examples/" + script, arguments)
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    }

    /// The flow's own elements: the script run with every hook and flow prepare removed (a
    /// wrapper beside a copy of it requires it and clears those fields).
    static func withoutHooks(_ script: String, _ arguments: [String], in directory: String) throws -> String {
        let copy = directory + "/layout_under_test.lua"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples/" + script, toPath: copy)
        let hooks = [
            "prepare", "attributes", "layoutAttributesForElements", "layoutAttributesForItem",
            "layoutAttributesForSupplementaryElement", "layoutAttributesForDecorationElement",
        ]
        let wrapper =
            "local layout = require \"layout_under_test\"\n"
            + hooks.map { "layout.\($0) = nil\n" }.joined() + "return layout\n"
        try wrapper.write(toFile: directory + "/hookless.lua", atomically: true, encoding: .utf8)
        return try run(directory + "/hookless.lua", arguments)
    }

    private static func run(_ path: String, _ arguments: [String]) throws -> String {
        let examples = repositoryRoot + "/Examples/"
        var resolved = arguments.enumerated().map { index, argument in
            index > 0 && arguments[index - 1] == "--data" ? examples + argument : argument
        }
        if let flag = resolved.firstIndex(of: "--target-offset"), path.hasSuffix("hookless.lua") {
            resolved.removeSubrange(flag...(flag + 1))
        }
        let result = try SwiftProgram.execute(binary, ["run", path] + resolved + ["--format", "json"])
        guard result.status == 0 else {
            throw SwiftProgram.Failure(description: "lualayout run \(path) failed: \(result.error)")
        }
        return result.output
    }
}

/// The first difference between two layouts in `run`'s JSON (content size and elements).
enum LayoutComparison {
    static func difference(expected: [String: Any], actual: [String: Any]) -> String? {
        let expectedSize = expected["contentSize"] as? NSDictionary
        let actualSize = actual["contentSize"] as? NSDictionary
        if expectedSize != actualSize {
            return
                "content size \(actualSize.map { "\($0)" } ?? "nil"), expected \(expectedSize.map { "\($0)" } ?? "nil")"
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

/// The data sample of the options a script runs with: field types from its data files and
/// `--state` values (as the export, phase 2, takes them from its options).
enum DataSampling {
    static func sample(_ argumentLists: [[String]]) throws -> DataSample {
        var sample = DataSample()
        for arguments in argumentLists {
            for (index, argument) in arguments.enumerated() where index + 1 < arguments.count {
                let value = arguments[index + 1]
                if argument == "--data" {
                    let url = URL(fileURLWithPath: repositoryRoot + "/Examples/" + value)
                    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
                    for section in root["sections"] as? [Any] ?? [] {
                        let object = section as? [String: Any]
                        let items = (section as? [Any]) ?? (object?["items"] as? [Any]) ?? []
                        for item in items { merge(item, into: &sample.item) }
                        if let data = object?["data"] { merge(data, into: &sample.section) }
                    }
                } else if argument == "--state" {
                    let key = String(value.prefix { $0 != "=" })
                    let text = String(value.dropFirst(key.count + 1))
                    sample.state[key] =
                        text == "true" || text == "false" ? .boolean : Double(text) != nil ? .number : .string
                }
            }
        }
        return sample
    }

    private static func merge(_ value: Any, into fields: inout [String: DataSample.Value]) {
        guard let object = value as? [String: Any] else { return }
        for (key, field) in object where fields[key] == nil {
            if let type = type(of: field) { fields[key] = type }
        }
    }

    private static func type(of value: Any) -> DataSample.Value? {
        switch value {
        case let number as NSNumber: "\(Swift.type(of: number))" == "__NSCFBoolean" ? .boolean : .number
        case is String: .string
        case let array as [Any]: .array(array.first.flatMap { type(of: $0) })
        case let object as [String: Any]: .object(object.compactMapValues { type(of: $0) })
        default: nil
        }
    }
}
