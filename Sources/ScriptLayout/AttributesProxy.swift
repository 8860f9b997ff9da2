import LayoutEngine
import LuaRuntime

/// The `a` object of the rect-query hook `attributes(cv, a)` (and the initial/final hooks):
/// every attribute and custom field of one element, readable and writable.
///
/// Fields: `category`, `kind`, `section`, `item` (read-only); `frame`, `x`, `y`, `width`,
/// `height`, `center` (moves the frame), `size` (keeps the centre, as UIKit does), `alpha`,
/// `zIndex`, `hidden`, `transform3D`, `animations` (looping animations the outputs play); any
/// other name is a custom field (nil removes it).
/// An attributes object is valid only during the hook call it was passed to or made in (by a
/// super query such as `cv:layoutAttributesForItem`); several may be live in one call.
final class AttributesProxy {
    private let lua: LuaState
    private var metatable: LuaReference!
    /// The attributes being edited, addressed by slot from the userdata.
    private(set) var slots: [LayoutAttributes] = []
    /// Which hook call is in progress: only its objects may be used.
    private var call: Int32 = 0
    /// Bytes charged to the memory cap for objects and custom fields a script asked for
    /// (super queries, custom writes), released by `begin()`: a loop of super queries ends
    /// in the memory error instead of growing `slots` without bound.
    private var charged = 0
    private static let slotBytes = MemoryLayout<LayoutAttributes>.stride + 64

    private struct Handle {
        var call: Int32
        var slot: Int32
    }

    init(lua: LuaState) {
        self.lua = lua
        lua.newTable(fieldCount: 4)
        lua.push { [unowned self] lua in self.index(lua) }
        lua.rawSet(tableAt: -2, field: "__index")
        lua.push { [unowned self] lua in self.newIndex(lua) }
        lua.rawSet(tableAt: -2, field: "__newindex")
        lua.push { [unowned self] lua in self.describe(lua) }
        lua.rawSet(tableAt: -2, field: "__tostring")
        lua.push("attributes")
        lua.rawSet(tableAt: -2, field: "__metatable")
        metatable = lua.reference()
    }

    /// Slots of objects that may be read and not written (a transition's `from` and `to`).
    private var readOnlySlots: Set<Int> = []

    /// Starts a batch of edits (invalidates every object handed out before).
    func begin() {
        slots.removeAll(keepingCapacity: true)
        readOnlySlots.removeAll(keepingCapacity: true)
        if charged > 0 { lua.charge(-charged) }
        charged = 0
        beginCall()
    }

    /// Starts one hook call: objects of earlier calls stop working.
    func beginCall() { call &+= 1 }

    /// Pushes an object for `attributes`, valid during the current call; returns its slot.
    /// `charged`: the script asked for it (a super query), so it counts against the memory cap.
    @discardableResult
    func push(_ attributes: LayoutAttributes, charged isCharged: Bool = false, readOnly: Bool = false) -> Int {
        if readOnly { readOnlySlots.insert(slots.count) }
        if isCharged {
            charge(Self.slotBytes + attributes.custom.reduce(0) { $0 + $1.key.utf8.count + $1.value.approximateBytes })
        }
        slots.append(attributes)
        let pointer = lua.newUserdata(size: MemoryLayout<Handle>.size)
        pointer.storeBytes(of: Handle(call: call, slot: Int32(slots.count - 1)), as: Handle.self)
        lua.push(metatable)
        lua.setMetatable(at: -2)
        return slots.count - 1
    }

    /// The slot of the attributes object at `index`, if it is one of the current call's.
    func slot(at index: Int32) -> Int? {
        guard lua.type(at: index) == .userdata, lua.pushMetatable(at: index) else { return nil }
        lua.push(metatable)
        let isOurs = lua.rawEqual(-1, -2)
        lua.pop(2)
        guard isOurs, let pointer = lua.userdata(at: index) else { return nil }
        let handle = pointer.load(as: Handle.self)
        guard handle.call == call, slots.indices.contains(Int(handle.slot)) else { return nil }
        return Int(handle.slot)
    }

    private func handle(_ lua: LuaState) -> Int? { slot(at: 1) }

    private func index(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let slot = handle(lua) else {
            return .error("attributes object used outside the callback it was passed to")
        }
        guard let key = lua.string(at: 2) else {
            lua.pushNil()
            return .results(1)
        }
        let a = slots[slot]
        switch key {
        case "category": lua.push(a.category.name)
        case "kind": if a.category == .cell { lua.pushNil() } else { lua.push(a.kind) }
        case "section": lua.push(a.indexPath.section)
        case "item": lua.push(a.indexPath.item)
        case "indexPath":
            // A deep path reads as the array of its components, with section and item as well.
            let deeper = a.indexPath.deeper
            lua.newTable(fieldCount: 2)
            if !deeper.isEmpty {
                for (offset, component) in a.indexPath.components.enumerated() {
                    lua.push(component)
                    lua.rawSet(tableAt: -2, index: offset + 1)
                }
            }
            lua.push(a.indexPath.section)
            lua.rawSet(tableAt: -2, field: "section")
            lua.push(a.indexPath.item)
            lua.rawSet(tableAt: -2, field: "item")
        case "frame": lua.push(a.frame)
        case "x": lua.push(a.frame.x)
        case "y": lua.push(a.frame.y)
        case "width": lua.push(a.frame.width)
        case "height": lua.push(a.frame.height)
        case "center": lua.push(a.center)
        case "size": lua.push(a.size)
        case "alpha": lua.push(a.alpha)
        case "zIndex": lua.push(a.zIndex)
        case "hidden": lua.push(a.hidden)
        case "transform3D": lua.push(a.transform3D)
        case "animations":
            guard a.animations.isEmpty || lua.push(.array(a.animations.map(\.value))) else {
                return .error("attribute 'animations' cannot be built on the Lua stack here")
            }
            if a.animations.isEmpty { lua.pushNil() }
        default:
            if let value = a.custom[key] {
                guard lua.push(value) else {
                    return .error("attribute '\(key)' is nested too deeply for the Lua stack here")
                }
            } else {
                lua.pushNil()
            }
        }
        return .results(1)
    }

    private func charge(_ bytes: Int) {
        lua.charge(bytes)
        charged += bytes
    }

    private func newIndex(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let slot = handle(lua) else {
            return .error("attributes object used outside the callback it was passed to")
        }
        guard let key = lua.string(at: 2) else { return .error("attribute names are strings") }
        if readOnlySlots.contains(slot) {
            return .error("attribute '\(key)': this attributes object is read-only (edit a)")
        }
        if !Self.attributeNames.contains(key) {
            // A custom field, validated by the one rule and stored in place: copying the
            // dictionary on every write would make n writes cost n² in Swift.
            var field = AttributeExtras()
            if let problem = field.set(key, lua: lua, valueAt: 3) { return .error("\(slots[slot].key): \(problem)") }
            let value = field.custom[key]
            charge(key.utf8.count + (value?.approximateBytes ?? 0))
            slots[slot].custom[key] = value
            return .results(0)
        }
        var a = slots[slot]
        switch key {
        case "category", "kind", "section", "item", "indexPath":
            return .error("attribute '\(key)' is read-only")
        case "frame":
            guard let rect = lua.rect(at: 3) else {
                return .error("\(a.key): frame must be {x=, y=, width=, height=} with finite values and a size ≥ 0")
            }
            a.frame = rect
        case "x", "y", "width", "height":
            guard let value = lua.number(at: 3) else { return .error("\(a.key): \(key) must be a finite number") }
            switch key {
            case "x": a.frame.origin.x = value
            case "y": a.frame.origin.y = value
            case "width": a.frame.size.width = value
            default: a.frame.size.height = value
            }
        case "center":
            guard let point = lua.point(at: 3) else {
                return .error("\(a.key): center must be {x=, y=} with finite values")
            }
            a.frame.origin = Point(x: point.x - a.frame.width / 2, y: point.y - a.frame.height / 2)
        case "size":
            guard case .success(let size) = lua.size(at: 3) else {
                return .error("\(a.key): size must be {w, h} or {width=, height=} with finite values ≥ 0")
            }
            let center = a.center
            a.frame = Rect(
                x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        default:
            var extras = AttributeExtras(
                alpha: a.alpha, zIndex: Int32(clamping: a.zIndex), hidden: a.hidden, transform3D: a.transform3D,
                animations: a.animations, custom: [:])
            if let problem = extras.set(key, lua: lua, valueAt: 3) { return .error("\(a.key): \(problem)") }
            if key == "animations" { charge(extras.animations.count * AttributeExtras.bytesPerAnimation) }
            a.animations = extras.animations
            a.alpha = extras.alpha
            a.zIndex = Int(extras.zIndex)
            a.hidden = extras.hidden
            a.transform3D = extras.transform3D
        }
        // Every way of moving or sizing the frame ends in the one frame rule.
        if a.frame != slots[slot].frame, let problem = AttributeRules.frameProblem(a.frame) {
            return .error("\(a.key): setting \(key): \(problem)")
        }
        slots[slot] = a
        return .results(0)
    }

    /// The names `a` reads and writes itself; every other name is a custom field.
    private static let attributeNames: Set<String> = [
        "category", "kind", "section", "item", "indexPath", "frame", "x", "y", "width", "height", "center", "size",
        "alpha", "zIndex", "hidden", "transform3D", "animations",
    ]

    private func describe(_ lua: LuaState) -> LuaState.FunctionResult {
        guard let slot = handle(lua) else {
            lua.push("attributes (expired)")
            return .results(1)
        }
        let a = slots[slot]
        lua.push("attributes(\(a.key), frame \(a.frame.x), \(a.frame.y), \(a.frame.width), \(a.frame.height))")
        return .results(1)
    }
}
