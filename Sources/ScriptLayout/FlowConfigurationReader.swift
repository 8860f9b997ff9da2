import LayoutEngine
import LuaRuntime

/// Reads the properties of a `flow{...}` table into a `FlowLayoutConfiguration`, rejecting
/// wrong types and likely typos with the location of the `flow{...}` call.
struct FlowConfigurationReader {
    let script: LayoutScript

    func read(context: CollectionContext) throws(ScriptError) -> FlowLayoutConfiguration {
        var estimated: Size?
        return try read(context: context, estimatedItemSize: &estimated)
    }

    /// Also reads `estimatedItemSize` (self-sizing cells; not a property of the engine's flow
    /// layout, which only ever sees the sizes the cells end up with).
    func read(context: CollectionContext, estimatedItemSize: inout Size?) throws(ScriptError) -> FlowLayoutConfiguration
    {
        let lua = script.lua
        try pushEvaluatedProperties(context)
        defer { lua.pop(1) }
        // A flow subclass's prepare(cv, out) runs after the flow's (it adds elements).
        let prepareType = lua.rawGet(tableAt: -1, field: "prepare")
        if prepareType != .nil && prepareType != .function {
            lua.pop(1)
            throw error(
                "prepare must be a function(cv, out) adding supplementary and decoration views after the flow's, got \(prepareType.name)",
                field: "prepare")
        }
        lua.pop(1)
        var config = FlowLayoutConfiguration()

        if let direction = try field(
            "scrollDirection", .string, expected: "\"vertical\" or \"horizontal\"", read: { lua.string(at: -1) })
        {
            guard let value = FlowLayoutConfiguration.ScrollDirection(rawValue: direction) else {
                throw error(
                    "scrollDirection must be \"vertical\" or \"horizontal\", got \"\(direction)\"",
                    field: "scrollDirection")
            }
            config.scrollDirection = value
        }
        if let reference = try field(
            "sectionInsetReference", .string, expected: "\"contentInset\", \"safeArea\" or \"layoutMargins\"",
            read: { lua.string(at: -1) })
        {
            guard let value = FlowLayoutConfiguration.SectionInsetReference(rawValue: reference) else {
                throw error(
                    "sectionInsetReference must be \"contentInset\", \"safeArea\" or \"layoutMargins\", got \"\(reference)\"",
                    field: "sectionInsetReference")
            }
            config.sectionInsetReference = value
        }
        if let size = try sizeField("itemSize") { config.itemSize = size }
        if let value = try numberField("minimumLineSpacing") { config.minimumLineSpacing = value }
        if let value = try numberField("minimumInteritemSpacing") { config.minimumInteritemSpacing = value }
        if let insets = try field(
            "sectionInset", nil, expected: "{top, left, bottom, right}",
            read: { () -> EdgeInsets? in
                guard case .success(let insets) = lua.insets(at: -1),
                    [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite)
                else { return nil }
                return insets
            })
        {
            config.sectionInset = insets
        }
        if let size = try sizeField("estimatedItemSize"), size != .zero { estimatedItemSize = size }
        if let size = try sizeField("headerReferenceSize") { config.headerReferenceSize = size }
        if let size = try sizeField("footerReferenceSize") { config.footerReferenceSize = size }
        if let flag = try field(
            "sectionHeadersPinToVisibleBounds", .boolean, expected: "a boolean", read: { lua.boolean(at: -1) })
        {
            config.sectionHeadersPinToVisibleBounds = flag
        }
        if let flag = try field(
            "sectionFootersPinToVisibleBounds", .boolean, expected: "a boolean", read: { lua.boolean(at: -1) })
        {
            config.sectionFootersPinToVisibleBounds = flag
        }
        return config
    }

    /// Pushes the layout's fields with every property that is a function `(cv)` replaced by
    /// what it returns (two numbers become `{a, b}`), as a UIKit subclass sets its properties
    /// in `prepare()`: once per prepare, before any delegate callback.
    private func pushEvaluatedProperties(_ context: CollectionContext) throws(ScriptError) {
        let lua = script.lua
        script.pushFields()
        let fields = lua.absoluteIndex(-1)
        lua.newTable()
        let evaluated = lua.absoluteIndex(-1)
        for name in LayoutNames.flowProperties + ["prepare"] {
            let type = lua.rawGet(tableAt: fields, field: name)
            guard type == .function, name != "prepare" else {
                lua.rawSet(tableAt: evaluated, field: name)
                continue
            }
            try script.binding.push(context)
            try script.call(arguments: 1, results: 2, evaluating: "\(name)(cv)")
            if lua.type(at: -2) == .number, lua.type(at: -1) == .number {
                lua.newTable(arrayCount: 2)
                lua.pushValue(at: -3)
                lua.rawSet(tableAt: -2, index: 1)
                lua.pushValue(at: -2)
                lua.rawSet(tableAt: -2, index: 2)
                lua.remove(at: -2)
                lua.remove(at: -2)
            } else {
                lua.pop(1)
            }
            lua.rawSet(tableAt: evaluated, field: name)
        }
        lua.remove(at: fields)
    }

    /// Reads field `name` of the table on top: nil when absent, an error when malformed.
    private func field<T>(_ name: String, _ type: LuaType?, expected: String, read: () -> T?) throws(ScriptError) -> T?
    {
        let lua = script.lua
        let found = lua.rawGet(tableAt: -1, field: name)
        defer { lua.pop(1) }
        if found == .nil { return nil }
        if let type, found != type { throw error("\(name) must be \(expected), got \(found.name)", field: name) }
        guard let value = read() else { throw error("\(name) must be \(expected)", field: name) }
        return value
    }

    private func numberField(_ name: String) throws(ScriptError) -> Double? {
        try field(name, .number, expected: "a finite number") { () -> Double? in
            guard let value = script.lua.number(at: -1), value.isFinite else { return nil }
            return value
        }
    }

    private func sizeField(_ name: String) throws(ScriptError) -> Size? {
        try field(name, .table, expected: "{w, h} or {width=, height=} with finite sizes ≥ 0") { () -> Size? in
            guard case .success(let size) = script.lua.size(at: -1), size.width.isFinite, size.height.isFinite,
                size.width >= 0, size.height >= 0
            else { return nil }
            return size
        }
    }

    private func error(_ message: String, field: String? = nil) -> ScriptError {
        let site = field.map { script.site(ofWord: $0) } ?? script.flowSite
        return ScriptError(kind: .invalidValue, message: "\(site): flow{...}: \(message)")
    }
}
