#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LuaRuntime

/// A loaded layout script: its sandboxed Lua state, the layout table it returned, the `cv`
/// binding, and protected calls of the table's callbacks with located errors.
final class LayoutScript {
    let environment: ScriptEnvironment
    let binding: CollectionContextBinding
    let name: String
    let seed: Int
    private let layoutTable: LuaReference
    private let randomSeed: LuaReference
    /// Every property and callback name read from the layout table by ordinary indexing (so
    /// fields inherited through a metatable count), refreshed before each prepare.
    private var resolvedFields: LuaReference?
    private var resolver: LuaReference!

    /// Reads the known names off the layout table, in Lua and protected: a metatable's
    /// `__index` may run script code.
    private static let resolverSource = """
        local names = ...
        return function(layout)
          local fields = {}
          for i = 1, #names do
            local name = names[i]
            fields[name] = layout[name]
          end
          return fields
        end
        """
    /// Calls and time per callback, kept only while `lualayout bench` measures.
    var profile: CallProfile?
    /// Where `flow{...}` made the layout, when it is a flow layout.
    let flowLocation: String?
    /// Where `compositional{...}` made the layout, when it is a compositional layout.
    let compositionalLocation: String?
    private let sourceLines: [Substring]

    var lua: LuaState { environment.lua }

    /// What a flow or compositional engine's prepared layout may take: the memory cap less
    /// what the Lua state holds, as a custom layout's placed elements share it (`ElementSink`).
    var engineByteLimit: Int {
        lua.limits.memoryBytes > 0 ? max(0, lua.limits.memoryBytes - lua.memoryUsed) : .max
    }

    init(source: [UInt8], name: String, moduleDirectory: String?, options: ScriptLayout.Options) throws(ScriptError) {
        do {
            environment = try ScriptEnvironment(limits: options.limits.lua, moduleDirectory: moduleDirectory)
        } catch let error as LuaError {
            throw ScriptError(error)
        } catch {
            throw ScriptError(kind: .runtime, message: "\(name): \(error)")
        }
        self.name = name
        self.seed = options.seed
        // Only searched for names (to locate property errors); invalid bytes do not matter there.
        // Numbered as Lua numbers them (CR LF is one line break).
        self.sourceLines = String(decoding: source, as: UTF8.self).splitLines()
        let lines = sourceLines
        environment.siteOfWord = { word in
            lines.firstIndex { $0.contains(word) }.map { "\(name):\($0 + 1)" } ?? name
        }
        let lua = environment.lua
        binding = try CollectionContextBinding(lua: lua)
        lua.pushGlobals()
        lua.rawGet(tableAt: -1, field: "math")
        lua.rawGet(tableAt: -1, field: "randomseed")
        let seedFunction = lua.reference()
        randomSeed = seedFunction
        lua.pop(2)

        // The script's top level sees the seeded sequence too.
        lua.push(seedFunction)
        lua.push(options.seed)
        do { try lua.call(arguments: 1, results: 0) } catch { throw ScriptError(error) }
        do {
            try environment.runScript(source: source, chunkName: "@" + name, displayName: name)
        } catch {
            var failure = error
            failure.files = [name] + environment.loadedFiles.filter { $0 != name }
            throw failure
        }
        flowLocation = environment.flowLocation(ofTableAt: -1)
        compositionalLocation = environment.compositionalLocation(ofTableAt: -1)
        layoutTable = lua.reference()
        do {
            try lua.load(source: Self.resolverSource, chunkName: "=(layout fields)")
            lua.push(
                LuaValue.array(
                    LayoutNames.all.map { .string($0) }))
            try lua.call(arguments: 1, results: 1)
        } catch {
            throw scriptError(error, evaluating: nil)
        }
        resolver = lua.reference()
        try refreshFields()
    }

    /// Keys of the layout table that look like misspelled properties, callbacks or hooks, or
    /// that are UIKit's names for something spelled otherwise here: where (`file:line`) and
    /// what (each reported once per script).
    func nearMisses() -> [(site: String, message: String)] {
        var found: [(site: String, message: String)] = []
        for key in layoutTableKeys() {
            let message: String
            if let spelling = LayoutNames.luaSpelling(ofUIKitName: key) {
                message = "'\(key)' is UIKit's name; here: \(spelling)"
            } else if let intended = LayoutNames.intendedName(for: key) {
                message = "unknown field '\(key)' in the layout table (did you mean '\(intended)'?)"
            } else {
                continue
            }
            if reportedNames.insert(key).inserted { found.append((site(ofWord: key), message)) }
        }
        return found
    }
    private var reportedNames: Set<String> = []

    /// The string keys of the layout table itself (raw, not inherited).
    func layoutTableKeys() -> [String] {
        pushLayoutTable()
        defer { lua.pop(1) }
        let table = lua.absoluteIndex(-1)
        var keys: [String] = []
        lua.pushNil()
        while lua.next(tableAt: table) {
            lua.pop(1)
            if let key = lua.string(at: -1) { keys.append(key) }
        }
        return keys
    }

    /// Re-reads the layout's properties and callbacks (hooks may be added after `return`).
    func refreshFields() throws(ScriptError) {
        lua.push(resolver)
        lua.push(layoutTable)
        try call(arguments: 1, results: 1, evaluating: "the fields of the layout table")
        if let resolvedFields { lua.release(resolvedFields) }
        resolvedFields = lua.reference()
    }

    /// Restarts `math.random` from the seed, so every prepare sees the same sequence.
    func reseed() throws(ScriptError) {
        lua.push(randomSeed)
        lua.push(seed)
        do { try lua.call(arguments: 1, results: 0) } catch { throw ScriptError(error) }
    }

    // MARK: Callbacks

    /// Pushes the layout's callback `name` if it is a function; false (nothing pushed) otherwise.
    func pushCallback(_ name: String) -> Bool {
        pushFields()
        let type = lua.rawGet(tableAt: -1, field: name)
        lua.remove(at: -2)
        if type == .function { return true }
        lua.pop(1)
        return false
    }

    /// Pushes callback `name`, which the layout must define: a located error when it no
    /// longer does (a script may replace or remove its callbacks while it runs).
    func pushRequiredCallback(_ name: String, evaluating: String) throws(ScriptError) {
        pushFields()
        let type = lua.rawGet(tableAt: -1, field: name)
        lua.remove(at: -2)
        guard type == .function else {
            lua.pop(1)
            throw ScriptError(
                kind: .invalidValue,
                message:
                    "\(site(ofWord: name)): the layout's \(name) is no longer a function (it is \(type == .nil ? "nil" : "a \(type.name)") now: was it replaced or removed while the layout ran?)",
                evaluating: evaluating)
        }
    }

    func hasCallback(_ name: String) -> Bool {
        guard pushCallback(name) else { return false }
        lua.pop(1)
        return true
    }

    /// Pushes the layout table itself.
    func pushLayoutTable() { lua.push(layoutTable) }

    /// Pushes the resolved properties and callbacks (a plain table of the known names).
    func pushFields() {
        if let resolvedFields { lua.push(resolvedFields) } else { lua.newTable() }
    }

    /// `file:line` where callback `name` is defined (the place to blame for a bad return value).
    func location(ofCallback name: String) -> String {
        guard pushCallback(name) else { return flowLocation.map(trimLocation) ?? self.name }
        defer { lua.pop(1) }
        // A C function (`sizeForItem = print`) has no line: blame the layout.
        let location = lua.functionLocation(at: -1)
        return location.isEmpty ? flowLocation.map(trimLocation) ?? self.name : location
    }

    /// Calls the function below `arguments` values, protected; runtime errors report what was
    /// being evaluated.
    func call(arguments: Int32, results: Int32, evaluating: @autoclosure () -> String) throws(ScriptError) {
        let start = profile == nil ? 0 : CallProfile.now()
        defer {
            if let profile, let name = CallProfile.callbackName(evaluating()) {
                profile.record(name, calls: 1, since: start)
            }
        }
        do {
            try lua.call(arguments: arguments, results: results)
        } catch {
            throw scriptError(error, evaluating: evaluating())
        }
    }

    /// A Lua error as a script error, located at the script when Lua gave no location.
    func scriptError(_ error: LuaError, evaluating: String?) -> ScriptError {
        ScriptError(error, evaluating: evaluating, script: name)
    }

    /// A value error in what callback `callback` returned.
    func badReturn(_ callback: String, _ problem: String, evaluating: String) -> ScriptError {
        ScriptError(
            kind: .invalidValue, message: "\(location(ofCallback: callback)): \(callback) \(problem)",
            evaluating: evaluating)
    }

    private func trimLocation(_ location: String) -> String {
        location.hasSuffix(": ") ? String(location.dropLast(2)) : location
    }

    /// The `file:line` of the `flow{...}` call. `return flow{...}` is a tail call, which leaves
    /// no frame to read the line from; then the first `flow{` / `flow(` in the source is used.
    var flowSite: String {
        if let location = flowLocation.map(trimLocation), !location.isEmpty { return location }
        if let line = firstLine(matching: { $0.contains("flow{") || $0.contains("flow {") || $0.contains("flow(") }) {
            return "\(name):\(line)"
        }
        return name
    }

    /// The `file:line` of the `compositional{...}` call (the first such line for a tail call).
    var compositionalSite: String {
        if let location = compositionalLocation.map(trimLocation), !location.isEmpty { return location }
        if let line = firstLine(matching: {
            $0.contains("compositional{") || $0.contains("compositional {") || $0.contains("compositional(")
        }) {
            return "\(name):\(line)"
        }
        return name
    }

    /// `file:line` of the first line mentioning `word`, else the flow site.
    func site(ofWord word: String) -> String {
        if let line = firstLine(matching: { $0.contains(word) }) { return "\(name):\(line)" }
        return flowSite
    }

    private func firstLine(matching predicate: (Substring) -> Bool) -> Int? {
        sourceLines.firstIndex(where: predicate).map { $0 + 1 }
    }
}
