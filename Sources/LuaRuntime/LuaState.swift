import CLua
import CLuaBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// A sandboxed Lua 5.4 state: one per layout.
///
/// Every call into Lua is a protected call; Swift functions are exposed through the C trampoline
/// in `CLuaBridge`, so a Lua error never unwinds across a Swift frame. Stack helpers here use
/// only API functions that cannot raise (raw accesses, pushes whose allocations are never
/// refused outside protected Lua code).
package final class LuaState {
    /// Resource limits for the scripts run by this state.
    package struct Limits: Sendable, Equatable {
        /// Memory cap for everything Lua allocates, in bytes (0 = none).
        package var memoryBytes: Int
        /// Instruction budget for each call from the engine into Lua (0 = none). Library work
        /// (`table.move`, `load` readers, …) is always charged to it; VM instructions only
        /// when `countsInstructions`.
        package var instructions: Int
        /// Count every VM instruction (a count hook: exact and reproducible, but it makes Lua
        /// trace each instruction). Off, runaway code is stopped by `seconds` instead.
        package var countsInstructions: Bool
        /// Time limit for each call from the engine into Lua, in seconds (0 = none): a
        /// watchdog thread installs a hook only once it has passed, so it costs nothing before.
        package var seconds: Double

        package init(
            memoryBytes: Int = 256 << 20, instructions: Int = 1_000_000_000,
            countsInstructions: Bool = true, seconds: Double = 0
        ) {
            self.memoryBytes = memoryBytes
            self.instructions = instructions
            self.countsInstructions = countsInstructions
            self.seconds = seconds
        }
    }

    /// A Swift function callable from Lua. It reads its arguments from the stack (index 1…),
    /// pushes its results and returns how many, or returns `.error` to raise a Lua error.
    package typealias Function = (LuaState) -> FunctionResult

    package enum FunctionResult {
        case results(Int32)
        /// Raised as `file:line: message` at the calling Lua line (or verbatim if `located`
        /// is false, e.g. when the message already carries a location).
        case error(String, located: Bool = true)
    }

    /// The raw state, for modules that extend this wrapper.
    package let L: OpaquePointer
    package let limits: Limits
    private var functions: [Function] = []
    /// Chunk names Lua shortens in messages ("…tail"), restored in full by `expandingChunkNames`.
    private var longChunkNames: [String] = []

    package init(limits: Limits = Limits()) throws {
        guard
            let state = llb_newstate(
                max(0, limits.memoryBytes), Int64(max(0, limits.instructions)),
                limits.countsInstructions ? 1 : 0)
        else {
            throw LuaError(kind: .memory, message: "could not create a Lua state")
        }
        guard llb_settimelimit(state, limits.seconds) != 0 else {
            llb_close(state)
            throw LuaError(kind: .memory, message: "could not start the time limit's watchdog thread")
        }
        self.L = state
        self.limits = limits
        llb_opensandbox(state)
    }

    deinit {
        llb_close(L)
    }

    /// Bytes currently allocated by Lua (and charged by the host with `charge`).
    package var memoryUsed: Int { Int(llb_getlimits(L).pointee.memory_used) }

    /// Counts `bytes` of host memory against the memory cap (negative: releases them). A Swift
    /// function that charges past the cap makes its Lua call fail with the memory error.
    package func charge(_ bytes: Int) { llb_charge(L, Int64(bytes)) }

    // MARK: Loading and calling

    /// Compiles a text chunk and pushes it as a function. The chunk name is used in error
    /// messages (`@path` reads as `path:line:`).
    package func load(source: String, chunkName: String) throws(LuaError) {
        try load(bytes: Array(source.utf8), chunkName: chunkName)
    }

    /// Compiles a chunk given as bytes, exactly as `lua5.4` reads a file: the bytes reach Lua
    /// unchanged (no UTF-8 decoding), a UTF-8 byte-order mark is skipped, and so is a first
    /// line starting with `#` (a shebang; its newline is kept so line numbers stay right).
    package func load(bytes: [UInt8], chunkName: String) throws(LuaError) {
        if chunkName.hasPrefix("@"), chunkName.count > 40, !longChunkNames.contains(String(chunkName.dropFirst())) {
            longChunkNames.append(String(chunkName.dropFirst()))
        }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "#") {
            while start < bytes.count, bytes[start] != UInt8(ascii: "\n") { start += 1 }
        }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                llb_loadtext(L, chars.baseAddress.map { $0 + start }, chars.count - start, chunkName)
            }
        }
        guard status == LUA_OK else { throw popError(status: status) }
    }

    /// Compiles a Lua file (as bytes); errors read `path:line: …`, or name `chunkName` when
    /// given (the path as the script wrote it, when `path` is its resolved form).
    package func load(file path: String, chunkName: String? = nil) throws(LuaError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LuaError(
                kind: .file, message: "\((chunkName.map { String($0.dropFirst()) }) ?? path): cannot read file")
        }
        try load(bytes: [UInt8](data), chunkName: chunkName ?? "@" + path)
    }

    /// Calls the function below `arguments` values on the stack, protected, with a fresh
    /// instruction budget (unless already inside a call) and the memory cap in force.
    /// `results` may be `LUA_MULTRET`. The contract is checked, not trusted: a missing
    /// function or too few values is an error, and the values are removed as a call would.
    package func call(arguments: Int32, results: Int32) throws(LuaError) {
        let function = top - arguments
        guard arguments >= 0, function >= 1, llb_iscallable(L, function) != 0 else {
            let found = function >= 1 ? type(at: function).name : "nothing"
            top = max(0, function - 1)
            throw LuaError(
                kind: .runtime,
                message: "internal error: expected a function below \(arguments) argument(s), found \(found)")
        }
        let status = llb_pcall(L, arguments, results)
        guard status == LUA_OK else { throw popError(status: status) }
    }

    private func popError(status: Int32) -> LuaError {
        let limits = llb_getlimits(L).pointee
        let text = expandingChunkNames(string(at: -1) ?? "(error object is not a string)")
        pop(1)
        var message = text
        var traceback: String?
        if let range = text.firstRange(of: "\nstack traceback:\n") {
            message = String(text[..<range.lowerBound])
            traceback = Self.withoutHostFrames(String(text[range.upperBound...]))
        }
        if status == LUA_ERRSYNTAX { return LuaError(kind: .syntax, message: message) }
        // LUA_ERRMEM, or the trampoline's own cap check (a plain error with Lua's memory message);
        // a memory error the script caught earlier does not colour a later, different error.
        if status == LUA_ERRMEM || (limits.memory_exceeded != 0 && message.hasSuffix("not enough memory")) {
            let megabytes = Double(self.limits.memoryBytes) / 1_048_576
            var location = ""
            if limits.last_line > 0 {
                let source = withUnsafeBytes(of: limits.last_source) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                location = expandingChunkNames("\(source):\(limits.last_line): ")
            }
            return LuaError(
                kind: .memory,
                message: location
                    + "memory limit exceeded (\(formatMegabytes(megabytes)) MiB; raise it with --max-memory)",
                traceback: traceback)
        }
        if limits.budget_exceeded != 0 {
            let kind: LuaError.Kind = limits.time_exceeded != 0 ? .timeLimit : .instructionBudget
            return LuaError(kind: kind, message: message, traceback: traceback)
        }
        return LuaError(kind: .runtime, message: message, traceback: traceback)
    }

    /// A traceback without the host's own Lua frames (chunks named `(name)`, such as the
    /// `compositional` constructors' `(compositional):29: in upvalue 'fail'`), nor the
    /// `error` call they raise with: the script's author sees their own lines only.
    package static func withoutHostFrames(_ traceback: String) -> String {
        func isHostFrame(_ line: Substring) -> Bool { isHostLocation(line) }
        var lines = traceback.splitLines()
        guard lines.contains(where: isHostFrame) else { return traceback }
        if let first = lines.first, first.hasSuffix("[C]: in function 'error'"), lines.count > 1, isHostFrame(lines[1])
        {
            lines.removeFirst()
        }
        return lines.filter { !isHostFrame($0) }.joined(separator: "\n")
    }

    /// Lua shortens long file names in messages to "..." and their tail (LUA_IDSIZE); this
    /// puts the full names of loaded files back.
    package func expandingChunkNames(_ text: String) -> String {
        guard !longChunkNames.isEmpty, text.contains("...") else { return text }
        var result = text
        for name in longChunkNames {
            // The longest tail of `name` that follows "..." in the text.
            for length in stride(from: name.count - 1, through: 16, by: -1) {
                let shortened = "..." + name.suffix(length)
                if result.contains(shortened) {
                    result = result.replacing(shortened, with: name)
                    break
                }
            }
        }
        return result
    }

    private func formatMegabytes(_ value: Double) -> String { NumberFormatting.format(value) }

    // MARK: Swift functions

    /// Pushes a Lua function that runs `function`.
    package func push(function: @escaping Function) {
        functions.append(function)
        let context = Unmanaged.passUnretained(self).toOpaque()
        llb_pushswiftfunction(L, luaRuntimeDispatch, context, Int32(functions.count - 1))
    }

    fileprivate func invoke(_ id: Int32) -> Int32 {
        switch functions[Int(id)](self) {
        case .results(let count):
            return count
        case .error(let message, let located):
            push(message)
            return located ? LLB_ERROR_LOCATED : LLB_ERROR_RAW
        }
    }

    // MARK: Stack

    package var top: Int32 {
        get { lua_gettop(L) }
        set { lua_settop(L, max(0, newValue)) }
    }

    /// Runs `body` and puts the stack back to where it was, whatever `body` pushed or left
    /// behind on an error: the guard at every entry from the engine into a script. In debug
    /// builds a body that returns normally with a different depth is a bug and stops there.
    package func balanced<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let saved = top
        do {
            let result = try body()
            assert(top == saved, "Lua stack unbalanced: \(saved) values before, \(top) after")
            top = saved
            return result
        } catch {
            top = saved
            throw error
        }
    }

    /// Pops `count` values; never below the bottom of the stack (Lua does not check).
    package func pop(_ count: Int32) {
        let current = lua_gettop(L)
        assert(count >= 0 && count <= current, "pop(\(count)) with \(current) values on the stack")
        lua_settop(L, max(0, current - max(0, count)))
    }

    /// Makes room for `count` more values; false when the stack cannot grow.
    @discardableResult
    package func ensureStack(_ count: Int32) -> Bool { lua_checkstack(L, count) != 0 }

    package func type(at index: Int32) -> LuaType { LuaType(rawValue: lua_type(L, index)) ?? .none }

    package func isNil(at index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }

    package func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// The string at `index`, only if it is a string (numbers are not converted).
    package func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    package func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    package func pushNil() { lua_pushnil(L) }
    /// Pushes a number; whole numbers (|v| < 2⁵³) become Lua integers, so a script sees `375`,
    /// not `375.0`, in `cv.bounds.width .. ""` and `math.type` says "integer".
    package func push(_ value: Double) {
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992, !(value == 0 && value.sign == .minus) {
            lua_pushinteger(L, lua_Integer(value))
        } else {
            lua_pushnumber(L, value)
        }
    }
    package func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    package func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    package func push(_ value: String) {
        var value = value
        value.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    package func pushValue(at index: Int32) { lua_pushvalue(L, index) }
    package func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) { lua_createtable(L, arrayCount, fieldCount) }
    package func remove(at index: Int32) {
        lua_rotate(L, index, -1)
        pop(1)
    }
    package func insert(at index: Int32) { lua_rotate(L, index, 1) }
    package func absoluteIndex(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    // MARK: Raw table access (never runs metamethods, never raises)
    //
    // The C API's raw accesses are undefined on anything but a table (a script can put a
    // string where a table was), so each is total: on a non-table a read pushes nil, a write
    // pops its operands and does nothing, a traversal ends at once.

    package func isTable(at index: Int32) -> Bool { lua_type(L, index) == LUA_TTABLE }

    /// Pushes `table[field]` (raw); returns its type. Nil when the value at `index` is not a table.
    @discardableResult
    package func rawGet(tableAt index: Int32, field: String) -> LuaType {
        let table = absoluteIndex(index)
        guard isTable(at: table) else {
            pushNil()
            return .nil
        }
        push(field)
        return LuaType(rawValue: lua_rawget(L, table)) ?? .none
    }

    /// Pushes `table[i]` (raw); returns its type. Nil when the value at `index` is not a table.
    @discardableResult
    package func rawGet(tableAt index: Int32, index i: Int) -> LuaType {
        guard isTable(at: index) else {
            pushNil()
            return .nil
        }
        return LuaType(rawValue: lua_rawgeti(L, index, lua_Integer(i))) ?? .none
    }

    /// `table[field] = top`, popping the value.
    package func rawSet(tableAt index: Int32, field: String) {
        let table = absoluteIndex(index)
        guard isTable(at: table) else { return pop(1) }
        push(field)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    /// `table[i] = top`, popping the value.
    package func rawSet(tableAt index: Int32, index i: Int) {
        guard isTable(at: index) else { return pop(1) }
        lua_rawseti(L, index, lua_Integer(i))
    }

    /// The identity of the table (or other collectable value) at `index`, for visited sets.
    package func pointer(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }

    package func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Pushes the globals table.
    package func pushGlobals() { lua_rawgeti(L, llb_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }

    /// Sets a global (raw), popping the value.
    package func setGlobal(_ name: String) {
        pushGlobals()
        lua_rotate(L, -2, 1)
        rawSet(tableAt: -2, field: name)
        pop(1)
    }

    /// Sets the metatable of the value at `index` to the table on top, popping it.
    package func setMetatable(at index: Int32) { lua_setmetatable(L, index) }

    /// Pushes the metatable of the value at `index`; false (nothing pushed) when it has none.
    package func pushMetatable(at index: Int32) -> Bool { lua_getmetatable(L, index) != 0 }

    package func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    /// A full userdata of `size` bytes, pushed.
    package func newUserdata(size: Int) -> UnsafeMutableRawPointer { lua_newuserdatauv(L, size, 0) }

    package func userdata(at index: Int32) -> UnsafeMutableRawPointer? { lua_touserdata(L, index) }

    // MARK: References

    /// Keeps the value on top alive in the registry, popping it.
    package func reference() -> LuaReference { LuaReference(id: luaL_ref(L, llb_registryindex())) }

    package func push(_ reference: LuaReference) { lua_rawgeti(L, llb_registryindex(), lua_Integer(reference.id)) }

    package func release(_ reference: LuaReference) { luaL_unref(L, llb_registryindex(), reference.id) }

    /// Pushes `registry[name]` (raw): a value a host module keeps once per state (a shared
    /// metatable); returns its type.
    @discardableResult
    package func rawGetRegistry(field name: String) -> LuaType { rawGet(tableAt: llb_registryindex(), field: name) }

    /// `registry[name] = top`, popping the value.
    package func rawSetRegistry(field name: String) { rawSet(tableAt: llb_registryindex(), field: name) }

    // MARK: Introspection

    /// `file:line` where the function at `index` is defined; "" for a C function (`print`
    /// given as a callback), which has no place in a script.
    package func functionLocation(at index: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        llb_functionlocation(L, index, &buffer, buffer.count)
        let location = expandingChunkNames(
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        return location == "[C]" ? "" : location
    }

    /// `file:line: ` of the nearest script line at call `level` or further out: the host's
    /// own chunks (`(lualayout)`, …) and C functions are skipped, so an error raised by a
    /// prelude function is blamed on the script that called it, tail calls or not. "" when
    /// no script frame is on the stack.
    package func scriptLocation(from level: Int32) -> String {
        var debug = lua_Debug()
        var current = max(1, level)
        while lua_getstack(L, current, &debug) != 0, current < level + 1000 {
            let location = self.location(level: current)
            if !location.isEmpty, !Self.isHostLocation(location) { return location }
            current += 1
        }
        return ""
    }

    /// Whether `location` (`name:line: `) is in one of the host's chunks, named `(name)`.
    static func isHostLocation(_ location: some StringProtocol) -> Bool {
        let frame = location.drop { $0 == "\t" || $0 == " " }
        guard frame.first == "(", let close = frame.firstIndex(of: ")") else { return false }
        let name = frame[frame.index(after: frame.startIndex)..<close]
        return !name.isEmpty && !name.hasPrefix(".") && frame[close...].hasPrefix("):")
    }

    /// `file:line: ` of the Lua code at call `level` (1 = the caller of the running host
    /// function), or "" when unknown.
    package func location(level: Int32) -> String {
        llb_where(L, level)
        defer { pop(1) }
        return expandingChunkNames(string(at: -1) ?? "")
    }
}

/// A value kept alive in the registry.
package struct LuaReference: Hashable, Sendable {
    package let id: Int32
}

package enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    package var name: String {
        switch self {
        case .none: "no value"
        case .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata, .userdata: "userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .thread: "thread"
        }
    }
}

/// The single entry point from the C trampoline into Swift.
private func luaRuntimeDispatch(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ id: Int32) -> Int32 {
    let state = Unmanaged<LuaState>.fromOpaque(context!).takeUnretainedValue()
    return state.invoke(id)
}

extension LuaState {
    /// `table[key] = value` for the key and value on top (key below value), popping both.
    package func rawSetPair(tableAt index: Int32) {
        guard isTable(at: index) else { return pop(2) }
        lua_rawset(L, index)
    }

    /// Replaces the key on top with `table[key]` (raw); returns its type.
    @discardableResult
    package func rawGetPair(tableAt index: Int32) -> LuaType {
        guard isTable(at: index) else {
            pop(1)
            pushNil()
            return .nil
        }
        return LuaType(rawValue: lua_rawget(L, index)) ?? .none
    }
}

extension LuaState {
    /// Table traversal (`lua_next`): pops a key, pushes the next key and value; false at the end.
    package func next(tableAt index: Int32) -> Bool {
        guard isTable(at: index) else {
            pop(1)
            return false
        }
        return lua_next(L, index) != 0
    }
}

extension LuaState {
    /// Removes every key of the table at `index` (raw).
    package func clearTable(at index: Int32) {
        let table = absoluteIndex(index)
        guard isTable(at: table) else { return }
        pushNil()
        while lua_next(L, table) != 0 {
            pop(1)
            pushValue(at: -1)
            pushNil()
            lua_rawset(L, table)
        }
    }
}
