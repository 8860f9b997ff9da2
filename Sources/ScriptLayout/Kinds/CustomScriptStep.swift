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
}
