#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LuaRuntime

/// A collection-view layout defined by a Lua script: `flow{...}` (UIKit's flow layout, tuned by
/// callbacks) or a custom layout whose `prepare(cv, out)` places every element. Each kind is a
/// compute step producing a `PreparedLayout`, which answers every query; every kind may
/// override the rect-query phase (`attributes`), bounds-change invalidation and scroll
/// targeting, as a UIKit subclass would.
public final class ScriptLayout: CollectionViewLayout {
    public struct Options: Sendable, Equatable {
        public var limits: Limits
        /// Seed of `math.random`, reapplied before every prepare so a layout is reproducible.
        public var seed: Int
        /// Near-miss names in the layout table are errors instead of warnings.
        public var strict: Bool
        /// Self-sizing layouts keep their estimates (no `preferredSizeFor…` calls): `--estimates`.
        public var estimatesOnly: Bool

        public init(
            limits: Limits = Limits(), seed: Int = 0, strict: Bool = false,
            estimatesOnly: Bool = false
        ) {
            self.limits = limits
            self.seed = seed
            self.strict = strict
            self.estimatesOnly = estimatesOnly
        }
    }

    public enum Kind: String, Sendable {
        case flow
        case custom
        case compositional
    }

    /// Why a script's returned table is not a layout (what a file of another kind, such as a
    /// transition script, is told).
    package static let notALayout = "the returned table is not a layout: use flow{...} or define prepare(cv, out)"

    let script: LayoutScript
    public let kind: Kind
    private let step: any ScriptComputeStep
    /// A flow layout's own `prepare(cv, out)`, which adds elements after the flow's.
    private let flowAdditions: FlowAddedElements?
    /// What the last successful prepare produced.
    private(set) var prepared: PreparedLayout
    let proxy: AttributesProxy
    /// Whether a prepare has completed and none is running: super queries need one.
    private(set) var isPrepared = false
    private let strict: Bool
    /// Likely misspellings found in the layout table so far
    /// (`file:line: warning: unknown field … (did you mean …?)`), for the host to show; with
    /// `strict` they are errors instead.
    public private(set) var warnings: [String] = []

    /// The script's display name (its path when loaded from a file).
    public var name: String { script.name }
    /// The script and every module it has required so far.
    public var loadedFiles: [String] { script.environment.loadedFiles }
    /// The Lua state's memory in use, in bytes.
    package var luaMemoryUsed: Int { script.lua.memoryUsed }

    /// Starts counting calls and time per callback (`lualayout bench`); returns the profile.
    package func startProfiling() -> CallProfile {
        let profile = script.profile ?? CallProfile()
        script.profile = profile
        return profile
    }

    /// Loads a layout script from a file; `require` resolves modules beside it.
    public convenience init(file path: String, options: Options = Options()) throws(ScriptError) {
        guard FileSystemPath.isRegularFile(path) else {
            throw ScriptError(
                kind: .file,
                message: "\(path): \(FileSystemPath.realPath(path) == nil ? "cannot read file" : "not a regular file")")
        }
        // Compiling runs outside the memory cap: a script larger than the cap is refused unread.
        if let size = FileSystemPath.size(path), options.limits.memoryBytes > 0, size > options.limits.memoryBytes {
            throw ScriptError(
                kind: .file,
                message: "\(path): the script is \(size) bytes, more than the memory cap (raise it with --max-memory)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError(kind: .file, message: "\(path): cannot read file")
        }
        let directory = FileSystemPath.directory(of: path)
        // The bytes as they are: Lua, not Swift, decides what the script's strings hold.
        try self.init(
            bytes: [UInt8](data), name: path, moduleDirectory: directory.isEmpty ? "." : directory, options: options)
        script.environment.recordLoadedFile(path)
    }

    /// Loads a layout script from source; `name` is used in error locations.
    public convenience init(
        source: String, name: String = "layout.lua", moduleDirectory: String? = nil, options: Options = Options()
    ) throws(ScriptError) {
        try self.init(bytes: Array(source.utf8), name: name, moduleDirectory: moduleDirectory, options: options)
    }

    init(bytes: [UInt8], name: String, moduleDirectory: String?, options: Options) throws(ScriptError) {
        script = try LayoutScript(source: bytes, name: name, moduleDirectory: moduleDirectory, options: options)
        strict = options.strict
        proxy = AttributesProxy(lua: script.lua)
        guard let kind = Kind.detect(script) else {
            throw ScriptError(kind: .invalidValue, message: "\(name): \(Self.notALayout)")
        }
        self.kind = kind
        step = kind.makeStep(script: script, options: options)
        flowAdditions = kind == .flow ? FlowAddedElements(script: script) : nil
        prepared = step.unprepared
        registerSuperQueries()
        try checkNames()
    }

    /// Records near-miss names (new ones may appear as the script runs), or fails on them.
    private func checkNames() throws(ScriptError) {
        let found = script.nearMisses()
        if strict, let first = found.first {
            throw ScriptError(kind: .invalidValue, message: "\(first.site): \(first.message) (strict mode)")
        }
        warnings += found.map { "\($0.site): warning: \($0.message)" }
    }

    // MARK: Lifecycle

    public func prepare(in context: CollectionContext) throws {
        try script.lua.balanced { try prepareBalanced(in: context) }
    }

    private func prepareBalanced(in context: CollectionContext) throws {
        isPrepared = false
        defer { isPrepared = true }
        script.binding.contentSize = nil
        try script.refreshFields()
        try checkNames()
        try script.reseed()
        prepared = try step.compute(context: context)
        warnings += step.warnings
        if let flowAdditions, script.hasCallback("prepare") {
            // A flow subclass's prepare runs after super's: super queries and `cv.contentSize`
            // answer with the flow's own elements meanwhile.
            isPrepared = true
            script.binding.contentSize = prepared.contentSize
            prepared = try flowAdditions.add(to: prepared, context: context)
        }
        script.binding.contentSize = collectionViewContentSize
        flipWidth = context.layoutDirection == .rightToLeft && flipsHorizontally ? collectionViewContentSize.width : nil
    }

    /// Drops the prepared elements: `capture` reads the layout's values again, and the
    /// elements of the first prepare need not stay in memory meanwhile.
    func releasePrepared() {
        prepared = step.unprepared
        isPrepared = false
    }

    // MARK: Right-to-left

    /// The content width frames are mirrored across after a prepare in a right-to-left
    /// collection view (UIKit's `flipsHorizontallyInOppositeLayoutDirection`); nil when they
    /// are not. The layout and its hooks work in left-to-right coordinates; every answer is
    /// mirrored on the way out and every rect or point mirrored on the way in, as the
    /// collection view does.
    private var flipWidth: Double?

    /// Whether the layout's answers are mirrored (a right-to-left prepare of a layout that flips).
    package var isFlippedHorizontally: Bool { flipWidth != nil }

    /// The layout table's `flipsHorizontallyInOppositeLayoutDirection`, else UIKit's default:
    /// true for flow and compositional layouts, false for custom ones.
    private var flipsHorizontally: Bool {
        script.pushFields()
        defer { script.lua.pop(2) }
        if script.lua.rawGet(tableAt: -1, field: "flipsHorizontallyInOppositeLayoutDirection") == .boolean {
            return script.lua.boolean(at: -1)
        }
        return kind != .custom
    }

    func mirrored(_ attributes: LayoutAttributes) -> LayoutAttributes {
        guard let flipWidth else { return attributes }
        var result = attributes
        result.frame.origin.x = flipWidth - attributes.frame.x - attributes.frame.width
        return result
    }

    func mirrored(_ rect: Rect) -> Rect {
        guard let flipWidth else { return rect }
        var result = rect
        result.origin.x = flipWidth - rect.x - rect.width
        return result
    }

    /// How many elements the last prepare placed.
    public var elementCount: Int { prepared.elementCount }

    public var collectionViewContentSize: Size { prepared.contentSize }

    /// The parts of the content that scroll on their own (a compositional layout's orthogonal
    /// sections), as the last prepare placed them.
    package var scrollRegions: [ScrollRegion] {
        (prepared.dynamics?.scrollRegions ?? []).map {
            var region = $0
            region.frame = mirrored($0.frame)
            return region
        }
    }

    /// Whether `key` scrolls with its section's region (cells and item supplementaries).
    package func scrollsWithRegion(_ key: ElementKey) -> Bool { prepared.dynamics?.scrollsWithRegion(key) ?? false }

    /// Where orthogonal section `section` comes to rest when a swipe released at `release` with
    /// `velocity` proposes `proposed`.
    package func targetOffset(
        inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double
    ) -> Double {
        prepared.dynamics?.targetOffset(
            inRegion: section, releasedAt: release, proposed: proposed, velocity: velocity) ?? proposed
    }

    // MARK: Queries

    public func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        try script.lua.balanced { try elements(in: mirrored(rect), context: context).map(mirrored) }
    }

    private func elements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        let base = try prepared.elements(in: rect, context: context)
        return try applyListHook(try applyAttributesHook(base, context: context), rect: rect, context: context)
    }

    public func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] {
        try script.lua.balanced { try allElements(context: context).map(mirrored) }
    }

    private func allElements(context: CollectionContext) throws -> [LayoutAttributes] {
        let base = try prepared.allElements(context: context)
        // The whole listing is the query of the whole content.
        let content = Rect(origin: .zero, size: collectionViewContentSize)
        return try applyListHook(try applyAttributesHook(base, context: context), rect: content, context: context)
    }

    /// The whole listing for the writers: the store itself when no hook changes what it holds,
    /// so a million elements are written without a million `LayoutAttributes` in between.
    package func allElementList(context: CollectionContext) throws -> ElementList {
        let hooked = script.lua.balanced {
            script.hasCallback("attributes") || script.hasCallback("layoutAttributesForElements")
        }
        guard !hooked, flipWidth == nil else { return ElementList(try allLayoutAttributes(context: context)) }
        return try prepared.allElementList(context: context)
    }

    public func layoutAttributesForItem(
        at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try single(.cell(indexPath.section, indexPath.item), context: context)
    }

    public func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try single(ElementKey(category: .supplementary, kind: kind, indexPath: indexPath), context: context)
    }

    public func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try single(ElementKey(category: .decoration, kind: kind, indexPath: indexPath), context: context)
    }

    private func single(_ key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        try script.lua.balanced { try singleBalanced(key, context: context).map(mirrored) }
    }

    private func singleBalanced(_ key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        guard let base = try prepared.attributes(for: key, context: context),
            let hooked = try applyAttributesHook([base], context: context).first
        else { return nil }
        // UIKit's `layoutAttributesForItem(at:)` and its siblings, overridden apart from the
        // rect query: the last word on one element.
        return try edit(hooked, with: Self.singleElementHook(key.category), context: context)
    }

    /// Whether the layout defines a single-element hook (`layoutAttributesForItem`, …).
    package var overridesSingleElements: Bool {
        script.lua.balanced {
            ElementCategory.allCases.contains { script.hasCallback(Self.singleElementHook($0)) }
        }
    }

    /// The single-element hook of a category (`layoutAttributesForItem` and its siblings).
    static func singleElementHook(_ category: ElementCategory) -> String {
        switch category {
        case .cell: "layoutAttributesForItem"
        case .supplementary: "layoutAttributesForSupplementaryElement"
        case .decoration: "layoutAttributesForDecorationElement"
        }
    }

    /// What is drawn and hit (docs/parity.md §4): each element a rect query returned, through the
    /// single-element hook of its category when the layout defines one — so the simulator's
    /// pictures and taps, the preview and `run`'s pictures agree with `--item`. The hooks see
    /// left-to-right frames, as everywhere.
    package func drawnAttributes(
        _ elements: [LayoutAttributes], context: CollectionContext
    ) throws -> [LayoutAttributes] {
        guard overridesSingleElements else { return elements }
        return try script.lua.balanced { () throws(ScriptError) -> [LayoutAttributes] in
            var hooks: [ElementCategory: String] = [:]
            for category in ElementCategory.allCases where script.hasCallback(Self.singleElementHook(category)) {
                hooks[category] = Self.singleElementHook(category)
            }
            guard !hooks.isEmpty else { return elements }
            var drawn = elements
            for index in drawn.indices {
                guard let hook = hooks[drawn[index].category] else { continue }
                drawn[index] = mirrored(try edit(mirrored(drawn[index]), with: hook, context: context))
            }
            return drawn
        }
    }

    /// Rect-query phase: `attributes(cv, a)` adjusts each returned element.
    private func applyAttributesHook(
        _ list: [LayoutAttributes], context: CollectionContext
    ) throws(ScriptError) -> [LayoutAttributes] {
        guard !list.isEmpty, script.pushCallback("attributes") else { return list }
        // The hook is looked up once per query and called for every element from the stack.
        let lua = script.lua
        let hook = lua.absoluteIndex(-1)
        defer { proxy.begin() }
        var result: [LayoutAttributes] = []
        result.reserveCapacity(list.count)
        for attributes in list {
            proxy.begin()
            lua.pushValue(at: hook)
            try script.binding.push(context)
            let slot = proxy.push(attributes)
            try script.call(arguments: 2, results: 0, evaluating: "attributes(cv, a) for \(attributes.key)")
            result.append(proxy.slots[slot])
        }
        lua.remove(at: hook)
        return result
    }

    /// UIKit's override of `layoutAttributesForElements(in:)`: the hook receives the elements
    /// of `rect` (after `attributes`) and returns the array to report, edited, filtered or with
    /// elements added (typically fetched by a super query and moved into view).
    private func applyListHook(
        _ list: [LayoutAttributes], rect: Rect, context: CollectionContext
    ) throws(ScriptError) -> [LayoutAttributes] {
        let name = "layoutAttributesForElements"
        guard script.pushCallback(name) else { return list }
        let lua = script.lua
        proxy.begin()
        defer { proxy.begin() }
        try script.binding.push(context)
        lua.push(rect)
        lua.newTable(arrayCount: Int32(clamping: list.count))
        for (offset, attributes) in list.enumerated() {
            proxy.push(attributes)
            lua.rawSet(tableAt: -2, index: offset + 1)
        }
        let evaluating = "\(name)(cv, rect, elements)"
        try script.call(arguments: 3, results: 1, evaluating: evaluating)
        guard lua.type(at: -1) == .table else {
            throw script.badReturn(
                name, "must return the array of elements to report, got \(lua.type(at: -1).name)",
                evaluating: evaluating)
        }
        var result: [LayoutAttributes] = []
        var positions: [ElementKey: Int] = [:]
        let count = lua.rawLength(at: -1)
        // Each entry must be a distinct object of this call, so no more than `slots` can be valid.
        result.reserveCapacity(min(count, proxy.slots.count))
        for offset in 0..<count {
            let position = offset + 1
            let type = lua.rawGet(tableAt: -1, index: position)
            guard let slot = proxy.slot(at: -1) else {
                throw script.badReturn(
                    name,
                    "returned \(type == .userdata ? "an attributes object of another call" : "a \(type.name)") at index \(position) (expected the attributes objects of this call)",
                    evaluating: evaluating)
            }
            lua.pop(1)
            let attributes = proxy.slots[slot]
            if let first = positions[attributes.key] {
                throw script.badReturn(
                    name, "returned \(attributes.key) twice (at indexes \(first) and \(position))",
                    evaluating: evaluating)
            }
            positions[attributes.key] = position
            result.append(attributes)
        }
        lua.pop(1)
        // Reported in the contract's order, whatever order the hook returned.
        result.sort { $0.key < $1.key }
        return result
    }

    /// Runs `hook(cv, a)` on one element, if the script defines it.
    func edit(
        _ attributes: LayoutAttributes, with hook: String, context: CollectionContext
    ) throws(ScriptError) -> LayoutAttributes {
        guard script.pushCallback(hook) else { return attributes }
        proxy.begin()
        defer { proxy.begin() }
        try script.binding.push(context)
        let slot = proxy.push(attributes)
        try script.call(arguments: 2, results: 0, evaluating: "\(hook)(cv, a) for \(attributes.key)")
        return proxy.slots[slot]
    }

    // MARK: Scrolling

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool {
        try script.lua.balanced { try shouldInvalidateBalanced(mirrored(newBounds), context: context) }
    }

    private func shouldInvalidateBalanced(_ newBounds: Rect, context: CollectionContext) throws -> Bool {
        if script.pushCallback("shouldInvalidateLayoutForBoundsChange") {
            try script.binding.push(context)
            script.lua.push(newBounds)
            try script.call(
                arguments: 2, results: 1, evaluating: "shouldInvalidateLayoutForBoundsChange(cv, newBounds)")
            defer { script.lua.pop(1) }
            guard script.lua.type(at: -1) == .boolean else {
                throw script.badReturn(
                    "shouldInvalidateLayoutForBoundsChange",
                    "must return a boolean, got \(script.lua.type(at: -1).name)",
                    evaluating: "shouldInvalidateLayoutForBoundsChange(cv, newBounds)")
            }
            return script.lua.boolean(at: -1)
        }
        return prepared.shouldInvalidateLayout(forBoundsChange: newBounds, context: context)
    }

    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point {
        guard flipWidth != nil else {
            return try script.lua.balanced { try targetBalanced(proposedContentOffset, velocity, context) }
        }
        // The offset is the bounds' origin: mirrored as the bounds are.
        let size = context.bounds.size
        let proposed = mirrored(Rect(origin: proposedContentOffset, size: size)).origin
        let target = try script.lua.balanced {
            try targetBalanced(proposed, Point(x: -velocity.x, y: velocity.y), context)
        }
        return mirrored(Rect(origin: target, size: size)).origin
    }

    private func targetBalanced(
        _ proposedContentOffset: Point, _ velocity: Point, _ context: CollectionContext
    ) throws -> Point {
        guard script.pushCallback("targetContentOffset") else {
            return prepared.targetContentOffset(
                forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity, context: context)
        }
        let lua = script.lua
        try script.binding.push(context)
        lua.push(proposedContentOffset)
        lua.push(velocity)
        let evaluating = "targetContentOffset(cv, proposed, velocity)"
        try script.call(arguments: 3, results: 2, evaluating: evaluating)
        defer { lua.pop(2) }
        if let x = lua.number(at: -2), let y = lua.number(at: -1), x.isFinite, y.isFinite {
            return Point(x: x, y: y)
        }
        if let point = lua.point(at: -2), point.x.isFinite, point.y.isFinite { return point }
        throw script.badReturn(
            "targetContentOffset", "must return x, y (or {x=, y=}) as finite numbers", evaluating: evaluating)
    }
}
