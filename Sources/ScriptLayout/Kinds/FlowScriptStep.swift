import LayoutEngine

/// `flow{...}`: the properties read once per prepare, the delegate callbacks answered by the
/// script, then `FlowLayout.compute`.
struct FlowScriptStep: ScriptComputeStep {
    let script: LayoutScript
    let delegate: LuaFlowDelegate
    /// Self-sizing keeps the estimates (`--estimates`).
    let estimatesOnly: Bool

    init(script: LayoutScript, estimatesOnly: Bool = false) {
        self.script = script
        self.estimatesOnly = estimatesOnly
        delegate = LuaFlowDelegate(script: script)
    }

    var unprepared: PreparedLayout { FlowLayout.unprepared }

    func compute(context: CollectionContext) throws -> PreparedLayout {
        var estimated: Size?
        let configuration = try FlowConfigurationReader(script: script).read(
            context: context, estimatedItemSize: &estimated)
        // UIKit's self-sizing flow: estimates first, then each measured size restacks the lines.
        let sizes: any FlowLayoutDelegate =
            estimated.map {
                SelfSizingFlowDelegate(base: delegate, script: script, estimated: $0, measure: !estimatesOnly)
            } ?? delegate
        do {
            return try FlowLayout.compute(
                configuration: configuration, delegate: sizes, context: context, byteLimit: script.engineByteLimit)
        } catch let error as LayoutError {
            throw ScriptError(kind: .invalidValue, message: "\(script.flowSite): \(error.message)")
        }
    }
}
