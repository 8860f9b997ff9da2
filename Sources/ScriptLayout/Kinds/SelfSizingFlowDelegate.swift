import LayoutEngine

/// `flow{ estimatedItemSize = {w, h} }`: every item starts at its estimate (`sizeForItem`'s
/// answer when defined, else the estimated size) and `preferredSizeForItem(cv, section, item,
/// fitting)` measures it (both axes; nil keeps the estimate), once per item per prepare. The
/// flow layout then places the measured sizes, as UIKit restacks lines after self-sizing.
final class SelfSizingFlowDelegate: FlowLayoutDelegate {
    private let base: LuaFlowDelegate
    private let script: LayoutScript
    private let estimated: Size
    private let measure: Bool

    init(base: LuaFlowDelegate, script: LayoutScript, estimated: Size, measure: Bool) {
        self.base = base
        self.script = script
        self.estimated = estimated
        self.measure = measure
    }

    func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? {
        guard count > 0 else { return nil }
        var sizes =
            try base.sizesForItems(inSection: section, count: count, context: context)
            ?? Array(repeating: estimated, count: count)
        guard measure, script.hasCallback("preferredSizeForItem") else { return sizes }
        try PreferredSize.measure(&sizes, inSection: section, script: script, context: context)
        return sizes
    }

    func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? {
        try base.insetForSection(section, context: context)
    }

    func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
        try base.minimumLineSpacingForSection(section, context: context)
    }

    func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? {
        try base.minimumInteritemSpacingForSection(section, context: context)
    }

    func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size? {
        try base.referenceSizeForHeader(inSection: section, context: context)
    }

    func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size? {
        try base.referenceSizeForFooter(inSection: section, context: context)
    }
}
