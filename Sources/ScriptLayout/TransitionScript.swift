#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import LuaRuntime

/// A custom transition layout (a UICollectionViewTransitionLayout subclass) for
/// `lualayout transition FROM TO --with T.lua`. `T.lua` returns a table with
/// `attributes(cv, a, from, to, progress)` — `a` holds the linear interpolation of `from` and
/// `to` (the two layouts' read-only attributes; nil for an element only one layout places) and
/// the hook edits it, to bend the path — and `animatedKeys = {name = value, …}`
/// (`updateValue(_:forAnimatedKey:)`), read by the hook as `cv.animatedValues`.
public final class TransitionScript {
    let environment: ScriptEnvironment
    let binding: CollectionContextBinding
    private let proxy: AttributesProxy
    private let table: LuaReference
    public let name: String
    /// The animated keys and their values (`animatedKeys`).
    public private(set) var animatedValues: [String: LayoutValue] = [:]

    private var lua: LuaState { environment.lua }
    /// The modules the script required so far.
    package var loadedFiles: [String] { environment.loadedFiles }

    public init(file path: String, limits: ScriptLayout.Limits = .init()) throws(ScriptError) {
        guard FileSystemPath.isRegularFile(path), let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError(kind: .file, message: "\(path): cannot read file")
        }
        name = path
        do {
            let directory = FileSystemPath.directory(of: path)
            environment = try ScriptEnvironment(
                limits: limits.lua, moduleDirectory: directory.isEmpty ? "." : directory)
        } catch let error as LuaError {
            throw ScriptError(error)
        } catch {
            throw ScriptError(kind: .runtime, message: "\(path): \(error)")
        }
        let lua = environment.lua
        binding = try CollectionContextBinding(lua: lua)
        proxy = AttributesProxy(lua: lua)
        try environment.runChunk(
            source: [UInt8](data), chunkName: "@" + path, displayName: path,
            mustReturn:
                "a transition script must return a table with attributes(cv, a, from, to, progress) and/or animatedKeys"
        )
        do {
            animatedValues = try Self.readTable(lua, name: path)
        } catch {
            lua.pop(1)
            throw error
        }
        table = lua.reference()
    }

    /// A transition layout a layout provides (its table's `transitionLayout`, of a transition
    /// script's shape), run in the layout's own Lua state; `name` says where it is.
    init(table: LuaReference, environment: ScriptEnvironment, name: String) throws(ScriptError) {
        self.environment = environment
        self.name = name
        let lua = environment.lua
        binding = try CollectionContextBinding(lua: lua)
        proxy = AttributesProxy(lua: lua)
        lua.push(table)
        defer { lua.pop(1) }
        animatedValues = try Self.readTable(lua, name: name)
        self.table = table
    }

    /// Checks the transition table on top (`attributes` a function or absent, `animatedKeys` a
    /// table of name = value or absent) and returns its animated keys; the table stays.
    private static func readTable(_ lua: LuaState, name: String) throws(ScriptError) -> [String: LayoutValue] {
        let hookType = lua.rawGet(tableAt: -1, field: "attributes")
        lua.pop(1)
        guard hookType == .function || hookType == .nil else {
            throw ScriptError(
                kind: .invalidValue,
                message: "\(name): attributes must be a function(cv, a, from, to, progress), got \(hookType.name)")
        }
        let type = lua.rawGet(tableAt: -1, field: "animatedKeys")
        defer { lua.pop(1) }
        switch type {
        case .nil: return [:]
        case .table:
            let value: LayoutValue
            do { value = try lua.layoutValue(at: -1) } catch {
                throw ScriptError(kind: .invalidValue, message: "\(name): animatedKeys: \(error.message)")
            }
            guard case .object(let keys) = value else {
                throw ScriptError(kind: .invalidValue, message: "\(name): animatedKeys must be a table of name = value")
            }
            return keys
        case let other:
            throw ScriptError(
                kind: .invalidValue, message: "\(name): animatedKeys must be a table of name = value, got \(other.name)"
            )
        }
    }

    /// `updateValue(_:forAnimatedKey:)`: the value the hook reads as `cv.animatedValues[key]`.
    public func updateValue(_ value: LayoutValue, forAnimatedKey key: String) {
        animatedValues[key] = value
    }

    /// The element at `progress`: `linear` (the interpolation of `from` and `to`) through the
    /// hook, if the script defines one.
    public func attributes(
        _ linear: LayoutAttributes, from: LayoutAttributes?, to: LayoutAttributes?, progress: Double,
        context: CollectionContext
    ) throws(ScriptError) -> LayoutAttributes {
        let lua = self.lua
        let top = lua.top
        defer { lua.top = top }
        lua.push(table)
        guard lua.rawGet(tableAt: -1, field: "attributes") == .function else { return linear }
        binding.extraFields = ["animatedValues": .object(animatedValues)]
        try binding.push(context)
        proxy.begin()
        defer { proxy.begin() }
        let slot = proxy.push(linear)
        if let from { proxy.push(from, readOnly: true) } else { lua.pushNil() }
        if let to { proxy.push(to, readOnly: true) } else { lua.pushNil() }
        lua.push(progress)
        do {
            try lua.call(arguments: 5, results: 0)
        } catch {
            throw ScriptError(
                error, evaluating: "attributes(cv, a, from, to, progress) for \(linear.key)", script: name)
        }
        return proxy.slots[slot]
    }
}

extension TransitionScript: TransitionPathBending {
    package func bend(
        _ linear: LayoutAttributes, from: LayoutAttributes?, to: LayoutAttributes?, progress: Double,
        context: CollectionContext
    ) throws -> LayoutAttributes {
        try attributes(linear, from: from, to: to, progress: progress, context: context)
    }
}
