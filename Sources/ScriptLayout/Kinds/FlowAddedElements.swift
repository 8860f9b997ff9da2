import LayoutEngine

/// A flow subclass's own elements: `flow{ ..., prepare = function(cv, out) ... end }` runs
/// after the flow placed its elements (UIKit's `super.prepare()`), adds supplementary and
/// decoration views through `out` (section backgrounds, separators, badges), and they are
/// stored with the flow's, so every query returns them and every hook sees them.
struct FlowAddedElements {
    let script: LayoutScript
    private let sink: ElementSink

    init(script: LayoutScript) {
        self.script = script
        sink = ElementSink(
            lua: script.lua,
            cellsRefused: "the flow owns the cells; a flow's prepare adds supplementary and decoration views")
    }

    /// Runs the flow's `prepare(cv, out)` (super queries answer with `flow` meanwhile) and
    /// returns `flow` with the added elements stored beside its own; `out:contentSize` replaces
    /// the flow's content size. Pinned headers and footers stay the flow's: added elements do
    /// not pin.
    func add(to flow: PreparedLayout, context: CollectionContext) throws -> PreparedLayout {
        try sink.collect(prepareOf: script, context: context)
        var result = flow
        do {
            let added = try sink.finish()
            if let size = sink.contentSize { result.contentSize = size }
            guard added.count > 0 else { return result }
            var builder = ElementStoreBuilder()
            builder.reserveCapacity(flow.store.count + added.count)
            for position in 0..<flow.store.count { try builder.append(flow.store.attributes(at: position)) }
            for position in 0..<added.count {
                let attributes = added.attributes(at: position)
                // A pinned header or footer lives outside the flow's store: it is the flow's too.
                if try flow.attributes(for: attributes.key, context: context) != nil {
                    throw LayoutError(
                        "\(attributes.key) is the flow's own element: add elements of other kinds or index paths")
                }
                try builder.append(attributes)
            }
            result.store = try builder.build()
        } catch let error as LayoutError {
            throw ScriptError(
                kind: .invalidValue, message: "\(script.location(ofCallback: "prepare")): \(error.message)",
                evaluating: "prepare(cv, out)")
        }
        return result
    }
}
