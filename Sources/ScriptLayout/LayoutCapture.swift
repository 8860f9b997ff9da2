import LayoutEngine
import LuaRuntime

/// A piece of Lua code a layout's behaviour depends on: the field that holds the function and
/// where the function is defined (`layout.lua:12`).
package struct LuaCodeSite: Hashable, Sendable {
    package var name: String
    package var site: String

    package init(name: String, site: String) {
        self.name = name
        self.site = site
    }
}

/// A layout script's UIKit values, read for one collection view (what `lualayout export`
/// writes as Swift): the flow properties (those given as functions of `cv` evaluated) or the
/// compositional configuration and sections (the section provider called for every section),
/// and every Lua function the values cannot carry.
package struct CapturedLayout: @unchecked Sendable {
    package enum Body {
        case flow(FlowLayoutConfiguration, estimatedItemSize: Size?)
        case compositional(Compositional.Configuration, CapturedSections)
        /// `prepare(cv, out)` places every element: Lua code through and through.
        case custom
    }

    package var body: Body
    /// Lua functions the layout's behaviour depends on, in source order (callbacks, hooks,
    /// item providers, visible-items handlers); a custom layout's `prepare` among them.
    package var luaCode: [LuaCodeSite]
    /// Properties given as functions and evaluated for the collection view (`sectionProvider`,
    /// flow properties of `cv`).
    package var evaluated: [LuaCodeSite]
    /// Properties UIKit has no API for (`roundingModel = "legacy"`), with where they are set.
    package var unsupported: [LuaCodeSite]
    /// Where each closure inside the sections comes from (`itemProvider`,
    /// `visibleItemsInvalidationHandler`), by the id the engine value carries.
    package var closureSites: [Int: String] = [:]
}

/// Sections of a compositional layout as UIKit would receive them.
package enum CapturedSections {
    /// `section = S`: the same section for every data section.
    case single(Compositional.Section)
    /// `sectionProvider`: what it returned for each data section (nil = an empty section),
    /// and the environment it saw.
    case provided([Compositional.Section?], environment: Compositional.Environment)
}

extension ScriptLayout {
    /// Prepares the layout in `context` (every error as `run` reports it), then reads its UIKit
    /// values again with the provider's sections recorded.
    package func capture(in context: CollectionContext) throws -> CapturedLayout {
        try prepare(in: context)
        return try script.lua.balanced { try captureBalanced(context) }
    }

    private func captureBalanced(_ context: CollectionContext) throws -> CapturedLayout {
        try script.reseed()
        var hooks = functions(LayoutNames.hooks)
        switch kind {
        case .custom:
            hooks += functions(LayoutNames.customCallbacks)
            return CapturedLayout(body: .custom, luaCode: hooks, evaluated: [], unsupported: [])
        case .flow:
            var estimated: Size?
            let configuration = try FlowConfigurationReader(script: script).read(
                context: context, estimatedItemSize: &estimated)
            hooks += functions(LayoutNames.flowCallbacks)
            return CapturedLayout(
                body: .flow(configuration, estimatedItemSize: estimated), luaCode: sorted(hooks),
                evaluated: functions(LayoutNames.flowProperties), unsupported: [])
        case .compositional:
            return try captureCompositional(context, hooks: hooks + functions(LayoutNames.selfSizingCallbacks))
        }
    }

    private func captureCompositional(_ context: CollectionContext, hooks: [LuaCodeSite]) throws -> CapturedLayout {
        let step = CompositionalScriptStep(script: script, estimatesOnly: true)
        let reader = CompositionalTreeReader(
            script: script, context: context, handlerProxy: AttributesProxy(lua: script.lua))
        defer { for reference in reader.references { script.lua.release(reference) } }
        let (configuration, sections) = try step.readLayout(reader)
        var recorded: [Compositional.Section?] = Array(repeating: nil, count: context.data.numberOfSections)
        let sectionsToRun: Compositional.Sections
        switch sections {
        case .single:
            sectionsToRun = sections
        case .provider(let body):
            sectionsToRun = .provider { index, environment in
                let section = try body(index, environment)
                recorded[index] = section
                return section
            }
        }
        let result = try step.runEngine(sectionsToRun, configuration, context, sizing: nil)
        let captured: CapturedSections
        var evaluated: [LuaCodeSite] = []
        let inside: [(id: Int, code: LuaCodeSite)]
        switch sections {
        case .single(let section):
            captured = .single(section)
            inside = closures(in: [section], reader)
        case .provider:
            captured = .provided(recorded, environment: result.environment)
            inside = closures(in: recorded.compactMap { $0 }, reader)
            evaluated = functions(["sectionProvider"])
        }
        var unsupported: [LuaCodeSite] = []
        if configuration.roundingModel == .legacy {
            unsupported.append(LuaCodeSite(name: "roundingModel", site: script.site(ofWord: "roundingModel")))
        }
        return CapturedLayout(
            body: .compositional(configuration, captured), luaCode: sorted(hooks + inside.map(\.code)),
            evaluated: evaluated, unsupported: unsupported,
            closureSites: Dictionary(inside.map { ($0.id, $0.code.site) }) { first, _ in first })
    }

    /// The fields among `names` that are functions, with where each is defined.
    private func functions(_ names: [String]) -> [LuaCodeSite] {
        let lua = script.lua
        script.pushFields()
        defer { lua.pop(1) }
        return names.compactMap { name in
            guard lua.rawGet(tableAt: -1, field: name) == .function else {
                lua.pop(1)
                return nil
            }
            defer { lua.pop(1) }
            return LuaCodeSite(name: name, site: lua.functionLocation(at: -1))
        }
    }

    /// The Lua functions inside sections: custom groups' item providers and visible-items
    /// handlers, found by the registry reference each closure was made from.
    private func closures(
        in sections: [Compositional.Section], _ reader: CompositionalTreeReader
    ) -> [(id: Int, code: LuaCodeSite)] {
        var found: [(id: Int, code: LuaCodeSite)] = []
        func site(_ id: Int, _ name: String) {
            guard let reference = reader.references.first(where: { Int($0.id) == id }) else { return }
            script.lua.push(reference)
            found.append((id, LuaCodeSite(name: name, site: script.lua.functionLocation(at: -1))))
            script.lua.pop(1)
        }
        func walk(_ group: Compositional.Group) {
            switch group.layout {
            case .custom(let items) where items.provider != nil: site(items.id, "itemProvider")
            case .custom: break
            case .horizontal(let subitems), .vertical(let subitems):
                let children: [Compositional.Subitem]
                switch subitems {
                case .cyclic(let list): children = list
                case .count(let child, _), .repeating(let child, _): children = [child]
                }
                for case .group(let nested) in children { walk(nested) }
            }
        }
        for section in sections {
            walk(section.group)
            if let handler = section.visibleItemsInvalidationHandler {
                site(handler.id, "visibleItemsInvalidationHandler")
            }
        }
        return found
    }

    /// Source order (file, then line), each site once.
    private func sorted(_ sites: [LuaCodeSite]) -> [LuaCodeSite] {
        func key(_ site: LuaCodeSite) -> (String, Int) {
            guard let colon = site.site.lastIndex(of: ":"), let line = Int(site.site[site.site.index(after: colon)...])
            else { return (site.site, 0) }
            return (String(site.site[..<colon]), line)
        }
        var seen: Set<LuaCodeSite> = []
        return sites.filter { seen.insert($0).inserted }.sorted { key($0) < key($1) }
    }
}
