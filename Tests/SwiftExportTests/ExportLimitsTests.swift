import Foundation
import TestExpectations
import Testing

@testable import SwiftExport

/// Issue 30, items 3, 4 and 8: the layout's own name is claimed like every other (a kind
/// named `layout` or `Layout` is renamed, never redeclared); names cost O(1) each; what an
/// export keeps is charged to `--max-memory`.
@Suite("export --swift: names and limits")
struct ExportLimitsTests {
    /// Kinds named `layout` and `Layout` (whose identifier is `layout`) and a decoration of
    /// kind `layout`: the layout keeps its name, each kind gets the next one, nothing is
    /// declared twice in a scope.
    @Test func kindsNamedLayoutAreRenamed() throws {
        let exported = try Exported(
            """
            local C = compositional
            local function header(kind) return C.boundarySupplementaryItem{ kind = kind, alignment = "top",
              width = C.fractionalWidth(1), height = C.absolute(20) } end
            local item = C.item{ width = C.fractionalWidth(1), height = C.absolute(44) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44), subitems = {item} }
            return compositional{ section = C.section{ group = group,
              boundarySupplementaryItems = { header("layout"), header("Layout") },
              decorationItems = { C.background{ kind = "layout" } } } }
            """)
        let declared = exported.body.split(separator: "\n").compactMap { line -> Substring? in
            guard let range = line.range(of: "    let ") else { return nil }
            return line[range.upperBound...].prefix { $0 != " " }
        }
        expectEqual(Set(declared).count, declared.count, "\(declared)")
        expect(declared.contains("layout") && declared.contains("layout2") && declared.contains("layout3"))
        expectContains(exported.body, "    let layout = UICollectionViewCompositionalLayout(section: section)\n")
        expect(
            exported.body.contains(
                "    static let layout = \"layout\"\n    /// Supplementary: \"Layout\".\n    static let layout2 = \"Layout\"\n"
            ))
    }

    /// The Swift an export writes is charged to `--max-memory`: 400 sections, each with a
    /// header of its own 2,000-character kind, keep about 0.5 MB of sections but write about
    /// 1.6 MB of Swift (each kind in the enum and its comment): under a 1 MiB cap, a refusal
    /// naming the cap, never a partial file; under 4 MiB, the whole file.
    @Test func theSwiftIsChargedToMaxMemory() throws {
        let provider = """
            local C = compositional
            return compositional{ sectionProvider = function(cv, s)
              local item = C.item{ width = C.fractionalWidth(1), height = C.absolute(44) }
              local header = C.boundarySupplementaryItem{ kind = string.rep("k", 2000) .. s, alignment = "top",
                width = C.fractionalWidth(1), height = C.absolute(20) }
              return C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1),
                height = C.absolute(44), subitems = {item} }, boundarySupplementaryItems = {header} }
            end }
            """
        let counts = Array(repeating: 1, count: 400)
        let capped = try Exported(provider, counts: counts, memoryLimit: 1 << 20)
        expect(
            capped.refusals == [
                "layout.lua: the exported Swift exceeds the memory cap (1 MiB; raise it with --max-memory)"
            ]
        )
        expect(capped.swift.isEmpty)
        let whole = try Exported(provider, counts: counts, memoryLimit: 4 << 20)
        expect(whole.refusals.isEmpty)
        expect(whole.swift.utf8.count > 1 << 20)
        expect(
            whole.header.contains {
                $0.hasPrefix("// Element kinds (TestElementKind): the data source serves 400 kinds.")
            })
    }
}
