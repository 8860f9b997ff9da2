#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LuaRuntime

/// The sandboxed Lua world a layout script runs in: the standard libraries the sandbox allows,
/// the `flow{...}` constructor, a `require` limited to Lua files beside the script, and the
/// `cv` collection context. Public so other script kinds (scenario controllers) run in the
/// same sandbox, under the same limits.
package final class ScriptEnvironment {
    package let lua: LuaState
    /// Directory `require` resolves modules in (nil: `require` is unavailable).
    let moduleDirectory: String?
    /// Every file loaded so far: the script and the modules it required.
    package private(set) var loadedFiles: [String] = []

    /// Registry table: flow layout table → location of its `flow{...}` call.
    private var flowTables: LuaReference!
    /// Registry table: compositional layout table → location of its `compositional{...}` call.
    private var compositionalTables: LuaReference!
    /// The prelude's `protect(table, what)`.
    private var protectFunction: LuaReference!
    /// Weak table: compositional spec table → its constructor's name (`item`, `group`, …).
    private(set) var compositionalTags: LuaReference!
    /// `file:line` of the first source line mentioning a word: where to blame a constructor
    /// called as a tail call (which leaves no line to read). Set by the script once loaded.
    var siteOfWord: ((String) -> String)?

    /// The module directory with every link resolved: what a module's real path must lie in.
    private let realModuleDirectory: String?

    /// A fresh sandbox for the script `name` (controllers and scenarios too), failures reported
    /// as that script's errors.
    package static func make(
        limits: ScriptLayout.Limits, moduleDirectory: String?, name: String
    ) throws(ScriptError) -> ScriptEnvironment {
        do {
            return try ScriptEnvironment(limits: limits.lua, moduleDirectory: moduleDirectory)
        } catch let error as LuaError {
            throw ScriptError(error, evaluating: nil, script: name)
        } catch {
            throw ScriptError(kind: .runtime, message: "\(name): \(error)")
        }
    }

    package init(limits: LuaState.Limits, moduleDirectory: String?) throws {
        lua = try LuaState(limits: limits)
        self.moduleDirectory = moduleDirectory
        realModuleDirectory = moduleDirectory.flatMap(FileSystemPath.realPath)
        try installPrelude()
        try installCompositional()
    }

    // MARK: Prelude

    /// Lua side of the environment. `require` runs module chunks in Lua so a module's error
    /// never crosses a Swift frame; the host only finds and compiles the file.
    private static let prelude = """
        local flowTables, markFlow, loadModule, scriptWhere = ...
        local type, error = type, error

        function flow(config)
          if config == nil then config = {} end
          if type(config) ~= "table" then
            error("flow{...} expects a table of properties, got " .. type(config), 2)
          end
          markFlow(config)
          return config
        end

        local setmetatable = setmetatable
        -- Tables the host hands out read-only (a controller's `view`, `compositional`):
        -- rawset refuses them as their __newindex does.
        local rawset0, protected = rawset, setmetatable({}, {__mode = "k"})
        rawset = function(t, k, v)
          if type(t) ~= "table" then error("bad argument #1 to 'rawset' (table expected, got " .. type(t) .. ")", 2) end
          local what = protected[t]
          if what then error(scriptWhere() .. what .. " is read-only", 0) end
          return rawset0(t, k, v)
        end

        local loaded, loading = {}, {}
        function require(name)
          if type(name) ~= "string" then error("require expects a module name", 2) end
          local value = loaded[name]
          if value ~= nil then return value end
          if loading[name] then
            -- At the script's line, even when the module's `return require(...)` left no frame.
            error(scriptWhere() .. "module '" .. name .. "' is required again while it is loading (a require cycle)", 0)
          end
          local chunk, path = loadModule(name)
          loading[name] = true
          -- Cleared however the chunk ends, without catching (and re-locating) its error.
          local _ <close> = setmetatable({}, {__close = function() loading[name] = nil end})
          value = chunk(name, path)
          if value == nil then value = true end
          loaded[name] = value
          return value
        end

        return function(t, what) protected[t] = what end
        """

    private func installPrelude() throws {
        try lua.load(source: Self.prelude, chunkName: "=(lualayout)")
        // flowTables: weak keys, so dropped layouts are collected.
        lua.newTable()
        lua.newTable()
        lua.push("k")
        lua.rawSet(tableAt: -2, field: "__mode")
        lua.setMetatable(at: -2)
        lua.pushValue(at: -1)
        flowTables = lua.reference()
        lua.push { [unowned self] lua in self.markFlow(lua) }
        lua.push { [unowned self] lua in self.loadModule(lua) }
        lua.push { lua in
            // scriptWhere(): the script line that led to the prelude function calling it.
            lua.push(lua.scriptLocation(from: 2))
            return .results(1)
        }
        try lua.call(arguments: 4, results: 1)
        protectFunction = lua.reference()
    }

    /// Makes `rawset` refuse the table at `index`, as its `__newindex` does: `rawset(t, k, v)`
    /// raises `WHAT is read-only` at the script's line.
    package func protect(tableAt index: Int32, as what: String) throws(ScriptError) {
        let table = lua.absoluteIndex(index)
        lua.push(protectFunction)
        lua.pushValue(at: table)
        lua.push(what)
        do {
            try lua.call(arguments: 2, results: 0)
        } catch {
            throw ScriptError(kind: .runtime, message: "internal error: cannot protect \(what): \(error.message)")
        }
    }

    /// `compositional`: the namespace and its constructors (CompositionalPrelude).
    private func installCompositional() throws {
        try lua.load(source: CompositionalPrelude.source, chunkName: "=(compositional)")
        compositionalTags = weakKeyedTable()
        lua.push(compositionalTags)
        compositionalTables = weakKeyedTable()
        lua.push { [unowned self] lua in
            // markLayout(config, site)
            lua.push(self.compositionalTables)
            lua.pushValue(at: 1)
            lua.pushValue(at: 2)
            lua.rawSetPair(tableAt: -3)
            lua.pop(1)
            return .results(0)
        }
        lua.push { [unowned self] lua in
            // here(word): where the script called the constructor (two levels up).
            var site = lua.location(level: 2)
            if site.isEmpty, let word = lua.string(at: 1), let fallback = self.siteOfWord {
                site = fallback(word) + ": "
            }
            lua.push(site)
            return .results(1)
        }
        lua.push { lua in
            // nearName(field, constructor): the field a misspelling most likely means.
            guard let key = lua.string(at: 1), let constructor = lua.string(at: 2),
                let intended = CompositionalPrelude.intendedField(for: key, in: constructor)
            else {
                lua.pushNil()
                return .results(1)
            }
            lua.push(intended)
            return .results(1)
        }
        lua.push { lua in
            // nearValue(value, field): the value of an enumerated field a misspelling most likely means.
            guard let text = lua.string(at: 1), let field = lua.string(at: 2),
                let intended = CompositionalPrelude.intendedValue(for: text, of: field)
            else {
                lua.pushNil()
                return .results(1)
            }
            lua.push(intended)
            return .results(1)
        }
        try lua.call(arguments: 5, results: 0)
        lua.pushGlobals()
        lua.rawGet(tableAt: -1, field: "compositional")
        try protect(tableAt: -1, as: "compositional")
        lua.pop(2)
    }

    /// A new table with weak keys, kept in the registry.
    private func weakKeyedTable() -> LuaReference {
        lua.newTable()
        lua.newTable()
        lua.push("k")
        lua.rawSet(tableAt: -2, field: "__mode")
        lua.setMetatable(at: -2)
        return lua.reference()
    }

    /// Where `compositional{...}` made the table at `index`, or nil when it is not one.
    func compositionalLocation(ofTableAt index: Int32) -> String? {
        let table = lua.absoluteIndex(index)
        lua.push(compositionalTables)
        lua.pushValue(at: table)
        lua.rawGetPair(tableAt: -2)
        defer { lua.pop(2) }
        return lua.string(at: -1)
    }

    /// The constructor that made the value at `index` (`"item"`, `"dimension"`, …), or nil.
    func compositionalTag(at index: Int32) -> String? {
        guard lua.type(at: index) == .table else { return nil }
        let value = lua.absoluteIndex(index)
        lua.push(compositionalTags)
        lua.pushValue(at: value)
        lua.rawGetPair(tableAt: -2)
        defer { lua.pop(2) }
        return lua.string(at: -1)
    }

    /// `markFlow(config)`: remembers the table as a flow layout, with where it was made.
    private func markFlow(_ lua: LuaState) -> LuaState.FunctionResult {
        let location = lua.location(level: 2)
        lua.push(flowTables)
        lua.pushValue(at: 1)
        lua.push(location)
        lua.rawSetPair(tableAt: -3)
        lua.pop(1)
        return .results(0)
    }

    /// `loadModule(name)` → compiled chunk, path. Names are dotted paths of plain words
    /// resolved to `.lua` files under the script's directory.
    private func loadModule(_ lua: LuaState) -> LuaState.FunctionResult {
        // Errors point at the script's `require` line, two levels up (loadModule ← require ← script),
        // or further out when the script's frame was a tail call.
        let at = lua.scriptLocation(from: 2)
        guard let name = lua.string(at: 1) else { return .error(at + "require expects a module name", located: false) }
        guard let directory = moduleDirectory else {
            return .error(at + "require is only available to scripts loaded from a file", located: false)
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let isPlain =
            !parts.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            }
        guard isPlain else { return .error(at + "module '\(name)': names are words separated by dots", located: false) }
        let relative = parts.joined(separator: "/") + ".lua"
        let path = directory == "." ? relative : directory + "/" + relative
        // Recorded before it is found or compiles: a watcher must see the file appear or be fixed.
        if !loadedFiles.contains(path) { loadedFiles.append(path) }
        guard FileManager.default.fileExists(atPath: path), let real = FileSystemPath.realPath(path) else {
            return .error(
                at
                    + "module '\(name)' not found (looked for \(path); only Lua files beside the script can be required)",
                located: false)
        }
        // Links are followed only while they stay inside the script's folder.
        guard let root = realModuleDirectory, FileSystemPath.isInside(real, root) else {
            return .error(
                at
                    + "module '\(name)': \(path) leads outside the script's folder (only Lua files beside the script can be required)",
                located: false)
        }
        guard FileSystemPath.isRegularFile(real) else {
            return .error(at + "module '\(name)': \(path) is not a regular file", located: false)
        }
        // Compiling runs outside the memory cap (in the host's call): a module larger than the
        // cap is refused unread.
        if let size = FileSystemPath.size(real), lua.limits.memoryBytes > 0, size > lua.limits.memoryBytes {
            return .error(
                at
                    + "module '\(name)': \(path) is \(size) bytes, more than the memory cap (raise it with --max-memory)",
                located: false)
        }
        do {
            // The path checked above, not the name again: a link swapped in between is not followed.
            try lua.load(file: real, chunkName: "@" + path)
        } catch {
            return .error(error.message, located: false)
        }
        lua.push(path)
        return .results(2)
    }

    // MARK: Loading

    /// Runs the script and leaves the layout table it returned on the stack.
    func runScript(source: [UInt8], chunkName: String, displayName: String) throws(ScriptError) {
        try runChunk(
            source: source, chunkName: chunkName, displayName: displayName,
            mustReturn: "the script must return its layout (flow{...} or a table with prepare(cv, out))")
    }

    /// Runs a chunk (a layout, controller or transition script) and leaves the table it returned
    /// on the stack; anything else is an error saying what the chunk `mustReturn`.
    package func runChunk(
        source: [UInt8], chunkName: String, displayName: String, mustReturn: String
    ) throws(ScriptError) {
        do {
            try lua.load(bytes: source, chunkName: chunkName)
            try lua.call(arguments: 0, results: 1)
        } catch {
            throw ScriptError(error, evaluating: nil, script: displayName)
        }
        guard lua.type(at: -1) == .table else {
            let got = lua.type(at: -1).name
            lua.pop(1)
            throw ScriptError(kind: .invalidValue, message: "\(displayName): \(mustReturn), got \(got)")
        }
    }

    package func recordLoadedFile(_ path: String) {
        if !loadedFiles.contains(path) { loadedFiles.insert(path, at: 0) }
    }

    /// Where `flow{...}` made the table at `index`, or nil when it is not a flow layout.
    func flowLocation(ofTableAt index: Int32) -> String? {
        let table = lua.absoluteIndex(index)
        lua.push(flowTables)
        lua.pushValue(at: table)
        lua.rawGetPair(tableAt: -2)
        defer { lua.pop(2) }
        return lua.string(at: -1)
    }
}
