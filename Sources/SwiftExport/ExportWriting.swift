import LayoutEngine

/// What every writer of one export shares: the code, the element kinds, the UIKit APIs
/// written so far, the deployment target's choices and the omissions to mark.
final class ExportWriting {
    let code: SwiftCode
    let kinds: ElementKinds
    /// Where each closure inside the sections is defined (`layout.lua:30`), by id.
    let closureSites: [Int: String]
    /// Write the replacement of an API deprecated by the deployment target (`repeatingSubitem:`
    /// for `subitem:count:`, `supplementaryContentInsetsReference` for
    /// `supplementariesFollowContentInsets`).
    let replacesDeprecated: Bool
    /// The UIKit APIs of `UIKitAPI` the code uses.
    private(set) var uses: Set<UIKitAPI> = []
    /// Values UIKit lays out other than `run` does here (estimates, omissions), for the header.
    private(set) var differences: [String] = []

    init(code: SwiftCode, kinds: ElementKinds, closureSites: [Int: String], replacesDeprecated: Bool) {
        self.code = code
        self.kinds = kinds
        self.closureSites = closureSites
        self.replacesDeprecated = replacesDeprecated
    }

    /// How a provider's sections extend to every index (`SectionCycle`), for the header.
    var providerNote: String?

    func use(_ api: UIKitAPI) { uses.insert(api) }

    /// Notes, once, why UIKit's frames may differ from `run`'s.
    func differs(_ reason: String) {
        if !differences.contains(reason) { differences.append(reason) }
    }
}
