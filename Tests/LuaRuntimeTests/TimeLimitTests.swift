import TestExpectations
import Testing
@testable import LuaRuntime

/// The time limit that replaces per-instruction counting by default: a watchdog thread installs
/// a hook once a call has run for `seconds`, and the hook raises the located error.
@Suite struct TimeLimitTests {
    /// Counting off, a short limit: an endless loop ends with the time error at its line.
    @Test func timeLimitStopsAnEndlessLoop() throws {
        let lua = try LuaState(limits: .init(countsInstructions: false, seconds: 0.2))
        try lua.load(source: "local n = 0\nwhile true do n = n + 1 end", chunkName: "@spin.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.kind, .timeLimit)
        expectEqual(error?.message.hasPrefix("spin.lua:2: time limit exceeded (0.2 s; raise it with --timeout)"), true)
        // The next call starts with a fresh deadline and no hook left behind.
        try lua.load(source: "return 1 + 1", chunkName: "=ok")
        try lua.call(arguments: 0, results: 1)
        expectEqual(lua.number(at: -1), 2)
        lua.pop(1)
    }

    /// A script that catches the error with pcall errors again at its next instruction.
    @Test func timeLimitCannotBeEscapedWithPcall() throws {
        let lua = try LuaState(limits: .init(countsInstructions: false, seconds: 0.2))
        try lua.load(source: "while true do pcall(function() while true do end end) end", chunkName: "@spin.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.message.contains("time limit exceeded"), true)
    }

    /// Counting off, VM instructions are not charged: 3 × 100,000 loop iterations (each several
    /// instructions) run under a budget of 1,000 that would stop them at once if counted.
    @Test func uncountedCallsRunPastTheInstructionBudget() throws {
        let lua = try LuaState(limits: .init(instructions: 1_000, countsInstructions: false, seconds: 60))
        try lua.load(source: "local s = 0 for i = 1, 300000 do s = s + i end return s", chunkName: "=sum")
        try lua.call(arguments: 0, results: 1)
        // 1 + … + 300000 = 300000 × 300001 / 2 = 45,000,150,000.
        expectEqual(lua.number(at: -1), 45_000_150_000)
        lua.pop(1)
    }

    /// Library work stays charged to the budget when counting is off: moving 1,000,001
    /// elements costs more than a budget of 1,000.
    @Test func libraryWorkIsChargedWithoutCounting() throws {
        let lua = try LuaState(limits: .init(instructions: 1_000, countsInstructions: false))
        try lua.load(source: "table.move({}, 1, 1000001, 1, {})", chunkName: "@move.lua")
        let error = #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        expectEqual(error?.message.hasPrefix("move.lua:1: instruction budget exceeded (1000 instructions"), true)
        expectEqual(error?.kind, .instructionBudget)
    }

    /// A state closed while its watchdog sleeps a long limit ends at once (the thread is woken
    /// and joined), many times over.
    @Test func closingStopsTheWatchdog() throws {
        for _ in 0..<50 {
            let lua = try LuaState(limits: .init(countsInstructions: false, seconds: 3600))
            try lua.load(source: "return 1", chunkName: "=one")
            try lua.call(arguments: 0, results: 1)
            lua.pop(1)
        }
    }
}
