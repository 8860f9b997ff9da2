import Foundation
import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// Scripts that change themselves, reach out of their folder or read state they should not
/// be able to write: each ends in a located error or is refused (issue 10, items 1, 4, 12–14).
@Suite("Hostile scripts")
struct HostileScriptTests {
    /// A prepare that removes itself: the next prepare is a located error, not a call of
    /// whatever lies on the stack.
    @Test func aCallbackThatRemovesItselfIsALocatedError() throws {
        let layout = try ScriptLayout(
            source: """
                local layout = {}
                layout.prepare = function(cv, out)
                  out:cell(0, 0, 0, 0, 10, 10)
                  layout.prepare = nil
                end
                return layout
                """, name: "gone.lua")
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        #expect(throws: ScriptError.self) { try layout.prepare(in: context) }
        do {
            try layout.prepare(in: context)
        } catch let error as ScriptError {
            expect(
                error.message
                    == "gone.lua:2: the layout's prepare is no longer a function (it is nil now: was it replaced or removed while the layout ran?)"
            )
            expectEqual(error.evaluating, "prepare(cv, out)")
        }
        // The layout stays usable for queries of what it last prepared.
        expectEqual(try layout.allLayoutAttributes(context: context).count, 1)
    }

    /// A bounds-change hook that removes `prepare` and asks for the invalidation (the preview's
    /// scroll path): the re-prepare is a located error, and the stack stays balanced so every
    /// later query still works.
    @Test func aBoundsChangeThatRemovesPrepareIsALocatedError() throws {
        let layout = try ScriptLayout(
            source: """
                local layout = {}
                layout.prepare = function(cv, out) out:cell(0, 0, 0, 0, 10, 10) end
                layout.shouldInvalidateLayoutForBoundsChange = function(cv, b) layout.prepare = nil return true end
                layout.attributes = function(cv, a) a.alpha = 0.5 end
                return layout
                """, name: "t.lua")
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        for offset in 1...20 {
            let bounds = Rect(x: 0, y: Double(offset), width: 320, height: 480)
            expect(try layout.shouldInvalidateLayout(forBoundsChange: bounds, context: context))
            #expect(throws: ScriptError.self) { try layout.prepare(in: context) }
        }
        expectEqual(try layout.allLayoutAttributes(context: context).map(\.alpha), [0.5])
    }

    private func folder(_ files: [String: String]) throws -> String {
        let directory = try temporaryDirectory()
        for (name, text) in files {
            let path = directory + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return directory
    }

    private func loadError(_ path: String) -> ScriptError? {
        do {
            let layout = try ScriptLayout(file: path)
            try layout.prepare(in: makeContext(counts: [1]))
            return nil
        } catch {
            return error as? ScriptError
        }
    }

    /// `require` follows a link only while it stays in the script's folder: a link to a
    /// system file or to a folder elsewhere is refused before anything is read or compiled.
    @Test func requireRefusesLinksLeavingTheFolder() throws {
        let outside = try folder(["secret.lua": "return { prepare = function() end }"])
        let directory = try folder([
            "file.lua": "local m = require('passwd')\nreturn m",
            "folder.lua": "local m = require('elsewhere.secret')\nreturn m",
            "inside.lua": "return require('alias')",
            "real.lua": "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1) end }",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/passwd.lua", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: directory + "/elsewhere", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/alias.lua", withDestinationPath: directory + "/real.lua")

        let file = loadError(directory + "/file.lua")
        expect(
            file?.message
                == "\(directory)/file.lua:1: module 'passwd': \(directory)/passwd.lua leads outside the script's folder (only Lua files beside the script can be required)"
        )
        expectEqual(file?.message.contains("root:"), false)
        let folder = loadError(directory + "/folder.lua")
        expect(
            folder?.message
                == "\(directory)/folder.lua:1: module 'elsewhere.secret': \(directory)/elsewhere/secret.lua leads outside the script's folder (only Lua files beside the script can be required)"
        )
        // A link to a file beside the script is fine.
        expect(loadError(directory + "/inside.lua") == nil)
    }

    /// A module that requires itself is a located error at its `require` line, not a stack
    /// overflow inside the engine's prelude.
    @Test func aRequireCycleIsLocatedAtTheRequire() throws {
        let directory = try folder([
            "main.lua": "return require('a')",
            "a.lua": "local b = require('b')\nreturn b",
            "b.lua": "\nlocal a = require('a')\nreturn a",
        ])
        let error = loadError(directory + "/main.lua")
        expect(
            error?.message == "\(directory)/b.lua:2: module 'a' is required again while it is loading (a require cycle)"
        )
    }

    /// Nested tables in `cv.state` are read-only too, so one callback cannot change what the
    /// next one reads.
    @Test func nestedStateIsReadOnly() throws {
        let context = makeContext(
            counts: [1], state: ["config": .object(["columns": .number(3), "list": .array([.number(1)])])])
        let elements = try run(
            """
            return {
              prepare = function(cv, out)
                local ok1, m1 = pcall(function() cv.state.config.columns = 9 end)
                local ok2, m2 = pcall(function() cv.state.config.list[1] = 9 end)
                local ok3, m3 = pcall(function() rawset(cv.state.config, "columns", 9) end)
                local n = 0
                for k, v in pairs(cv.state.config) do n = n + 1 end
                out:cell(0, 0, 0, 0, 1, 1, {m1 = m1, m2 = m2, m3 = m3, n = n, same = cv.state.config == cv.state.config})
              end,
              attributes = function(cv, a)
                a.columns = cv.state.config.columns
                a.first = cv.state.config.list[1]
                a.length = #cv.state.config.list
              end,
            }
            """, context)
        expect(
            elements[0].custom == [
                "m1": .string("test.lua:3: cv.state.config is read-only"),
                "m2": .string("test.lua:4: cv.state.config.list is read-only"),
                "m3": .string("test.lua:5: cv.state.config is read-only"),
                "n": .number(2), "same": .bool(true), "columns": .number(3), "first": .number(1), "length": .number(1),
            ])
    }

    /// `cv:numberOfItems` answers 0 for any whole number that is not a section, as documented.
    @Test func numberOfItemsOfAnySectionNumber() throws {
        let elements = try run(
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 1, 1, {huge = cv:numberOfItems(1e308), negative = cv:numberOfItems(-1),
                                          inf = cv:numberOfItems(math.huge), zero = cv:numberOfItems(0)})
            end }
            """, makeContext(counts: [4]))
        expect(
            elements[0].custom == ["huge": .number(0), "negative": .number(0), "inf": .number(0), "zero": .number(4)])
        expect(
            scriptError("return { prepare = function(cv, out) cv:numberOfItems(0.5) end }")?.message
                == "test.lua:1: cv:numberOfItems(section) expects a whole section number (call it with ':')")
    }

    /// One size reader: a table with both shapes reads the same as a flow property and from
    /// a callback (the array part first).
    @Test func oneSizeReaderForEveryShape() throws {
        let property = try run("return flow{ itemSize = {10, 20, width = 30, height = 40} }", makeContext(counts: [1]))
        let callback = try run(
            "return flow{ sizeForItem = function() return {10, 20, width = 30, height = 40} end }",
            makeContext(counts: [1]))
        let header = try run(
            "return flow{ referenceSizeForHeader = function() return {10, 20, width = 30, height = 40} end }",
            makeContext(counts: [1]))
        expectEqual(property[0].frame.size, Size(width: 10, height: 20))
        expectEqual(callback[0].frame.size, Size(width: 10, height: 20))
        // A vertical flow's header spans the width; its height is the size's second number.
        expectEqual(header.first { $0.category == .supplementary }?.frame.height, 20)
    }

    /// Insets are four numbers, or named: five numbers are an error, not silently cut.
    @Test func insetsAreExactlyFourNumbers() throws {
        expect(
            scriptError("return flow{ sectionInset = {1, 2, 3, 4, 5} }")?.message
                == "test.lua:1: flow{...}: sectionInset must be {top, left, bottom, right}")
    }

    /// A script file is read as bytes: a byte-order mark is skipped as `lua5.4` does, and a
    /// string literal keeps the file's bytes.
    @Test func scriptFilesAreBytes() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/bom.lua"
        let source =
            Array("return { prepare = function(cv, out) out:cell(0, 0, 0, 0, #\"".utf8) + [0xFF, 0xFE]
            + Array("\", 1) end }".utf8)
        try Data([0xEF, 0xBB, 0xBF] + source).write(to: URL(fileURLWithPath: path))
        let layout = try ScriptLayout(file: path)
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        expectEqual(try layout.allLayoutAttributes(context: context)[0].frame.width, 2)
    }
}
