import LayoutEngine

/// One kind of script layout: reads what it needs from the script and runs the engine's pure
/// compute step for that kind, once per prepare. `ScriptLayout` keeps only the result.
protocol ScriptComputeStep {
    /// What the layout answers before its first prepare.
    var unprepared: PreparedLayout { get }

    /// Reads the configuration and computes the layout; errors are located in the script.
    func compute(context: CollectionContext) throws -> PreparedLayout

    /// Warnings of the last compute (`file:line: warning: …`), shown once per prepare.
    var warnings: [String] { get }
}

extension ScriptComputeStep {
    var warnings: [String] { [] }
}

extension ScriptLayout.Kind {
    /// The kind of layout the script's returned table is, or nil when it is none.
    static func detect(_ script: LayoutScript) -> ScriptLayout.Kind? {
        if script.flowLocation != nil { return .flow }
        if script.compositionalLocation != nil { return .compositional }
        if script.hasCallback("prepare") { return .custom }
        return nil
    }

    /// The compute step of each kind.
    func makeStep(script: LayoutScript, options: ScriptLayout.Options) -> any ScriptComputeStep {
        switch self {
        case .flow: FlowScriptStep(script: script, estimatesOnly: options.estimatesOnly)
        case .custom: CustomScriptStep(script: script)
        case .compositional: CompositionalScriptStep(script: script, estimatesOnly: options.estimatesOnly)
        }
    }
}
