import LayoutEngine
import LuaRuntime

/// The `out` object a custom layout's `prepare(cv, out)` places elements through:
/// `out:cell(section, item, x, y, w, h [, extra])`,
/// `out:supplementary(kind, section, item, x, y, w, h [, extra])`,
/// `out:decoration(kind, section, item, x, y, w, h [, extra])`, `out:contentSize(w, h)`.
///
/// Plain calls (no `extra`, valid arguments, a known kind) are appended in C to a
/// `PlacementBuffer`; every other call comes to `place`, here in Swift, which validates it,
/// stores it and registers new kinds for the fast path.
final class ElementSink {
    /// What one placed element costs the memory cap once stored: its 64-byte record and its
    /// share of the rect index. The fast path's placement buffer (48 bytes an element, grown
    /// by doubling) is charged separately, as the bytes it really holds.
    static let bytesPerElement = 80

    /// Elements this prepare may place: what the memory cap leaves beside the Lua state when
    /// prepare starts (the state and what it places share `--max-memory`), so a runaway loop
    /// ends in an error rather than in swap.
    private(set) var elementLimit: Int
    /// Bytes of custom fields placed so far, charged to the memory cap as well.
    private var customBytes = 0
    private let memoryLimit: Int

    private let lua: LuaState
    private var builder = ElementStoreBuilder()
    private(set) var contentSize: Size?
    private var reference: LuaReference!
    private var kinds: LuaReference!
    /// Closed outside prepare: the fast path takes nothing and `place` reports the misuse.
    private let buffer: PlacementBuffer
    private var isOpen = false

    /// `cellsRefused`: why `out:cell` is an error here (a flow's `prepare`, whose cells are the
    /// flow's); nil where cells are placed.
    init(lua: LuaState, cellsRefused: String? = nil) {
        self.lua = lua
        memoryLimit = lua.limits.memoryBytes > 0 ? lua.limits.memoryBytes : Int.max
        elementLimit = min(50_000_000, memoryLimit / Self.bytesPerElement)
        buffer = PlacementBuffer(lua: lua, limit: 0)
        lua.newTable()
        kinds = lua.reference()
        lua.newTable(fieldCount: 4)
        for (name, category) in [
            ("cell", ElementCategory.cell), ("supplementary", .supplementary), ("decoration", .decoration),
        ] {
            if category == .cell, let cellsRefused {
                lua.push { lua in .error("out:cell: \(cellsRefused)") }
            } else {
                lua.push(kinds)
                lua.push { [unowned self] lua in self.place(lua, category: category) }
                lua.pushPlacer(buffer, category: Int32(category.rawValue))
            }
            lua.rawSet(tableAt: -2, field: name)
        }
        lua.push { [unowned self] lua in self.setContentSize(lua) }
        lua.rawSet(tableAt: -2, field: "contentSize")
        reference = lua.reference()
    }

    /// Item count per section of the data being laid out: what index paths may exist.
    private var itemCounts: [Int] = []

    /// Whether `out:contentSize` is allowed: in `prepare`, not in a lazy layout's queries.
    private var acceptsContentSize = true

    /// Starts a new prepare (or, `acceptsContentSize` false, a lazy layout's query) over
    /// `data` and pushes `out`.
    func begin(data: CollectionData, acceptsContentSize: Bool = true) {
        self.acceptsContentSize = acceptsContentSize
        builder = ElementStoreBuilder()
        buffer.clear()
        itemCounts = data.sections.map(\.count)
        buffer.setItemCounts(itemCounts)
        let available = memoryLimit == Int.max ? Int.max : max(0, memoryLimit - lua.memoryUsed)
        let perElement = Self.bytesPerElement + MemoryLayout<PlacementBuffer.Placement>.stride
        elementLimit = min(50_000_000, available / perElement)
        buffer.limit = elementLimit
        isOpen = true
        customBytes = 0
        contentSize = nil
        // Kind ids are the builder's, which starts afresh: forget the fast path's kinds.
        lua.push(kinds)
        lua.clearTable(at: -1)
        lua.pop(1)
        lua.push(reference)
    }

    /// Everything placed since `begin()`, in output order.
    func finish() throws(LayoutError) -> ElementStore {
        close()
        builder.reserveCapacity(builder.count + buffer.count)
        for placed in buffer.placements {
            let category = ElementCategory(rawValue: UInt8(placed.category)) ?? .cell
            let frame = Rect(x: placed.x, y: placed.y, width: placed.width, height: placed.height)
            // The C fast path checks each number; only the sum of two can still overflow.
            if let problem = AttributeRules.frameProblem(frame) {
                buffer.clear()
                throw LayoutError(
                    "out:\(category == .cell ? "cell" : category.name) [\(placed.section), \(placed.item)]: \(problem)")
            }
            builder.append(
                category: category, kindID: UInt16(placed.kind), section: placed.section, item: placed.item,
                frame: frame)
        }
        buffer.clear()
        defer { builder = ElementStoreBuilder() }
        return try builder.build()
    }

    /// Stops accepting elements (after prepare, or when it failed).
    func close() {
        isOpen = false
        buffer.limit = 0
    }

    /// The slow path of `out:cell/supplementary/decoration` (called from the C placer, so the
    /// script's line is two levels up).
    private func place(_ lua: LuaState, category: ElementCategory) -> LuaState.FunctionResult {
        let result = placeChecked(lua, category: category)
        if case .error(let message, _) = result { return .error(lua.location(level: 2) + message, located: false) }
        return result
    }

    /// Why a placement was refused: the message the script's error carries.
    private struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Checks and stores one `out:*` call, in steps: 1. the call itself (a method call, during
    /// prepare, within the memory cap); 2. the kind of a supplementary or decoration; 3. the
    /// index path, which the data must have (UIKit raises for cells and sections it lacks);
    /// 4. the frame; 5. the optional extras table, charged to the memory cap.
    private func placeChecked(_ lua: LuaState, category: ElementCategory) -> LuaState.FunctionResult {
        let name = category == .cell ? "out:cell" : "out:\(category.name)"
        do throws(Refusal) {
            try checkCall(lua, name: name)
            let (kindID, argument) = try readKind(lua, category: category, name: name)
            let (section, item, deeper) = try readIndexPath(lua, at: argument, category: category, name: name)
            // A deep path is one table argument in place of `section, item`.
            let frameArgument = deeper == nil ? argument + 2 : argument + 1
            let label =
                "\(name) \(deeper.map { LayoutIndexPath(components: [Int(section), Int(item)] + $0).description } ?? "[\(section), \(item)]")"
            let frame = try readFrame(lua, at: frameArgument, label: label)
            try store(
                lua, category: category, kindID: kindID, section: section, item: item, frame: frame,
                extraIndex: frameArgument + 4, label: label, deeper: deeper ?? [])
        } catch {
            return .error(error.message)
        }
        return .results(0)
    }

    /// Step 1: `out` itself is argument 1 (a method call), prepare is running, and one more
    /// element fits the memory cap.
    private func checkCall(_ lua: LuaState, name: String) throws(Refusal) {
        guard lua.type(at: 1) == .table else {
            throw Refusal("\(name) must be called with ':' (\(name)(...))")
        }
        guard isOpen else { throw Refusal("\(name) is only available during prepare(cv, out)") }
        let placed = builder.count + buffer.count
        guard placed < elementLimit, !buffer.refusedForMemory,
            memoryLimit == Int.max || lua.memoryUsed + (placed + 1) * Self.bytesPerElement + customBytes <= memoryLimit
        else {
            throw Refusal(
                "\(name): memory limit exceeded after \(placed) elements placed in one prepare (each costs about \(Self.bytesPerElement + MemoryLayout<PlacementBuffer.Placement>.stride) bytes of the memory cap; raise it with --max-memory)"
            )
        }
    }

    /// Step 2: a supplementary's or decoration's kind (argument 2), registered so later calls
    /// with it take the fast path; returns its ID and where the index path starts.
    private func readKind(
        _ lua: LuaState, category: ElementCategory, name: String
    ) throws(Refusal) -> (kindID: UInt16, argument: Int32) {
        guard category != .cell else { return (0, 2) }
        guard let kind = lua.string(at: 2), !kind.isEmpty else {
            throw Refusal("\(name): argument 1 (kind) must be a non-empty string, got \(lua.type(at: 2).name)")
        }
        let kindID: UInt16
        do { kindID = try builder.kindID(kind) } catch { throw Refusal(error.message) }
        lua.push(kinds)
        lua.push(kind)
        lua.push(Int(kindID))
        lua.rawSetPair(tableAt: -3)
        lua.pop(1)
        return (kindID, 3)
    }

    /// Step 3: section and item, integers ≥ 0 that the data has (decorations are free); a
    /// supplementary or decoration view may instead give a table of two or more such numbers
    /// (`{0, 2, 1}`), whose components after the second come back as `deeper`.
    private func readIndexPath(
        _ lua: LuaState, at argument: Int32, category: ElementCategory, name: String
    ) throws(Refusal) -> (section: Int32, item: Int32, deeper: [Int]?) {
        if category != .cell, lua.type(at: argument) == .table {
            let components = try readComponents(lua, at: argument, name: name)
            let (section, item) = (Int32(components[0]), Int32(components[1]))
            if category == .supplementary, Int(section) >= itemCounts.count {
                throw Refusal(
                    "\(name) \(LayoutIndexPath(components: components)): no such section in the data (\(describeData(section: Int(section))))"
                )
            }
            return (section, item, Array(components.dropFirst(2)))
        }
        guard let section = index(lua, argument), let item = index(lua, argument + 1) else {
            throw Refusal(
                "\(name): section and item must be integers ≥ 0, got \(describe(lua, argument)) and \(describe(lua, argument + 1))"
            )
        }
        if category == .cell, !(Int(section) < itemCounts.count && Int(item) < itemCounts[Int(section)]) {
            throw Refusal(
                "\(name) [\(section), \(item)]: no such item in the data (\(describeData(section: Int(section))))")
        }
        if category == .supplementary, Int(section) >= itemCounts.count {
            throw Refusal(
                "\(name) [\(section), \(item)]: no such section in the data (\(describeData(section: Int(section))))")
        }
        return (section, item, nil)
    }

    /// The most components a deep index path may have.
    static let maxPathComponents = 64

    /// A deep index path: an array of 2 to 64 integers ≥ 0 (each at most 2³¹ − 1).
    private func readComponents(_ lua: LuaState, at argument: Int32, name: String) throws(Refusal) -> [Int] {
        let count = lua.rawLength(at: argument)
        guard count >= 2, count <= Self.maxPathComponents else {
            throw Refusal(
                "\(name): an index path table must hold 2 to \(Self.maxPathComponents) whole numbers ≥ 0 ({section, item, ...}), got \(count)"
            )
        }
        var components: [Int] = []
        components.reserveCapacity(count)
        for position in 1...count {
            lua.rawGet(tableAt: argument, index: position)
            defer { lua.pop(1) }
            guard let value = index(lua, -1) else {
                throw Refusal(
                    "\(name): index path component \(position) must be a whole number ≥ 0, got \(describe(lua, -1))")
            }
            components.append(Int(value))
        }
        return components
    }

    /// Step 4: x, y, w, h: numbers making a frame the engine can store.
    private func readFrame(_ lua: LuaState, at first: Int32, label: String) throws(Refusal) -> Rect {
        guard let x = lua.number(at: first), let y = lua.number(at: first + 1),
            let width = lua.number(at: first + 2), let height = lua.number(at: first + 3)
        else {
            throw Refusal(
                "\(label): x, y, w, h must be numbers, got \((first..<first + 4).map { describe(lua, $0) }.joined(separator: ", "))"
            )
        }
        let frame = Rect(x: x, y: y, width: width, height: height)
        if let problem = AttributeRules.frameProblem(frame) { throw Refusal("\(label): \(problem)") }
        return frame
    }

    /// Step 5: the element stored, with its extras table when one is given (custom fields and
    /// animations are charged to the memory cap).
    private func store(
        _ lua: LuaState, category: ElementCategory, kindID: UInt16, section: Int32, item: Int32, frame: Rect,
        extraIndex: Int32, label: String, deeper: [Int] = []
    ) throws(Refusal) {
        switch lua.type(at: extraIndex) {
        case .none, .nil:
            builder.append(category: category, kindID: kindID, section: section, item: item, frame: frame)
            builder.setExtrasOfLast(transform3D: .identity, custom: [:], deeper: deeper)
        case .table:
            switch AttributeExtras.read(lua, at: extraIndex) {
            case .success(let extras):
                customBytes +=
                    extras.custom.reduce(0) { $0 + $1.key.utf8.count + $1.value.approximateBytes }
                    + extras.animations.count * AttributeExtras.bytesPerAnimation
                let bytes = (builder.count + buffer.count) * Self.bytesPerElement + customBytes
                if memoryLimit != Int.max, bytes + lua.memoryUsed > memoryLimit {
                    throw Refusal(
                        "\(label): placed elements and their custom fields exceed the memory cap (raise it with --max-memory)"
                    )
                }
                builder.append(
                    category: category, kindID: kindID, section: section, item: item, frame: frame,
                    alpha: extras.alpha, zIndex: extras.zIndex, hidden: extras.hidden)
                builder.setExtrasOfLast(
                    transform3D: extras.transform3D, custom: extras.custom, animations: extras.animations,
                    deeper: deeper)
            case .failure(let problem):
                throw Refusal("\(label): \(problem.message)")
            }
        case let other:
            throw Refusal("\(label): extra must be a table, got \(other.name)")
        }
    }

    private func describeData(section: Int) -> String {
        let sections = itemCounts.count == 1 ? "1 section" : "\(itemCounts.count) sections"
        guard section < itemCounts.count else { return sections }
        let items = itemCounts[section] == 1 ? "1 item" : "\(itemCounts[section]) items"
        return "section \(section) has \(items)"
    }

    private func setContentSize(_ lua: LuaState) -> LuaState.FunctionResult {
        guard isOpen else { return .error("out:contentSize is only available during prepare(cv, out)") }
        guard acceptsContentSize else {
            return .error(
                "out:contentSize belongs in prepare(cv, out): elementsInRect(cv, rect, out) only places elements")
        }
        guard let width = lua.number(at: 2), let height = lua.number(at: 3),
            width.isFinite, height.isFinite, width >= 0, height >= 0
        else {
            return .error("out:contentSize(w, h) expects two finite non-negative numbers")
        }
        contentSize = Size(width: width, height: height)
        return .results(0)
    }

    private func index(_ lua: LuaState, _ position: Int32) -> Int32? {
        guard let number = lua.number(at: position), number >= 0, number == number.rounded(),
            number <= Double(Int32.max)
        else { return nil }
        return Int32(number)
    }

    private func describe(_ lua: LuaState, _ position: Int32) -> String {
        if let number = lua.number(at: position) { return AttributeRules.number(number) }
        let type = lua.type(at: position)
        return type == .none ? "nil" : type.name
    }
}

/// The optional `extra` table of a placed element: alpha, zIndex, hidden, transform3D,
/// animations and any other field as a custom attribute.
struct AttributeExtras {
    var alpha: Double = 1
    var zIndex: Int32 = 0
    var hidden = false
    var transform3D = Transform3D.identity
    var animations: [AttributeAnimation] = []
    var custom: [String: LayoutValue] = [:]

    /// What one stored animation costs the memory cap.
    static let bytesPerAnimation = MemoryLayout<AttributeAnimation>.stride + 16

    static func read(_ lua: LuaState, at index: Int32) -> Result<AttributeExtras, ExtrasError> {
        var extras = AttributeExtras()
        let table = lua.absoluteIndex(index)
        lua.pushNil()
        while lua.next(tableAt: table) {
            defer { lua.pop(1) }
            guard let key = lua.string(at: -2) else {
                lua.pop(1)  // the key; `defer` pops the value
                return .failure(ExtrasError("extra table keys must be strings"))
            }
            if let problem = extras.set(key, lua: lua, valueAt: -1) {
                lua.pop(1)
                return .failure(ExtrasError(problem))
            }
        }
        return .success(extras)
    }

    /// Sets one field from the value at `index`; returns a problem description on failure.
    mutating func set(_ key: String, lua: LuaState, valueAt index: Int32) -> String? {
        switch key {
        case "alpha":
            guard let value = lua.number(at: index) else {
                return "alpha must be a number from 0 to 1, got \(lua.type(at: index).name)"
            }
            if let problem = AttributeRules.alphaProblem(value) { return problem }
            alpha = value
        case "zIndex":
            guard let value = lua.number(at: index) else {
                return "zIndex must be a whole number, got \(lua.type(at: index).name)"
            }
            if let problem = AttributeRules.zIndexProblem(value) { return problem }
            zIndex = Int32(value)
        case "hidden":
            guard lua.type(at: index) == .boolean else { return "hidden must be a boolean" }
            hidden = lua.boolean(at: index)
        case "transform3D":
            if lua.isNil(at: index) {
                transform3D = .identity
                return nil
            }
            guard let value = lua.transform3D(at: index) else {
                return "transform3D must be an array of 16 finite numbers"
            }
            transform3D = value
        case "animations":
            let value: LayoutValue
            do { value = try lua.layoutValue(at: index) } catch { return "animations: \(error.message)" }
            do { animations = try AttributeRules.animations(value) } catch { return error.message }
        default:
            do {
                let value = try lua.layoutValue(at: index)
                if let problem = AttributeRules.customProblem(value) { return "custom field '\(key)' \(problem)" }
                if value == .null { custom[key] = nil } else { custom[key] = value }
            } catch {
                return "custom field '\(key)': \(error.message)"
            }
        }
        return nil
    }
}

struct ExtrasError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension ElementSink {
    /// Calls the script's `prepare(cv, out)` with this sink as `out`, begun for the context's
    /// data (closed again if the call fails); `finish()` then takes what it added.
    func collect(prepareOf script: LayoutScript, context: CollectionContext) throws {
        try script.pushRequiredCallback("prepare", evaluating: "prepare(cv, out)")
        try script.binding.push(context)
        begin(data: context.data)
        do {
            try script.call(arguments: 2, results: 0, evaluating: "prepare(cv, out)")
        } catch {
            close()
            throw error
        }
    }
}
