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
    /// Properties UIKit has no API for (a `roundingModel` other than the release's, named with
    /// its value), with where they are set.
    package var unsupported: [LuaCodeSite]
    /// Where each closure inside the sections comes from (`itemProvider`,
    /// `visibleItemsInvalidationHandler`), by the id the engine value carries.
    package var closureSites: [Int: String] = [:]
    /// The layout table's `flipsHorizontallyInOppositeLayoutDirection`, when it sets one.
    package var flipsHorizontally: Bool?
    /// `SCRIPT:LINE` of the first line of the script holding `word`, for located messages
    /// about a value (`uniformAcrossSiblings` needs iOS 17).
    package var site: (_ word: String) -> String = { _ in "" }
}

/// Sections of a compositional layout as UIKit would receive them.
package enum CapturedSections {
    /// `section = S`: the same section for every data section.
    case single(Compositional.Section)
    /// `sectionProvider`: what it returned for each data section (nil = an empty section),
    /// and the environment it saw.
    case provided(ProvidedSections, environment: Compositional.Environment)
}

/// What a section provider returned, each distinct section kept once (an export of a million
/// sections holds a million small numbers, not a million sections).
package struct ProvidedSections: Sendable {
    /// Per section index, its section's place in `distinct`.
    package private(set) var ids: [Int32] = []
    /// The distinct sections (nil: the provider returned none), equal closures aside; each as
    /// first returned.
    package private(set) var distinct: [Compositional.Section?] = []
    private var idOfKey: [Compositional.Section?: Int32] = [:]
    /// What the kept sections may take, estimated (`--max-memory`).
    package let memoryLimit: Int
    private(set) var estimatedBytes = 0

    package init(memoryLimit: Int = .max) { self.memoryLimit = memoryLimit }

    package init(_ sections: [Compositional.Section?]) {
        self.init()
        for section in sections { append(section) }
    }

    package var count: Int { ids.count }

    package subscript(index: Int) -> Compositional.Section? { distinct[Int(ids[index])] }

    /// Keeps `section`; false (and nothing kept) once the estimate passes `memoryLimit`: four
    /// bytes a section, and a distinct one twice (kept, and its key) at 256 bytes and 128 a part.
    @discardableResult
    mutating func append(_ section: Compositional.Section?) -> Bool {
        let key = section.map(\.withoutClosureIdentities)
        if let id = idOfKey[key] {
            estimatedBytes += MemoryLayout<Int32>.stride
            guard estimatedBytes <= memoryLimit else { return false }
            ids.append(id)
            return true
        }
        estimatedBytes += MemoryLayout<Int32>.stride + 2 * (section.map(Self.estimatedBytes) ?? 16)
        guard estimatedBytes <= memoryLimit else { return false }
        let id = Int32(distinct.count)
        idOfKey[key] = id
        distinct.append(section)
        ids.append(id)
        return true
    }

    private static func estimatedBytes(_ section: Compositional.Section) -> Int {
        var parts = section.boundarySupplementaryItems.count + section.decorationItems.count
        func count(_ group: Compositional.Group) {
            parts += 1 + group.supplementaryItems.count
            for child in group.children {
                switch child {
                case .item(let item): parts += 1 + item.supplementaryItems.count
                case .group(let nested): count(nested)
                }
            }
        }
        count(section.group)
        return 256 + 128 * parts
    }
}

extension Compositional.Section {
    /// The section with its closures' identities dropped (each provider call makes new
    /// closures; two calls returning alike sections return equal values without them).
    package var withoutClosureIdentities: Compositional.Section {
        var copy = self
        copy.visibleItemsInvalidationHandler = copy.visibleItemsInvalidationHandler.map {
            Compositional.VisibleItemsHandler(id: 0, body: $0.body)
        }
        copy.group = copy.group.withoutClosureIdentities
        return copy
    }
}

extension Compositional.Group {
    package var withoutClosureIdentities: Compositional.Group {
        var copy = self
        func strip(_ subitem: Compositional.Subitem) -> Compositional.Subitem {
            if case .group(let nested) = subitem { return .group(nested.withoutClosureIdentities) }
            return subitem
        }
        func strip(_ subitems: Compositional.Subitems) -> Compositional.Subitems {
            switch subitems {
            case .cyclic(let list): .cyclic(list.map(strip))
            case .count(let child, let n): .count(strip(child), n)
            case .repeating(let child, let n): .repeating(strip(child), n)
            }
        }
        switch layout {
        case .custom(let items):
            copy.layout = .custom(items.provider.map { Compositional.CustomGroupItems(id: 0, provider: $0) } ?? items)
        case .horizontal(let subitems): copy.layout = .horizontal(strip(subitems))
        case .vertical(let subitems): copy.layout = .vertical(strip(subitems))
        }
        return copy
    }
}

extension ScriptLayout {
    /// Prepares the layout in `context` (every error as `run` reports it), then reads its UIKit
    /// values again with the provider's sections recorded.
    /// The layout is left unprepared (its elements released before the values are read). The
    /// sections a provider returned are kept within `memoryLimit` bytes (`--max-memory`).
    package func capture(in context: CollectionContext, memoryLimit: Int = .max) throws -> CapturedLayout {
        try prepare(in: context)
        releasePrepared()
        return try script.lua.balanced { try captureBalanced(context, memoryLimit: memoryLimit) }
    }

    private func captureBalanced(_ context: CollectionContext, memoryLimit: Int) throws -> CapturedLayout {
        try script.reseed()
        var hooks = functions(LayoutNames.hooks)
        switch kind {
        case .custom:
            hooks += functions(LayoutNames.customCallbacks)
            return CapturedLayout(body: .custom, luaCode: hooks, evaluated: [], unsupported: []).located(script)
        case .flow:
            var estimated: Size?
            let configuration = try FlowConfigurationReader(script: script).read(
                context: context, estimatedItemSize: &estimated)
            hooks += functions(LayoutNames.flowCallbacks)
            return CapturedLayout(
                body: .flow(configuration, estimatedItemSize: estimated), luaCode: sorted(hooks),
                evaluated: functions(LayoutNames.flowProperties), unsupported: []
            ).located(script)
        case .compositional:
            return try captureCompositional(
                context, hooks: hooks + functions(LayoutNames.selfSizingCallbacks), memoryLimit: memoryLimit)
        }
    }

    private func captureCompositional(
        _ context: CollectionContext, hooks: [LuaCodeSite], memoryLimit: Int
    ) throws -> CapturedLayout {
        let step = CompositionalScriptStep(script: script, estimatesOnly: true)
        let reader = CompositionalTreeReader(
            script: script, context: context, handlerProxy: AttributesProxy(lua: script.lua))
        defer { for reference in reader.references { script.lua.release(reference) } }
        let (configuration, sections) = try step.readLayout(reader)
        var recorded = ProvidedSections(memoryLimit: memoryLimit)
        let sectionsToRun: Compositional.Sections
        switch sections {
        case .single:
            sectionsToRun = sections
        case .provider(let body):
            sectionsToRun = .provider { index, environment in
                let section = try body(index, environment)
                // The engine asks for sections in order, each once.
                if index == recorded.count {
                    guard recorded.append(section) else {
                        throw ScriptError(
                            kind: .memory,
                            message:
                                "\(self.script.site(ofWord: "sectionProvider")): the \(index + 1) sections sectionProvider returned so far (\(recorded.distinct.count) distinct), kept to write the export, exceed the memory cap (\(recorded.memoryLimit >> 20) MiB; raise it with --max-memory)"
                        )
                    }
                }
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
            inside = closures(in: recorded.distinct.compactMap { $0 }, reader)
            evaluated = functions(["sectionProvider"])
        }
        var unsupported: [LuaCodeSite] = []
        if let model = configuration.roundingModel, model != context.iosVersion.compositionalRounding {
            let name = "roundingModel = \"\(model.rawValue)\""
            unsupported.append(LuaCodeSite(name: name, site: script.site(ofWord: "roundingModel")))
        }
        return CapturedLayout(
            body: .compositional(configuration, captured), luaCode: sorted(hooks + inside.map(\.code)),
            evaluated: evaluated, unsupported: unsupported,
            closureSites: Dictionary(inside.map { ($0.id, $0.code.site) }) { first, _ in first }
        )
        .located(script)
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
            if case .custom(let items) = group.layout, items.provider != nil { site(items.id, "itemProvider") }
            for case .group(let nested) in group.children { walk(nested) }
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

extension CapturedLayout {
    /// With the script's sites of words and its `flipsHorizontallyInOppositeLayoutDirection`.
    fileprivate func located(_ script: LayoutScript) -> CapturedLayout {
        var copy = self
        copy.site = { word in script.site(ofWord: word) }
        script.pushFields()
        if script.lua.rawGet(tableAt: -1, field: "flipsHorizontallyInOppositeLayoutDirection") == .boolean {
            copy.flipsHorizontally = script.lua.boolean(at: -1)
        }
        script.lua.pop(2)
        return copy
    }
}
