/// Collects a compositional prepare's elements: cells straight into the store builder (they
/// arrive in index-path order, so the store needs no sort), supplementaries and decorations
/// aside, sorted into output order at the end.
struct CompositionalElementSink {
    struct Pending {
        var category: ElementCategory
        var kind: String
        var section: Int32
        var item: Int32
        var frame: Rect
        var zIndex: Int32
        var custom: [String: LayoutValue] = [:]
    }

    var builder: ElementStoreBuilder
    var pending: [Pending] = []
    /// Maps a frame from layout space to output space (a horizontal layout's transpose).
    let transposed: Bool
    let rounding: CompositionalRounding
    var overflow: String?

    /// `byteLimit`: what the elements, those held aside included, may take.
    init(transposed: Bool, rounding: CompositionalRounding, byteLimit: Int = .max) {
        self.transposed = transposed
        self.rounding = rounding
        builder = ElementStoreBuilder(byteLimit: byteLimit)
    }

    /// The output frame of a layout-space frame: transposed back if needed, then rounded.
    @inline(__always)
    func output(_ frame: Rect) -> Rect {
        let f = transposed ? Rect(x: frame.y, y: frame.x, width: frame.height, height: frame.width) : frame
        return rounding.round(f)
    }

    @inline(__always)
    mutating func cell(section: Int32, item: Int32, frame: Rect, zIndex: Int32) {
        let f = output(frame)
        if overflow == nil, !(f.isFinite && f.maxX.isFinite && f.maxY.isFinite) {
            overflow =
                "cell [\(section), \(item)]: \(AttributeRules.frameProblem(f) ?? "frame is not finite") (sizes, spacings or insets too large)"
        }
        builder.append(category: .cell, kindID: 0, section: section, item: item, frame: f, zIndex: zIndex)
    }

    /// A cell with custom fields (list rows' `cornerRadius`).
    mutating func cell(section: Int32, item: Int32, frame: Rect, zIndex: Int32, custom: [String: LayoutValue]) {
        cell(section: section, item: item, frame: frame, zIndex: zIndex)
        if !custom.isEmpty { builder.setExtrasOfLast(transform3D: .identity, custom: custom) }
    }

    mutating func add(
        _ category: ElementCategory, kind: String, section: Int, item: Int, frame: Rect, zIndex: Int,
        custom: [String: LayoutValue] = [:]
    ) {
        // Held aside until `build`, then stored: charged as both.
        builder.charge(MemoryLayout<Pending>.stride)
        guard !builder.isOverLimit else { return }
        pending.append(
            Pending(
                category: category, kind: kind, section: Int32(clamping: section), item: Int32(clamping: item),
                frame: output(frame), zIndex: Int32(clamping: zIndex), custom: custom))
    }

    mutating func build() throws -> ElementStore {
        if let overflow { throw LayoutError(overflow) }
        if builder.isOverLimit { throw builder.memoryError }
        pending.sort {
            ($0.category.rawValue, $0.kind, $0.section, $0.item) < ($1.category.rawValue, $1.kind, $1.section, $1.item)
        }
        for p in pending {
            if let problem = AttributeRules.frameProblem(p.frame) {
                throw LayoutError("\(p.category.name) \"\(p.kind)\" [\(p.section), \(p.item)]: \(problem)")
            }
            builder.append(
                category: p.category, kindID: try builder.kindID(p.kind), section: p.section, item: p.item,
                frame: p.frame, zIndex: p.zIndex)
            if !p.custom.isEmpty { builder.setExtrasOfLast(transform3D: .identity, custom: p.custom) }
        }
        return try builder.build()
    }
}
