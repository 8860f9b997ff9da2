import Foundation
import TestExpectations
import Testing
@testable import ScriptLayout
import Scenario

/// The LuaLS stubs (Examples/.types/lualayout.lua) against the API reference and the engine:
/// every documented name is declared, and everything declared exists.
@Suite("Editor stubs")
struct EditorStubsTests {
    let stubs: LuaStubs

    init() throws {
        stubs = LuaStubs(source: try EditorFiles.read(EditorFiles.stubs))
    }

    @Test func everyNameInTheAPIReferenceIsInTheStubs() throws {
        let reference = APIReferenceNames(markdown: try EditorFiles.read(EditorFiles.apiReference))
        expect(
            reference.unclassified.isEmpty,
            "code spans in docs/lua-api.md tables whose owner is unknown: \(reference.unclassified)")
        // 10 properties, 6 callbacks, 4 + 8 hooks, 4 out methods, 4 super queries, 17 `a` fields, 12 cv names.
        expect(
            reference.names.count >= 60,
            "found only \(reference.names.count) names: is the table parser reading lua-api.md?")
        for entry in reference.names {
            let members = entry.owner == APIReferenceNames.globalOwner ? stubs.globals : stubs.members(of: entry.owner)
            let declared = entry.isPrefix ? members.contains { $0.hasPrefix(entry.name) } : members.contains(entry.name)
            expect(declared, "docs/lua-api.md documents \(entry), which \(entry.owner) in the stubs lacks")
        }
    }

    @Test func theReferenceParserReadsSpansAsDocumented() {
        var parsed = APIReferenceNames(
            markdown: """
                | Hook | When |
                | --- | --- |
                | `finalLayoutAttributesForDisappearingSupplementaryElement(cv, a)` / `…DecorationElement(cv, a)` | same |

                | Field | Access |
                | --- | --- |
                | `category` (`"cell"`, `"supplementary"`), `kind` (nil for cells), `indexPath` (`{section=, item=}`) | read-only |
                | `cv:layoutAttributes…` | x |
                """)
        expect(
            parsed.names.map(\.name) == [
                "finalLayoutAttributesForDisappearingSupplementaryElement",
                "finalLayoutAttributesForDisappearingDecorationElement",
                "category", "kind", "indexPath", "layoutAttributes",
            ])
        expect(
            parsed.names.map(\.owner) == ["lualayout.Layout", "lualayout.Layout"]
                + Array(repeating: "lualayout.Attributes", count: 3) + ["lualayout.CollectionView"])
        expectEqual(parsed.names.last?.isPrefix, true)
        parsed = APIReferenceNames(markdown: "| Name | x |\n| --- | --- |\n| `mystery(cv)` | y |\n")
        expectEqual(parsed.unclassified, ["mystery(cv)"])
    }

    /// The layout classes declare exactly the names the engine reads from a layout table.
    @Test func layoutClassesDeclareExactlyTheNamesTheEngineReads() {
        let flow = stubs.members(of: "lualayout.FlowLayout"), custom = stubs.members(of: "lualayout.CustomLayout")
        let compositional = stubs.members(of: "lualayout.CompositionalLayout")
        expectEqual(flow.union(custom).union(compositional), Set(LayoutNames.all))
        expect(
            compositional
                == Set(
                    LayoutNames.compositionalProperties + LayoutNames.selfSizingCallbacks + LayoutNames.hooks
                        + LayoutNames.layoutProperties
                )
                .subtracting(["prepare"]))
        expect(
            flow
                == Set(
                    LayoutNames.flowProperties + LayoutNames.flowCallbacks + LayoutNames.hooks
                        + LayoutNames.layoutProperties))
        expectEqual(custom, Set(LayoutNames.hooks + LayoutNames.customCallbacks + LayoutNames.layoutProperties))
    }

    @Test func cvOutAndAttributesMatchTheRunningEngine() throws {
        let attributes = stubs.members(of: "lualayout.Attributes")
        let engine = try EngineSurface(probingAttributes: attributes.sorted())
        expectEqual(stubs.members(of: "lualayout.CollectionView"), engine.collectionView)
        expectEqual(stubs.members(of: "lualayout.Out"), engine.out)
        expect(
            engine.missingAttributes.isEmpty,
            "the stubs' attributes fields the engine does not answer: \(engine.missingAttributes)")
        expectEqual(attributes.count, 17)
    }

    /// The globals the stubs declare: a layout's (flow, compositional, the sandbox's require), which exist in
    /// the sandbox, and exactly the scenario globals the simulator installs.
    @Test func stubGlobalsExistInTheSandbox() throws {
        let engine = try EngineSurface(probingAttributes: [])
        let scenario = Set(ScenarioScript.eventNames + ScenarioScript.queryNames + ScenarioScript.checkNames)
        expectEqual(stubs.globals.subtracting(scenario), ["flow", "require", "compositional"])
        expect(stubs.globals.subtracting(scenario).isSubset(of: engine.globals))
        expect(scenario.isSubset(of: stubs.globals))
        expect(scenario.isDisjoint(with: engine.globals))
    }

    /// The controller and view classes declare exactly what the simulator reads and offers.
    @Test func controllerAndViewMatchTheSimulator() {
        expect(
            stubs.members(of: "lualayout.Controller")
                == Set(ControllerScript.callbackNames + ControllerScript.optionNames))
        expectEqual(stubs.members(of: "lualayout.View"), Set(ControllerScript.viewMethodNames))
    }

    /// The compositional namespace's functions are declared, exactly.
    @Test func compositionalNamespaceMatchesTheEngine() {
        expectEqual(stubs.members(of: "lualayout.Compositional"), Set(CompositionalPrelude.functions))
    }

    /// Every `lualayout.*` type the stubs and the examples' annotations use is declared (a
    /// misspelled one would silently become `any` in the editor).
    @Test func everyAnnotatedTypeIsDeclared() throws {
        let source = try EditorFiles.read(EditorFiles.stubs)
        let examples = try FileManager.default.contentsOfDirectory(atPath: EditorFiles.root + "/Examples")
            .filter { $0.hasSuffix(".lua") }.sorted()
        var declared = Set(stubs.ownMembers.keys)
        var used: [(file: String, type: String)] = []
        for (file, text) in [("lualayout.lua", source)]
            + (try examples.map { ($0, try EditorFiles.read(EditorFiles.root + "/Examples/" + $0)) })
        {
            for line in text.split(separator: "\n") where line.hasPrefix("---@") {
                if line.hasPrefix("---@alias "), let name = line.split(separator: " ").dropFirst().first {
                    declared.insert(String(name))
                }
                for type in Self.qualifiedNames(in: String(line)) { used.append((file, type)) }
            }
        }
        expect(used.contains { $0.file == "circle.lua" && $0.type == "lualayout.CustomLayout" })
        for (file, type) in used {
            expectContains(declared, type, "\(file) uses \(type), which the stubs do not declare")
        }
    }

    /// `lualayout.Name` words in an annotation line.
    static func qualifiedNames(in line: String) -> [String] {
        var names: [String] = []
        var rest = Substring(line)
        while let range = rest.range(of: "lualayout.") {
            let tail = rest[range.upperBound...]
            let word = tail.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !word.isEmpty { names.append("lualayout." + word) }
            rest = tail.dropFirst(word.count)
        }
        return names
    }

    /// Both .luarc.json files point at the stubs and describe the sandbox.
    @Test(arguments: [("", "Examples/.types"), ("Examples/", ".types")])
    func luarcPointsAtTheStubs(folder: String, library: String) throws {
        let path = EditorFiles.root + "/" + folder + ".luarc.json"
        let json = try require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let workspace = try require(json["workspace"] as? [String: Any])
        let libraries = try require(workspace["library"] as? [String])
        expectEqual(libraries, [library])
        let base = URL(fileURLWithPath: EditorFiles.root + "/" + folder)
        expect(FileManager.default.fileExists(atPath: base.appendingPathComponent(library + "/lualayout.lua").path))
        let runtime = try require(json["runtime"] as? [String: Any])
        expectEqual(runtime["version"] as? String, "Lua 5.4")
        let builtin = try require(runtime["builtin"] as? [String: String])
        let engine = try EngineSurface(probingAttributes: [])
        for library in ["coroutine", "debug", "io", "os", "package"] {
            expectEqual(builtin[library], "disable")
            expect(!engine.globals.contains(library), "\(library) is in the sandbox after all")
        }
    }
}
