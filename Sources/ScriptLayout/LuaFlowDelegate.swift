import LayoutEngine
import LuaRuntime

/// UICollectionViewDelegateFlowLayout backed by the script's callbacks: `sizeForItem`,
/// `insetForSection`, `minimumLineSpacingForSection`, `minimumInteritemSpacingForSection`,
/// `referenceSizeForHeader`, `referenceSizeForFooter`. Each is called once per item or section
/// per prepare; the flow layout keeps the answers.
final class LuaFlowDelegate: FlowLayoutDelegate {
    private unowned let script: LayoutScript
    private var lua: LuaState { script.lua }

    init(script: LayoutScript) {
        self.script = script
    }

    /// `sizeForItem` for a whole section: one protected call, the item loop in C.
    func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? {
        guard count > 0, script.pushCallback("sizeForItem") else { return nil }
        try script.binding.push(context)
        lua.push(section)
        let start = script.profile == nil ? 0 : CallProfile.now()
        defer { script.profile?.record("sizeForItem", calls: count, since: start) }
        // The C loop writes (width, height) pairs straight into the sizes: a Size is two Doubles.
        precondition(MemoryLayout<Size>.stride == 2 * MemoryLayout<Double>.stride)
        var failure: SizeCollectionError?
        let sizes = [Size](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Doubles are trivial: a failed loop leaves garbage in a array that is thrown away.
            buffer.withMemoryRebound(to: Double.self) { values in
                do throws(SizeCollectionError) { try lua.collectSizes(count: count, into: values.baseAddress!) } catch {
                    failure = error
                }
            }
            initialized = count
        }
        if let failure { throw sizeError(failure, section: section) }
        return sizes
    }

    /// The flow's hot path: the same loop handing the sizes over a chunk at a time (16 KB,
    /// reused), so the engine places them as they come instead of filling a section-sized array.
    func streamSizesForItems(
        inSection section: Int, count: Int, context: CollectionContext, consume: (UnsafeBufferPointer<Size>) -> Bool
    ) throws -> Bool {
        guard count > 0, script.pushCallback("sizeForItem") else { return false }
        try script.binding.push(context)
        lua.push(section)
        precondition(MemoryLayout<Size>.stride == 2 * MemoryLayout<Double>.stride)
        let profile = script.profile
        let start = profile == nil ? 0 : CallProfile.now()
        // The profile charges the callback, not the placing done between its calls.
        var placing: UInt64 = 0
        var failure: SizeCollectionError?
        do throws(SizeCollectionError) {
            try lua.collectSizes(count: count, chunk: Self.chunk) { values in
                values.withMemoryRebound(to: Size.self) { sizes in
                    guard profile != nil else { return consume(sizes) }
                    let before = CallProfile.now()
                    defer { placing &+= CallProfile.now() &- before }
                    return consume(sizes)
                }
            }
        } catch { failure = error }
        profile?.record("sizeForItem", calls: count, since: start &+ placing)
        if let failure { throw sizeError(failure, section: section) }
        return true
    }

    /// Items per chunk of `streamSizesForItems`: 16 KB of sizes, read back from the first-level cache.
    static let chunk = 1024

    /// The script error for a failed size loop: the callback's own error, or a bad return value.
    private func sizeError(_ error: SizeCollectionError, section: Int) -> ScriptError {
        let evaluating = "sizeForItem(cv, \(section), \(error.item))"
        if let luaError = error.luaError { return script.scriptError(luaError, evaluating: evaluating) }
        let problem: String =
            switch error.problem! {
            case .wrongType(let type):
                "returned \(type == .none ? "nothing" : type.name) (expected {w, h}, {width=, height=} or two numbers)"
            case .oneNumber: "returned one number (expected {w, h}, {width=, height=} or two numbers)"
            case .tableFields: "returned a table without a width and height (expected {w, h} or {width=, height=})"
            case .invalid(let width, let height):
                "returned an invalid size \(AttributeRules.number(width))×\(AttributeRules.number(height)) (sizes must be finite and ≥ 0)"
            }
        return script.badReturn(
            "sizeForItem", problem + " for item [\(section), \(error.item)]", evaluating: evaluating)
    }

    // MARK: Per-section callbacks

    func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? {
        try callSection("insetForSection", section, context) { lua, evaluating in
            switch lua.insets(at: -1) {
            case .success(let insets):
                guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
                    throw script.badReturn(
                        "insetForSection", "returned non-finite insets for section \(section)", evaluating: evaluating)
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
            guard let value = lua.number(at: -1), AttributeRules.spacingProblem(value) == nil else {
                throw script.badReturn(
                    name, "returned \(describe(lua, -1)) for section \(section) (expected a finite number)",
                    evaluating: evaluating)
            }
            return value
        }
    }

    private func referenceSize(_ name: String, _ section: Int, _ context: CollectionContext) throws -> Size? {
        try callSection(name, section, context, results: 2) { lua, evaluating in
            guard let size = lua.sizeResults(at: -2, second: -1) else {
                throw script.badReturn(
                    name,
                    "returned \(describe(lua, -2)) for section \(section) (expected {w, h}, {width=, height=} or two numbers)",
                    evaluating: evaluating)
            }
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw script.badReturn(
                    name,
                    "returned an invalid size \(AttributeRules.number(size.width))×\(AttributeRules.number(size.height)) for section \(section) (sizes must be finite and ≥ 0)",
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
        try script.binding.push(context)
        lua.push(section)
        let evaluating = "\(name)(cv, \(section))"
        try script.call(arguments: 2, results: results, evaluating: evaluating)
        defer { lua.pop(results) }
        return try read(lua, evaluating)
    }

    private func describe(_ lua: LuaState, _ index: Int32) -> String {
        if let number = lua.number(at: index) { return AttributeRules.number(number) }
        let type = lua.type(at: index)
        return type == .nil ? "nil" : "a \(type.name)"
    }
}
