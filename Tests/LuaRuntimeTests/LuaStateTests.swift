import LuaRuntime
import TestExpectations
import Testing

/// Runs `source` as a chunk and returns its first result.
private func evaluate(_ lua: LuaState, _ source: String) throws -> LuaValue {
    try lua.load(source: source, chunkName: "=test")
    try lua.call(arguments: 0, results: 1)
    defer { lua.pop(1) }
    return try lua.value(at: -1)
}

@Suite("Lua state: loading, calling, values")
struct LuaStateTests {
    /// Raw accesses are total: on a value that is not a table a read finds nil, a write and a
    /// traversal do nothing (the C API is undefined there; a script can put a string where a
    /// table was).
    @Test func rawAccessOnANonTableIsTotal() throws {
        let lua = try LuaState()
        for push in [{ lua.push("a string") }, { lua.push(42) }, { lua.pushNil() }, { lua.push(true) }] {
            push()
            expectEqual(lua.rawGet(tableAt: -1, field: "group"), .nil)
            lua.pop(1)
            expectEqual(lua.rawGet(tableAt: -1, index: 1), .nil)
            lua.pop(1)
            lua.push(1)
            lua.rawSet(tableAt: -2, field: "x")
            lua.push(1)
            lua.rawSet(tableAt: -2, index: 1)
            lua.push("key")
            expectEqual(lua.rawGetPair(tableAt: -2), .nil)
            lua.pop(1)
            lua.pushNil()
            expect(!lua.next(tableAt: -2))
            lua.clearTable(at: -1)
            expectEqual(lua.top, 1)
            lua.pop(1)
        }
        expectEqual(lua.top, 0)
    }

    /// Tracebacks leave out the host's own chunks (`(compositional)`, `(lualayout)`) and the
    /// `error` call they raise with; the script's frames and Lua's markers stay.
    @Test func tracebacksShowTheScriptOnly() {
        let traceback = """
            \t[C]: in function 'error'
            \t(compositional):29: in upvalue 'fail'
            \t(compositional):248: in function <(compositional):236>
            \t(...tail calls...)
            \tlayout.lua:5: in main chunk
            \t[C]: in ?
            """
        expect(
            LuaState.withoutHostFrames(traceback) == "\t(...tail calls...)\n\tlayout.lua:5: in main chunk\n\t[C]: in ?")
        let own = "\t[C]: in function 'error'\n\tlayout.lua:2: in main chunk"
        expectEqual(LuaState.withoutHostFrames(own), own)
    }

    @Test func valuesComeOutTyped() throws {
        let lua = try LuaState()
        expectEqual(try evaluate(lua, "return 1.5"), .number(1.5))
        expectEqual(try evaluate(lua, "return 'a\\0b'"), .string("a\u{0}b"))
        expectEqual(try evaluate(lua, "return true"), .boolean(true))
        expectEqual(try evaluate(lua, "return nil"), .nil)
        expect(
            try evaluate(lua, "return {10, 20, {x = 1}}")
                == .array([.number(10), .number(20), .map(["x": .number(1)])]))
        expectEqual(try evaluate(lua, "return {a = 'b', [3] = 4}"), .map(["a": .string("b"), "3": .number(4)]))
        expectEqual(try evaluate(lua, "return {}"), .array([]))
        // A sequence with a hole is not an array.
        expectEqual(try evaluate(lua, "return {[1] = 1, [3] = 3}"), .map(["1": .number(1), "3": .number(3)]))
    }

    @Test func valuesGoInAndBackUnchanged() throws {
        let lua = try LuaState()
        let value = LuaValue.map(["list": .array([.number(1), .string("two"), .boolean(false)]), "n": .number(-0.25)])
        lua.push(value)
        expectEqual(try lua.value(at: -1), value)
        lua.pop(1)
        expectEqual(lua.top, 0)
    }

    @Test func unconvertibleValuesAreErrors() throws {
        let lua = try LuaState()
        try lua.load(source: "local t = {} t.self = t return t", chunkName: "=test")
        try lua.call(arguments: 0, results: 1)
        #expect(throws: LuaConversionError(message: "table contains itself")) { try lua.value(at: -1) }
        lua.pop(1)
        try lua.load(source: "return {f = print}", chunkName: "=test")
        try lua.call(arguments: 0, results: 1)
        #expect(throws: LuaConversionError(message: "a function cannot be used as data")) { try lua.value(at: -1) }
    }

    @Test func syntaxErrorsNameTheChunkAndLine() throws {
        let lua = try LuaState()
        let error = #expect(throws: LuaError.self) {
            try lua.load(source: "local x = 1\nx = = 2", chunkName: "@layouts/bad.lua")
        }
        expectEqual(error?.kind, .syntax)
        expectEqual(error?.message, "layouts/bad.lua:2: unexpected symbol near '='")
    }

    @Test func runtimeErrorsCarryATraceback() throws {
        let lua = try LuaState()
        try lua.load(source: "local function f() error('boom') end\nf()", chunkName: "@s.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.kind, .runtime)
        expectEqual(error?.message, "s.lua:1: boom")
        expectEqual(error?.traceback?.contains("s.lua:2: in main chunk"), true)
        expectEqual(lua.top, 0)
    }
}

@Suite("Swift functions called from Lua")
struct SwiftFunctionTests {
    @Test func argumentsAndResults() throws {
        let lua = try LuaState()
        lua.push { lua in
            lua.push((lua.number(at: 1) ?? 0) * 2)
            lua.push("ok")
            return .results(2)
        }
        lua.setGlobal("double")
        expectEqual(try evaluate(lua, "local a, b = double(21) return {a, b}"), .array([.number(42), .string("ok")]))
    }

    /// The error is raised by the C trampoline after the Swift frame returned, so Lua's own
    /// pcall can catch it and the Swift side sees nothing unusual.
    @Test func errorsAreRaisedInLuaAndCatchable() throws {
        let lua = try LuaState()
        lua.push { _ in .error("refused") }
        lua.setGlobal("refuse")
        let caught = try evaluate(lua, "local ok, message = pcall(refuse) return {ok, message}")
        // Called by pcall (a C function) there is no Lua line to point at, as with luaL_error.
        expectEqual(caught, .array([.boolean(false), .string("refused")]))
        try lua.load(source: "\n\nrefuse()", chunkName: "@caller.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.message, "caller.lua:3: refused")
    }

    @Test func nestedCallsThroughSwift() throws {
        let lua = try LuaState()
        // Lua → Swift → Lua (protected) → error inside: contained by the inner call.
        lua.push { lua in
            do {
                try lua.load(source: "error('inner')", chunkName: "=inner")
                try lua.call(arguments: 0, results: 0)
                lua.push("no error")
            } catch {
                lua.push("caught: " + ((error as? LuaError)?.message ?? "?"))
            }
            return .results(1)
        }
        lua.setGlobal("probe")
        expectEqual(try evaluate(lua, "return probe()"), .string("caught: inner:1: inner"))
    }
}

@Suite("Sandbox and limits")
struct SandboxTests {
    @Test(arguments: [
        "io", "os", "debug", "package", "dofile", "loadfile", "collectgarbage == nil and nil or string.dump",
    ])
    func dangerousGlobalsAreAbsent(_ name: String) throws {
        let lua = try LuaState()
        expectEqual(try evaluate(lua, "return \(name) == nil"), .boolean(true))
    }

    @Test func safeLibrariesArePresent() throws {
        let lua = try LuaState()
        expect(
            try evaluate(lua, "return math.floor(2.5) + #string.rep('a', 3) + #table.pack(1, 2) + utf8.len('é')")
                == .number(8))
    }

    @Test func binaryChunksAreRefused() throws {
        let lua = try LuaState()
        let result = try evaluate(lua, "local f, message = load('\\27Lua', 'x', 'b') return message")
        expectEqual(result.string?.contains("attempt to load a binary chunk"), true)
        expectEqual(try evaluate(lua, "return load('return 7')()"), .number(7))
        expectEqual(try evaluate(lua, "return load('return x', 'chunk', 'bt', {x = 8})()"), .number(8))
    }

    @Test func instructionBudgetStopsInfiniteLoops() throws {
        let lua = try LuaState(limits: .init(instructions: 100_000))
        try lua.load(source: "while true do end", chunkName: "@spin.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.kind, .instructionBudget)
        expectEqual(error?.message.hasPrefix("spin.lua:1: instruction budget exceeded (100000 instructions"), true)
        // Each call gets a fresh budget: the state is still usable.
        expectEqual(try evaluate(lua, "return 1 + 1"), .number(2))
    }

    @Test func budgetCannotBeEscapedWithPcall() throws {
        let lua = try LuaState(limits: .init(instructions: 100_000))
        try lua.load(source: "while true do pcall(function() while true do end end) end", chunkName: "@spin.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.kind, .instructionBudget)
    }

    @Test func memoryCapStopsRunawayAllocation() throws {
        let lua = try LuaState(limits: .init(memoryBytes: 4 << 20))
        try lua.load(source: "local t = {} for i = 1, 1e8 do t[i] = {i} end", chunkName: "@hog.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.kind, .memory)
        expectEqual(error?.message, "hog.lua:1: memory limit exceeded (4 MiB; raise it with --max-memory)")
        expectEqual(try evaluate(lua, "collectgarbage() return 'alive'"), .string("alive"))
    }

    @Test func aCaughtMemoryErrorDoesNotHideALaterError() throws {
        let lua = try LuaState(limits: .init(memoryBytes: 4 << 20))
        try lua.load(source: "pcall(string.rep, 'x', 1 << 30)\nerror('real problem')", chunkName: "@later.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.kind, .runtime)
        expectEqual(error?.message, "later.lua:2: real problem")
    }

    @Test func memoryCapAppliesToStringsBuiltBySwiftFunctions() throws {
        let lua = try LuaState(limits: .init(memoryBytes: 2 << 20))
        // A Swift function may allocate freely (no error can unwind it); the cap is checked
        // as soon as it returns to Lua.
        lua.push { lua in
            lua.push(String(repeating: "x", count: 4 << 20))
            return .results(1)
        }
        lua.setGlobal("big")
        try lua.load(source: "local s = big() return #s", chunkName: "@big.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 1) }
        expectEqual(error?.kind, .memory)
    }
}

@Suite("Finalizers")
struct FinalizerTests {
    /// Lua runs finalizers with debug hooks off, out of the budget's reach, so scripts cannot
    /// define them.
    @Test func gcMetamethodsAreRefused() throws {
        let lua = try LuaState()
        try lua.load(source: "setmetatable({}, {__gc = function() while true do end end})", chunkName: "@gc.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.message, "gc.lua:1: __gc metamethods are not available to layout scripts")
        expectEqual(
            try evaluate(lua, "return getmetatable(setmetatable({}, {__index = {a = 5}})).__index.a"), .number(5))
    }
}
