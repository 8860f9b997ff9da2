import LuaTranslation
import TestExpectations
import Testing

/// Everything outside the subset is refused at its line with what to change (docs/lua-to-swift.md,
/// "What is refused"); nothing is translated wrongly in silence.
@Suite struct RefusalTests {
    struct Vector: CustomTestStringConvertible {
        var source: String
        /// `line: text the message contains`.
        var line: Int
        var message: String

        var testDescription: String { message }
    }

    /// A script whose `run` holds `body` (one statement a line, from line 2).
    static func script(_ body: String) -> String {
        "return {run = function()\n" + body + "\nend}\n"
    }

    static let vectors: [Vector] = [
        Vector(source: script("local t = setmetatable({}, {})"), line: 2, message: "metatables"),
        Vector(
            source: script("local c = coroutine.create(print)"), line: 2, message: "coroutines are not in the subset"),
        Vector(source: script("local f = load(\"return 1\")"), line: 2, message: "runs other code at run time"),
        Vector(
            source: "local function f(...) return 1 end\nreturn {run = function() print(f(1)) end}", line: 1,
            message: "varargs"),
        Vector(source: script("for i = 1, 3 do\ngoto done\nend\n::done::"), line: 3, message: "goto"),
        Vector(source: script("local t = {1, 2}\nt.x = 3"), line: 3, message: "a table is used two ways"),
        Vector(source: script("local x = 1\nx = \"one\""), line: 3, message: "holds a string here and an integer"),
        Vector(source: script("total = 5"), line: 2, message: "assignment to global 'total'"),
        Vector(source: script("print(undefinedThing)"), line: 2, message: "global 'undefinedThing'"),
        Vector(
            source: "local function f(flag)\nlocal x = 1\nif flag then x = 0.5 end\nreturn tostring(x)\nend\n"
                + "return {run = function() print(f(true)) end}",
            line: 4, message: "an integer on some runs and a float on others"),
        Vector(
            source: script("local t = {1}\nfor k, v in pairs(t) do print(v) end"), line: 3, message: "pairs visits keys"
        ),
        Vector(
            source: script("local a = {1}\nlocal b = a\nb[1] = 2\nprint(a[1])"), line: 4, message: "also held elsewhere"
        ),
        Vector(
            source: script("local a = {1}\nlocal t = {list = a}\na[2] = 5\nprint(#t.list)"), line: 4,
            message: "changed after a copy of it"),
        Vector(
            source: script("local a = {1}\nfor _, v in ipairs(a) do a[#a + 1] = v end"), line: 3,
            message: "changed inside the loop that iterates it"),
        Vector(
            source: script("local t = {}\nt[1] = true\nlocal k = \"one\"\nt[k] = false"), line: 5, message: "keyed by"),
        Vector(source: script("local n = \"1\" + 2"), line: 2, message: "Lua would convert it, Swift does not"),
        Vector(source: script("print(string.format(\"%q\", \"a\"))"), line: 2, message: "%q is not in the subset"),
        Vector(source: "print(1)\nreturn {}", line: 1, message: "runs when the script loads"),
        Vector(source: "local t = {}\nfunction t:m() return 1 end\nreturn t", line: 2, message: "a method"),
        Vector(
            source: script("print(string.gsub(\"a\", \"a\", \"b\"))"), line: 2,
            message: "string.gsub is not in the subset"),
        Vector(source: script("local t = {}\nprint(t)"), line: 3, message: "prints as an address"),
        Vector(source: script("print(1 == \"1\")"), line: 2, message: "always false in Lua"),
        Vector(source: script("local s = math.random(1.5)"), line: 2, message: "may be floats"),
        Vector(source: "local x = math.random()\nreturn {}", line: 1, message: "math.random at the top level"),
        Vector(
            source: script("local t = {f = print}\nt.f(1)"), line: 2,
            message: "call it directly"),
        Vector(source: script("local x = 1 +"), line: 3, message: "syntax error"),
        Vector(
            source: "return {\nprepare = function(cv, out) out:contentSize(10, 10) end,\n"
                + "elementsInRect = function(cv, rect, out) out:cell(0, 0, 0, 0, 10, 10) end,\n"
                + "itemAttributes = function(cv, s, i) return 0, 0, 10, 10 end,\n}",
            line: 3, message: "elementsInRect (lazy attributes, answered per rect from Lua) is not translated yet"),
    ]

    /// What is left out on purpose is translated around and listed, not refused.
    @Test func omissionsAreListed() throws {
        let source = """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.absolute(44) }
            return compositional{
              section = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1),
                height = C.absolute(44), subitems = {item} } },
              preferredSizeForItem = function(cv, s, i, fitting) return fitting.width, 80 end,
              attributes = function(cv, a) a.alpha = 0.5 end,
            }
            """
        let translation = try LuaTranslator.translate(source: Array(source.utf8), file: "t.lua", name: "T")
        expectEqual(translation.interface.kind, .compositional)
        expectEqual(translation.interface.methods, ["attributes"])
        expect(
            translation.interface.omitted == [
                "C (t.lua:1): the compositional structure: the export writes it with UIKit's values (phase 2)",
                "item (t.lua:2): the compositional structure: the export writes it with UIKit's values (phase 2)",
                "section (t.lua:4): the compositional structure: the export writes it with UIKit's values (phase 2)",
                "preferredSizeForItem (t.lua:6): models a cell's own sizing: in the app the cells size themselves "
                    + "(the export keeps the estimate)",
            ])
        expect(
            translation.swift.contains(
                "func attributes(_ cv: TContext, _ a: TAttributes) {\n        a.alpha = CGFloat(0.5)"))
        expect(!translation.swift.contains("func preferredSizeForItem"))
    }

    @Test(arguments: vectors) func refusedAtItsLine(_ vector: Vector) {
        do {
            _ = try LuaTranslator.translate(source: Array(vector.source.utf8), file: "t.lua", name: "T")
            Issue.record("translated, expected a refusal containing \"\(vector.message)\"")
        } catch {
            expectEqual(error.file, "t.lua")
            expectEqual(error.location.line, vector.line, "\(error)")
            expectContains(error.description, vector.message, "\(error)")
            expect(error.description.hasPrefix("t.lua:\(vector.line): "), "\(error)")
        }
    }
}
