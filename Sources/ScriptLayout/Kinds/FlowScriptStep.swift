import LayoutEngine

/// `flow{...}`: the properties read once per prepare, the delegate callbacks answered by the
/// script, then `FlowLayout.compute`.
struct FlowScriptStep: ScriptComputeStep {
    let script: LayoutScript
    let delegate: LuaFlowDelegate

    init(script: LayoutScript) {
        self.script = script
        delegate = LuaFlowDelegate(script: script)
    }

    var unprepared: PreparedLayout { FlowLayout.unprepared }

    func compute(context: CollectionContext) throws -> PreparedLayout {
        let configuration = try FlowConfigurationReader(script: script).read(context: context)
        do {
            return try FlowLayout.compute(configuration: configuration, delegate: delegate, context: context)
        } catch let error as LayoutError {
            throw ScriptError(kind: .invalidValue, message: "\(script.flowSite): \(error.message)")
        }
    }
}
