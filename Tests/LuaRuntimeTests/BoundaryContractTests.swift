import Foundation
import LuaRuntime
import TestExpectations
import Testing

/// The contracts the Lua boundary checks instead of trusting its callers, and the limits no
/// script can slip past (issue 10, items 1, 3, 12 and 13).
@Suite("Lua boundary: checked contracts and unescapable limits")
struct BoundaryContractTests {
    private func message(_ lua: LuaState, _ source: String) -> LuaError? {
        do {
            try lua.load(source: source, chunkName: "@t.lua")
            try lua.call(arguments: 0, results: 0)
            return nil
        } catch {
            return error
        }
    }

    /// `call` with no function below its arguments is an error, not a call on a wrong stack,
    /// and leaves the stack as a failed call would.
    @Test func callChecksThatAFunctionIsThere() throws {
        let lua = try LuaState()
        lua.push(1.0)
        lua.push(2.0)
        #expect(throws: LuaError.self) { try lua.call(arguments: 1, results: 0) }
        expectEqual(lua.top, 0)
        // Fewer values than arguments + 1: nothing to call at all.
        lua.push(1.0)
        #expect(throws: LuaError.self) { try lua.call(arguments: 3, results: 0) }
        expectEqual(lua.top, 0)
    }

    /// `balanced` puts the stack back after an error, whatever the body had pushed.
    @Test func balancedRestoresTheStackOnErrors() throws {
        let lua = try LuaState()
        lua.push(7.0)
        #expect(throws: LuaError.self) {
            try lua.balanced { () throws(LuaError) in
                lua.push(1.0)
                lua.push(2.0)
                try lua.call(arguments: 0, results: 0)  // 2 is not a function
            }
        }
        expectEqual(lua.top, 1)
        expectEqual(lua.number(at: 1), 7)
    }

    /// Lua runs a message handler for an error raised in a hook with hooks off: the budget
    /// error must not reach the script's handler, or a looping handler runs forever.
    @Test func anXpcallHandlerCannotOutliveTheBudget() throws {
        let outcome = try finishesWithin(seconds: 20) { () -> LuaError? in
            let lua = try LuaState(limits: .init(instructions: 100_000))
            return message(lua, "xpcall(function() while true do end end, function() while true do end end)")
        }
        expect(outcome??.kind == .instructionBudget)
        expect(outcome??.message.hasPrefix("t.lua:1: instruction budget exceeded") == true)
    }

    /// Other errors still go through the script's handler, which runs under the budget.
    @Test func xpcallHandlersStillRunForOrdinaryErrors() throws {
        let lua = try LuaState(limits: .init(instructions: 100_000))
        try lua.load(
            source: "return xpcall(function() error('boom', 0) end, function(m) return 'handled ' .. m end)",
            chunkName: "=t")
        try lua.call(arguments: 0, results: 2)
        expectEqual(lua.boolean(at: -2), false)
        expectEqual(lua.string(at: -1), "handled boom")
        lua.pop(2)
        // A handler that loops on an ordinary error is stopped by the budget.
        let outcome = try finishesWithin(seconds: 20) { () -> LuaError? in
            let lua = try LuaState(limits: .init(instructions: 100_000))
            return message(lua, "xpcall(function() error('boom') end, function() while true do end end)")
        }
        expect(outcome??.kind == .instructionBudget)
    }

    /// Memory errors name the line that allocated, even when the budget hook never ran there.
    @Test func memoryErrorsNameTheLineThatAllocated() throws {
        let lua = try LuaState(limits: .init(memoryBytes: 1 << 20))
        let error = message(lua, "local a = 1\nlocal b = 2\nlocal s = string.rep('x', 1 << 24)\n")
        expectEqual(error?.kind, .memory)
        expectEqual(error?.message, "t.lua:3: memory limit exceeded (1 MiB; raise it with --max-memory)")
    }

    /// Error messages keep every byte, NUL included.
    @Test func messagesAreNotCutAtNul() throws {
        let lua = try LuaState()
        let error = message(lua, "error('before\\0after')")
        expectEqual(error?.message, "t.lua:1: before\u{0}after")
    }

    /// The sandbox's own versions of `setmetatable`, `load` and `xpcall` report argument
    /// errors with their name and the script's line, as the originals would.
    @Test func sandboxFunctionsReportArgumentErrorsAtTheScriptLine() throws {
        let cases = [
            ("\nsetmetatable(nil, {})", "t.lua:2: bad argument #1 to 'setmetatable' (table expected, got nil)"),
            ("setmetatable({}, 5)", "t.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)"),
            (
                "local t = setmetatable({}, {__metatable = 1}) setmetatable(t, {})",
                "t.lua:1: cannot change a protected metatable"
            ),
            ("setmetatable({}, {__gc = print})", "t.lua:1: __gc metamethods are not available to layout scripts"),
            ("load(42)", "t.lua:1: bad argument #1 to 'load' (string or function expected, got number)"),
            ("xpcall(print, 5)", "t.lua:1: bad argument #2 to 'xpcall' (function expected, got number)"),
        ]
        for (source, expected) in cases {
            let lua = try LuaState()
            expectEqual(message(lua, source)?.message, expected, "\(source)")
        }
    }

    /// Scripts are bytes, as `lua5.4` reads them: no UTF-8 decoding, a byte-order mark and a
    /// `#!` first line skipped, line numbers unchanged.
    @Test func scriptsLoadAsBytes() throws {
        let lua = try LuaState()
        try lua.load(bytes: Array("return #\"".utf8) + [0xFF, 0xFE] + Array("\"".utf8), chunkName: "=t")
        try lua.call(arguments: 0, results: 1)
        expectEqual(lua.number(at: -1), 2)
        lua.pop(1)
        try lua.load(bytes: [0xEF, 0xBB, 0xBF] + Array("return 5".utf8), chunkName: "=t")
        try lua.call(arguments: 0, results: 1)
        expectEqual(lua.number(at: -1), 5)
        lua.pop(1)
        let shebang = Array("#!/usr/bin/env lualayout\nlocal x = 1\nerror('line three')".utf8)
        try lua.load(bytes: shebang, chunkName: "@t.lua")
        do {
            try lua.call(arguments: 0, results: 0)
            Issue.record("the chunk should have raised")
        } catch {
            expectEqual(error.message, "t.lua:3: line three")
        }
    }
}

/// Runs `body` on a thread of its own and fails the test when it has not returned within
/// `seconds` (the bound only detects a hang; it is not a timing assertion).
func finishesWithin<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () throws -> T) throws -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.set(Result { try body() })
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("did not finish within \(seconds) s")
        return nil
    }
    return try box.get()
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    func set(_ value: Result<T, any Error>) { lock.withLock { result = value } }
    func get() throws -> T { try lock.withLock { result! }.get() }
}
