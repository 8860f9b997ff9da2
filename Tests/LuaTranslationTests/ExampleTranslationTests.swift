import Foundation
import LuaTranslation
import TestExpectations
import Testing

/// The layouts of Examples/ with Lua logic, translated to UIKit layout subclasses; the options
/// each runs with type the data fields they only pass along.
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
        Case(
            script: "compositional/video-sessions.lua",
            arguments: ["--bounds", "375x667", "--scale", "2", "--data", "compositional/video-sessions.json"]),
    ]

    /// Every example translates into a UIKit layout subclass of its kind (the custom
    /// layouts' frames are checked against `lualayout run` by Scripts/export-check, which
    /// compiles their exports against UIKitSurface).
    @Test func examplesTranslateToUIKitSubclasses() throws {
        for example in Set(Self.cases.map(\.script)).sorted() {
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Examples/" + example)))
            let prefix = LuaTranslator.typePrefix(forFile: example)
            let sample = try DataSampling.sample(Self.cases.filter { $0.script == example }.map(\.arguments))
            let translation = try LuaTranslator.translate(source: source, file: example, name: prefix, sample: sample)
            let base: String
            switch translation.interface.kind {
            case .custom: base = "UICollectionViewLayout"
            case .flow: base = "UICollectionViewFlowLayout"
            case .compositional: base = "UICollectionViewCompositionalLayout"
            case .plain: base = "?"
            }
            expect(
                translation.declarations.contains("final class \(prefix)Layout: \(base) {"),
                "\(example): no \(prefix)Layout subclassing \(base)")
            expectEqual(translation.interface.layoutClass, prefix + "Layout")
        }
    }

    /// The examples the translator refuses, each at the line the docs name.
    @Test func refusedExamplesNameTheirLine() throws {
        for (example, line) in [("fly-in.lua", 25)] {
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Examples/" + example)))
            do {
                _ = try LuaTranslator.translate(source: source, file: example, name: "X")
                Issue.record("\(example) translated; the docs list it as refused")
            } catch {
                expect(error.description.hasPrefix("\(example):\(line): "), "\(error.description)")
            }
        }
    }

    /// One variable holding an item's data and a section's data (as video-sessions' hook did
    /// before it used one for each) is refused where the two meet: they are two Swift protocols.
    @Test func itemAndSectionDataInOneVariableAreRefused() {
        let source = """
            return compositional{
              section = compositional.section{group = compositional.group{axis = "horizontal",
                width = compositional.fractionalWidth(1), height = compositional.absolute(50),
                subitems = {compositional.item{width = compositional.fractionalWidth(1),
                  height = compositional.fractionalHeight(1)}}}},
              attributes = function(cv, a)
                local data
                if a.category == "cell" then data = cv:itemData(a.section, a.item)
                else data = cv:sectionData(a.section) end
                if type(data) == "table" and data.title then a.label = data.title end
              end,
            }
            """
        do {
            _ = try LuaTranslator.translate(source: Array(source.utf8), file: "one.lua", name: "X")
            Issue.record("one variable for both data translated")
        } catch {
            expect(error.description.hasPrefix("one.lua:9: "), "\(error.description)")
            expectContains(error.description, "an item's data and a section's data meet here")
        }
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
