import LayoutEngine
import LuaRuntime

/// The read-only `cv` table scripts receive: `cv.bounds`, `cv.scale`, `cv.numberOfSections`,
/// `cv.state`, `cv.contentSize` (once prepared), the insets (`cv.contentInset`,
/// `cv.safeAreaInsets`, `cv.adjustedContentInset`, `cv.layoutMargins`),
/// `cv:numberOfItems(section)`, `cv:itemData(section, item)`, `cv:sectionData(section)` and the
/// methods a layout registers (its super queries).
///
/// `cv` and every table in it are empty proxies over tables the script cannot reach (nested
/// state included; `rawset` refuses them too), so nothing a script does changes what the next
/// callback sees. One `cv` per distinct context, rebuilt when the context changes.
final class CollectionContextBinding {
    private let lua: LuaState
    private(set) var context: CollectionContext
    /// The prepared layout's content size (UIKit's `collectionViewContentSize`, which a subclass
    /// reads from `self`); nil while preparing.
    var contentSize: Size?
    private var cachedContentSize: Size?
    /// More read-only fields of `cv` (a transition's `animatedValues`).
    var extraFields: [String: LayoutValue] = [:]
    private var cachedExtraFields: [String: LayoutValue] = [:]
    /// The cached `cv` and its two nested proxies.
    private var cached: [LuaReference] = []
    private var methods: LuaReference!
    private var makeContext: LuaReference!

    /// Builds the proxies in Lua (so `__newindex` errors point at the script's line).
    private static let builder = """
        local methods = ...
        local setmetatable, error, next, type, tostring, rawset0 = setmetatable, error, next, type, tostring, rawset
        -- Every proxy handed to scripts, with its name: rawset refuses them too.
        local proxies = setmetatable({}, {__mode = "k"})
        rawset = function(t, k, v)
          if type(t) ~= "table" then error("bad argument #1 to 'rawset' (table expected, got " .. type(t) .. ")", 2) end
          local what = proxies[t]
          if what then error(what .. " is read-only", 2) end
          rawset0(t, k, v)
          return t
        end
        local function protect(proxy, what)
          proxies[proxy] = what
          return proxy
        end
        local function readOnly(t, what)
          return protect(setmetatable({}, {
            __index = t,
            __newindex = function() error(what .. " is read-only", 2) end,
            -- The iterator keeps `t` to itself: pairs must not hand the raw table out.
            __pairs = function() return function(_, k) return next(t, k) end, nil, nil end,
            __len = function() return #t end,
            __metatable = what,
          }), what)
        end
        -- cv.state may hold nested tables: read-only all the way down, each wrapped once.
        local function deepReadOnly(t, what)
          local wrapped = {}
          local function get(k)
            local v = t[k]
            if type(v) ~= "table" then return v end
            local w = wrapped[k]
            if w == nil then
              w = deepReadOnly(v, what .. "." .. tostring(k))
              wrapped[k] = w
            end
            return w
          end
          return protect(setmetatable({}, {
            __index = function(_, k) return get(k) end,
            __newindex = function() error(what .. " is read-only", 2) end,
            __pairs = function()
              return function(_, k)
                local nk = next(t, k)
                if nk ~= nil then return nk, get(nk) end
              end, nil, nil
            end,
            __len = function() return #t end,
            __metatable = what,
          }), what)
        end
        return function(bounds, scale, sections, state, contentSize, insets, traits, layoutDirection, extra)
          local b, s = readOnly(bounds, "cv.bounds"), deepReadOnly(state, "cv.state")
          local fields = {bounds = b, scale = scale, numberOfSections = sections, state = s}
          for name, value in next, insets do fields[name] = readOnly(value, "cv." .. name) end
          fields.traits = readOnly(traits, "cv.traits")
          fields.layoutDirection = layoutDirection
          for name, value in next, extra do
            fields[name] = type(value) == "table" and deepReadOnly(value, "cv." .. name) or value
          end
          for name, method in next, methods do fields[name] = method end
          local c = contentSize and readOnly(contentSize, "cv.contentSize") or {}
          if contentSize then fields.contentSize = c end
          return readOnly(fields, "cv"), b, s, c
        end
        """

    init(lua: LuaState) throws(ScriptError) {
        self.lua = lua
        self.context = CollectionContext(bounds: .zero, data: CollectionData(counts: []))
        lua.newTable(fieldCount: 2)
        lua.push { [unowned self] lua in self.numberOfItems(lua) }
        lua.rawSet(tableAt: -2, field: "numberOfItems")
        lua.push { [unowned self] lua in self.itemData(lua) }
        lua.rawSet(tableAt: -2, field: "itemData")
        lua.push { [unowned self] lua in self.sectionData(lua) }
        lua.rawSet(tableAt: -2, field: "sectionData")
        methods = lua.reference()
        do {
            try lua.load(source: Self.builder, chunkName: "=(cv)")
            lua.push(methods)
            try lua.call(arguments: 1, results: 1)
        } catch {
            throw ScriptError(error)
        }
        makeContext = lua.reference()
    }

    /// Adds a method to `cv` (e.g. the layout's super queries), for every `cv` built from now on.
    func register(_ name: String, _ function: @escaping LuaState.Function) {
        lua.push(methods)
        lua.push(function: function)
        lua.rawSet(tableAt: -2, field: name)
        lua.pop(1)
        for reference in cached { lua.release(reference) }
        cached = []
    }

    /// Pushes the `cv` table for `context`.
    func push(_ context: CollectionContext) throws(ScriptError) {
        if !cached.isEmpty, context == self.context, contentSize == cachedContentSize, extraFields == cachedExtraFields,
            cached.allSatisfy(isUntouched)
        {
            lua.push(cached[0])
            return
        }
        for reference in cached { lua.release(reference) }
        cached = []
        self.context = context
        cachedContentSize = contentSize
        cachedExtraFields = extraFields
        lua.push(makeContext)
        lua.push(context.bounds)
        lua.push(context.scale)
        lua.push(context.data.numberOfSections)
        lua.push(LayoutValue.object(context.state))
        if let contentSize { lua.push(contentSize) } else { lua.pushNil() }
        lua.newTable(fieldCount: 4)
        for (name, insets) in [
            ("contentInset", context.contentInset), ("safeAreaInsets", context.safeAreaInsets),
            ("adjustedContentInset", context.adjustedContentInset), ("layoutMargins", context.layoutMargins),
        ] {
            lua.push(insets)
            lua.rawSet(tableAt: -2, field: name)
        }
        lua.push(context.traits.value(displayScale: context.scale))
        lua.push(context.layoutDirection.rawValue)
        // cv.iosVersion: the major release `--ios` picked (docs/lua-api.md).
        var extra = extraFields
        extra["iosVersion"] = .number(Double(context.iosVersion.major))
        lua.push(LayoutValue.object(extra))
        do {
            try lua.call(arguments: 9, results: 4)
        } catch {
            throw ScriptError(error)
        }
        // Stack: cv and its three proxies → keep all four, leave cv pushed.
        let size = lua.reference()
        let state = lua.reference()
        let bounds = lua.reference()
        let cv = lua.reference()
        cached = [cv, bounds, state, size]
        lua.push(cv)
    }

    /// A proxy stays empty unless a script used `rawset` on it.
    private func isUntouched(_ reference: LuaReference) -> Bool {
        lua.push(reference)
        defer { lua.pop(1) }
        lua.pushNil()
        if lua.next(tableAt: -2) {
            lua.pop(2)
            return false
        }
        return true
    }

    /// `cv:numberOfItems(section)`: 0 for any whole number that is not a section.
    private func numberOfItems(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let number = lua.number(at: 2), number == number.rounded() else {
            return .error("cv:numberOfItems(section) expects a whole section number (call it with ':')")
        }
        let section = abs(number) < 1e15 ? Int(number) : -1
        lua.push(context.data.numberOfItems(inSection: section))
        return .results(1)
    }

    /// `cv:itemData(section, item)`: the item's payload, or nil.
    private func itemData(_ lua: LuaState) -> LuaState.FunctionResult {
        guard lua.number(at: 2) != nil, lua.number(at: 3) != nil else {
            return .error("cv:itemData(section, item) expects two numbers (call it with ':')")
        }
        guard let section = integerArgument(lua, 2), let item = integerArgument(lua, 3) else {
            return .error(
                "cv:itemData(section, item) expects whole numbers, got \(AttributeRules.number(lua.number(at: 2) ?? 0)), \(AttributeRules.number(lua.number(at: 3) ?? 0))"
            )
        }
        guard let value = context.data.item(at: LayoutIndexPath(section, item)) else {
            lua.pushNil()
            return .results(1)
        }
        guard lua.push(value) else {
            return .error("cv:itemData(\(section), \(item)): the item is nested too deeply for the Lua stack here")
        }
        return .results(1)
    }

    /// `cv:sectionData(section)`: the section's payload, or nil.
    private func sectionData(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let number = lua.number(at: 2) else {
            return .error("cv:sectionData(section) expects a section number (call it with ':')")
        }
        guard let section = integerArgument(lua, 2) else {
            return .error(
                "cv:sectionData(section) expects a whole section number, got \(AttributeRules.number(number))")
        }
        guard let value = context.data.sectionData(section) else {
            lua.pushNil()
            return .results(1)
        }
        guard lua.push(value) else {
            return .error("cv:sectionData(\(section)): the data is nested too deeply for the Lua stack here")
        }
        return .results(1)
    }

    /// A whole number as an index; one too large for any collection (±inf too) is -1, no
    /// index of anything, so the lookup finds nil as for any index out of range. Nil when
    /// not a whole number.
    private func integerArgument(_ lua: LuaState, _ index: Int32) -> Int? {
        guard let number = lua.number(at: index), number == number.rounded() else { return nil }
        return abs(number) < 1e15 ? Int(number) : -1
    }
}
