import LayoutEngine
import LuaRuntime

/// UICollectionViewDelegateFlowLayout backed by the script's callbacks: `sizeForItem`,
/// `insetForSection`, `minimumLineSpacingForSection`, `minimumInteritemSpacingForSection`,
/// `referenceSizeForHeader`, `referenceSizeForFooter`. Each is called once per item or section
/// per prepare; the flow layout keeps the answers.
final class LuaFlowDelegate: FlowLayoutDelegate {
    private unowned let script: LayoutScript
    private var lua: LuaState { script.lua }

    /// Runs `sizeForItem` over a whole section inside Lua: one protected call per section,
    /// results handed to `store` as plain arguments.
    private static let sizeDriver = """
        local sizeForItem, cv, section, count, store = ...
        for item = 0, count - 1 do
          store(item, sizeForItem(cv, section, item))
        end
        """
    private var driver: LuaReference!
    private var store: LuaReference!
    private var sizes: [Size] = []
    private var section = 0
    private var nextItem = 0
    private var valueError: ScriptError?

    init(script: LayoutScript) throws(ScriptError) {
        self.script = script
        do {
            try script.lua.load(source: Self.sizeDriver, chunkName: "=(sizeForItem driver)")
        } catch {
            throw ScriptError(error)
        }
        driver = script.lua.reference()
        script.lua.push { [unowned self] lua in self.storeSize(lua) }
        store = script.lua.reference()
    }

    func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? {
        guard count > 0, script.hasCallback("sizeForItem") else { return nil }
        sizes = [Size](repeating: .zero, count: count)
        self.section = section
        nextItem = 0
        valueError = nil
        lua.push(driver)
        _ = script.pushCallback("sizeForItem")
        script.binding.push(context)
        lua.push(section)
        lua.push(count)
        lua.push(store)
        do {
            try script.call(arguments: 5, results: 0, evaluating: "sizeForItem(cv, \(section), \(nextItem))")
        } catch {
            throw valueError ?? error
        }
        defer { sizes = [] }
        return sizes
    }

    /// `store(item, w, h)` or `store(item, {w, h})`.
    private func storeSize(_ lua: LuaState) -> LuaState.FunctionResult {
        let item = nextItem
        let size: Size
        switch lua.type(at: 2) {
        case .table:
            guard case .success(let value) = lua.size(at: 2) else {
                return fail("returned a table without a width and height (expected {w, h} or {width=, height=})", item)
            }
            size = value
        case .number:
            guard let width = lua.number(at: 2), let height = lua.number(at: 3) else {
                return fail("returned one number (expected {w, h}, {width=, height=} or two numbers)", item)
            }
            size = Size(width: width, height: height)
        case let other:
            return fail("returned \(other == .none ? "nothing" : other.name) (expected {w, h}, {width=, height=} or two numbers)", item)
        }
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            return fail("returned an invalid size \(formatNumber(size.width))×\(formatNumber(size.height)) (sizes must be finite and ≥ 0)", item)
        }
        sizes[item] = size
        nextItem = item + 1
        return .results(0)
    }

    private func fail(_ problem: String, _ item: Int) -> LuaState.FunctionResult {
        let error = script.badReturn(
            "sizeForItem", problem + " for item [\(section), \(item)]", evaluating: "sizeForItem(cv, \(section), \(item))")
        valueError = error
        return .error(error.message, located: false)
    }

    // MARK: Per-section callbacks

    func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? {
        try callSection("insetForSection", section, context) { lua, evaluating in
            switch lua.insets(at: -1) {
            case .success(let insets):
                guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
                    throw script.badReturn("insetForSection", "returned non-finite insets for section \(section)", evaluating: evaluating)
                }
                return insets
            case .failure(let reason):
                throw script.badReturn(
                    "insetForSection",
                    "returned an invalid inset for section \(section): \(reason.describe(expected: "{top, left, bottom, right}"))",
                    evaluating: evaluating)
            }
        }
    }

    func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
        try spacing("minimumLineSpacingForSection", section, context)
    }

    func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
        try spacing("minimumInteritemSpacingForSection", section, context)
    }

    func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size? {
        try referenceSize("referenceSizeForHeader", section, context)
    }

    func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size? {
        try referenceSize("referenceSizeForFooter", section, context)
    }

    private func spacing(_ name: String, _ section: Int, _ context: CollectionContext) throws -> Double? {
        try callSection(name, section, context) { lua, evaluating in
            guard let value = lua.number(at: -1), value.isFinite else {
                throw script.badReturn(
                    name, "returned \(describeTop(lua)) for section \(section) (expected a finite number)", evaluating: evaluating)
            }
            return value
        }
    }

    private func referenceSize(_ name: String, _ section: Int, _ context: CollectionContext) throws -> Size? {
        try callSection(name, section, context, results: 2) { lua, evaluating in
            var size: Size
            if let width = lua.number(at: -2), let height = lua.number(at: -1) {
                size = Size(width: width, height: height)
            } else if case .success(let value) = lua.size(at: -2) {
                size = value
            } else {
                throw script.badReturn(
                    name, "returned \(describe(lua, -2)) for section \(section) (expected {w, h}, {width=, height=} or two numbers)",
                    evaluating: evaluating)
            }
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw script.badReturn(
                    name, "returned an invalid size \(formatNumber(size.width))×\(formatNumber(size.height)) for section \(section) (sizes must be finite and ≥ 0)",
                    evaluating: evaluating)
            }
            return size
        }
    }

    /// Calls `name(cv, section)` if the script defines it, and reads its results with `read`.
    private func callSection<T>(
        _ name: String, _ section: Int, _ context: CollectionContext, results: Int32 = 1,
        read: (LuaState, String) throws -> T
    ) throws -> T? {
        guard script.pushCallback(name) else { return nil }
        script.binding.push(context)
        lua.push(section)
        let evaluating = "\(name)(cv, \(section))"
        try script.call(arguments: 2, results: results, evaluating: evaluating)
        defer { lua.pop(results) }
        return try read(lua, evaluating)
    }

    private func describeTop(_ lua: LuaState) -> String { describe(lua, -1) }

    private func describe(_ lua: LuaState, _ index: Int32) -> String {
        if let number = lua.number(at: index) { return formatNumber(number) }
        let type = lua.type(at: index)
        return type == .nil ? "nil" : "a \(type.name)"
    }
}
