import LayoutEngine
import LuaRuntime

/// The functions inside the specs (`itemProvider`, `visibleItemsInvalidationHandler`) as
/// closures over registry references kept for one prepare, and `env` as they see it.
extension CompositionalTreeReader {
    /// The function on top of the stack, kept for this prepare.
    func keepFunction() -> LuaReference {
        let reference = lua.reference()
        references.append(reference)
        return reference
    }

    func customItems(site: String) -> Compositional.CustomGroupItems {
        let function = keepFunction()
        return Compositional.CustomGroupItems(id: Int(function.id)) { [self] environment in
            try self.callItemProvider(function, environment, site: site)
        }
    }

    func callItemProvider(
        _ function: LuaReference, _ environment: Compositional.CustomGroupEnvironment, site: String
    ) throws
        -> [Compositional.CustomGroupFrame]
    {
        try lua.balanced {
            lua.push(function)
            let definedAt = lua.functionLocation(at: -1)
            CompositionalEnvironment.push(environment, lua: lua, traits: context.traits)
            let evaluating = "itemProvider(env) for section \(environment.section)"
            try script.call(arguments: 1, results: 1, evaluating: evaluating)
            let place = definedAt.isEmpty ? site : definedAt + ": "
            func bad(_ problem: String) -> ScriptError {
                ScriptError(
                    kind: .invalidValue, message: "\(place)compositional.customGroup: itemProvider \(problem)",
                    evaluating: evaluating)
            }
            guard lua.type(at: -1) == .table else {
                throw bad(
                    "must return an array of frames {x=, y=, width=, height= [, zIndex=]}, got \(lua.type(at: -1).name)"
                )
            }
            let count = lua.rawLength(at: -1)
            guard count <= 1_000_000 else { throw bad("returned \(count) frames (at most 1000000)") }
            var frames: [Compositional.CustomGroupFrame] = []
            frames.reserveCapacity(count)
            for position in 1...max(1, count) where count > 0 {
                lua.rawGet(tableAt: -1, index: position)
                defer { lua.pop(1) }
                guard let rect = lua.rect(at: -1), AttributeRules.frameProblem(rect) == nil else {
                    throw bad(
                        "returned an invalid frame at index \(position) (expected {x=, y=, width=, height=} with finite numbers, sizes ≥ 0)"
                    )
                }
                var z = 0
                if lua.rawGet(tableAt: -1, field: "zIndex") == .number, let value = lua.number(at: -1),
                    value == value.rounded(), abs(value) < 1e9
                {
                    z = Int(value)
                }
                lua.pop(1)
                frames.append(Compositional.CustomGroupFrame(frame: rect, zIndex: z))
            }
            lua.pop(1)
            return frames
        }
    }

    /// `visibleItemsInvalidationHandler(items, offset, env)`, the function on top of the stack.
    func visibleItemsHandler(site: String) -> Compositional.VisibleItemsHandler {
        let function = keepFunction()
        return Compositional.VisibleItemsHandler(id: Int(function.id)) { [self] items, offset, environment in
            try self.callHandler(function, &items, offset, environment)
        }
    }

    func callHandler(
        _ function: LuaReference, _ items: inout [LayoutAttributes], _ offset: Point,
        _ environment: Compositional.Environment
    ) throws {
        let proxy = handlerProxy
        try lua.balanced {
            proxy.begin()
            defer { proxy.begin() }
            lua.push(function)
            lua.newTable(arrayCount: Int32(clamping: items.count))
            for (position, item) in items.enumerated() {
                proxy.push(item)
                lua.rawSet(tableAt: -2, index: position + 1)
            }
            lua.push(offset)
            CompositionalEnvironment.push(environment, lua: lua, traits: context.traits)
            let section = items.first?.indexPath.section ?? 0
            try script.call(
                arguments: 3, results: 0,
                evaluating: "visibleItemsInvalidationHandler(items, offset, env) for section \(section)")
            for position in items.indices { items[position] = proxy.slots[position] }
        }
    }
}

/// `env` as scripts see it: `env.container.contentSize`, `.effectiveContentSize`,
/// `.contentInsets` ({top=, leading=, bottom=, trailing=}), `env.displayScale`.
enum CompositionalEnvironment {
    static func push(_ environment: Compositional.Environment, lua: LuaState, traits: TraitCollection? = nil) {
        lua.newTable(fieldCount: 3)
        push(environment.container, lua: lua)
        lua.rawSet(tableAt: -2, field: "container")
        lua.push(environment.displayScale)
        lua.rawSet(tableAt: -2, field: "displayScale")
        pushTraits(traits, displayScale: environment.displayScale, lua: lua)
    }

    /// `env.traitCollection` (NSCollectionLayoutEnvironment's), when the traits are known.
    static func pushTraits(_ traits: TraitCollection?, displayScale: Double, lua: LuaState) {
        guard let traits else { return }
        lua.push(traits.value(displayScale: displayScale))
        lua.rawSet(tableAt: -2, field: "traitCollection")
    }

    static func push(
        _ environment: Compositional.CustomGroupEnvironment, lua: LuaState, traits: TraitCollection? = nil
    ) {
        lua.newTable(fieldCount: 4)
        push(environment.container, lua: lua)
        lua.rawSet(tableAt: -2, field: "container")
        lua.push(environment.displayScale)
        lua.rawSet(tableAt: -2, field: "displayScale")
        lua.push(environment.section)
        lua.rawSet(tableAt: -2, field: "section")
        pushTraits(traits, displayScale: environment.displayScale, lua: lua)
    }

    static func push(_ container: Compositional.Container, lua: LuaState) {
        lua.newTable(fieldCount: 3)
        lua.push(container.contentSize)
        lua.rawSet(tableAt: -2, field: "contentSize")
        lua.push(container.effectiveContentSize)
        lua.rawSet(tableAt: -2, field: "effectiveContentSize")
        lua.newTable(fieldCount: 4)
        for (name, value) in [
            ("top", container.contentInsets.top), ("leading", container.contentInsets.leading),
            ("bottom", container.contentInsets.bottom), ("trailing", container.contentInsets.trailing),
        ] {
            lua.push(value)
            lua.rawSet(tableAt: -2, field: name)
        }
        lua.rawSet(tableAt: -2, field: "contentInsets")
    }
}
