import LayoutEngine
import LuaRuntime

/// A custom layout: the script's `prepare(cv, out)` places every element through `out`.
struct CustomScriptStep: ScriptComputeStep {
    let script: LayoutScript
    private let sink: ElementSink

    init(script: LayoutScript) {
        self.script = script
        sink = ElementSink(lua: script.lua)
    }

    var unprepared: PreparedLayout { .empty }

    func compute(context: CollectionContext) throws -> PreparedLayout {
        try sink.collect(prepareOf: script, context: context)
        let store: ElementStore
        do {
            store = try sink.finish()
        } catch {
            throw ScriptError(
                kind: .invalidValue, message: "\(script.location(ofCallback: "prepare")): \(error.message)",
                evaluating: "prepare(cv, out)")
        }
        if script.hasCallback(LazyScriptElements.rectCallback) { return try lazy(store, context: context) }
        if let size = sink.contentSize { return PreparedLayout(store: store, contentSize: size) }
        // Without out:contentSize, the content reaches the far edges of what was placed.
        var width = 0.0, height = 0.0
        for position in 0..<store.count {
            let frame = store.frame(at: position)
            width = max(width, frame.maxX)
            height = max(height, frame.maxY)
        }
        return PreparedLayout(store: store, contentSize: Size(width: width, height: height))
    }

    /// A layout answering `elementsInRect` (`LazyScriptElements`): prepare placed nothing and
    /// gave the content size; `itemAttributes` is there too.
    private func lazy(_ store: ElementStore, context: CollectionContext) throws -> PreparedLayout {
        let rect = LazyScriptElements.rectCallback, item = LazyScriptElements.itemCallback
        let location = script.location(ofCallback: rect)
        func refuse(_ problem: String) -> ScriptError {
            ScriptError(kind: .invalidValue, message: "\(location): \(problem)", evaluating: "prepare(cv, out)")
        }
        guard script.hasCallback(item) else {
            throw refuse(
                "a layout answering \(rect)(cv, rect, out) answers \(item)(cv, section, item) too (UIKit asks every layout for both)"
            )
        }
        guard store.count == 0 else {
            throw refuse("a layout answering \(rect) places its elements there: prepare placed \(store.count)")
        }
        guard let size = sink.contentSize else {
            throw refuse("a layout answering \(rect) gives its content size with out:contentSize(w, h) in prepare")
        }
        let items = context.data.sections.reduce(0) { $0 + $1.count }
        let dynamics = LazyScriptElements(script: script, sink: sink, contentSize: size, elementCount: items)
        return PreparedLayout(store: store, contentSize: size, dynamics: dynamics)
    }
}
