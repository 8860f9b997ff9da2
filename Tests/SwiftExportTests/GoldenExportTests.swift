import Foundation
import TestExpectations
import Testing

@testable import SwiftExport

/// The App-Store-like example exported (its section provider translated, as `lualayout export`
/// writes it) is a golden file, and docs/export.md shows it whole.
/// Rewrite the golden with `LUALAYOUT_UPDATE_GOLDEN=1 swift test --filter GoldenExportTests`.
@Suite("export --swift: golden files")
struct GoldenExportTests {
    static let golden = repositoryRoot + "/Tests/SwiftExportTests/Golden/AppStoreLayout.swift.golden"

    static func appStore() throws -> String {
        let source = try String(
            contentsOfFile: repositoryRoot + "/Examples/compositional/app-store.lua", encoding: .utf8)
        return try Exported(
            source, counts: [5, 12, 10], name: "AppStore", scriptName: "Examples/compositional/app-store.lua",
            translatesProvider: true
        ).body
    }

    @Test func appStoreMatchesTheGoldenFile() throws {
        let exported = try Self.appStore()
        if ProcessInfo.processInfo.environment["LUALAYOUT_UPDATE_GOLDEN"] == "1" {
            try exported.write(toFile: Self.golden, atomically: true, encoding: .utf8)
        }
        expectEqual(exported, (try String(contentsOfFile: Self.golden, encoding: .utf8)))
    }

    /// docs/export.md's table of the UIKit APIs whose availability an export reads is the
    /// exporter's own list, row for row.
    @Test func docsListEveryVersionedAPI() throws {
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/export.md", encoding: .utf8)
        for api in UIKitAPI.allCases {
            let deprecated = api.deprecation.map { "iOS \($0.version), for `\($0.replacement.swiftName)`" } ?? "—"
            let row = "| `\(api.swiftName)` | iOS \(api.introduced) | \(deprecated) | <\(api.page)> |"
            expectContains(docs, row, "docs/export.md must list \(row)")
        }
    }

    @Test func docsShowTheExport() throws {
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/export.md", encoding: .utf8)
        expectContains(docs, try Self.appStore(), "docs/export.md must show the App Store export as exported")
    }
}
