import Foundation

/// What a host reads from `lualayout export --swift`'s output to call it.
package enum ExportedSwift {
    /// The labels of the parameters of the exported `func NAME(…)` (`makeCase3Layout(backgroundView:)`):
    /// one view class per decoration kind, which the layout registers.
    package static func parameters(of function: String, in source: String) -> [String] {
        guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix("func \(function)(") }),
            let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")")
        else { return [] }
        return line[line.index(after: open)..<close].split(separator: ",").compactMap {
            $0.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
