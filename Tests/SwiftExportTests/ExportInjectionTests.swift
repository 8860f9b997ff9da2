import Foundation
import TestExpectations
import Testing

@testable import SwiftExport

/// Issue 30, item 2: no text reaches generated Swift unescaped. Paths, options and kinds are
/// generated with every control character (and the line and paragraph separators, the
/// bidirectional controls and the byte-order mark), each around Swift that would declare
/// `pwned`; every file must parse, keep no raw control character in a comment or literal, and
/// declare nothing but its layout, its element kinds and nothing else.
@Suite("export --swift: nothing injected")
struct ExportInjectionTests {
    static let scalars: [Unicode.Scalar] =
        (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) }
        + [0x7F, 0x85, 0x9B, 0x2028, 0x2029, 0x202E, 0x2066, 0xFEFF]
        .compactMap(Unicode.Scalar.init)

    static func layout(kind: String) -> String {
        let literal = kind.unicodeScalars.map { "\\u{" + String($0.value, radix: 16) + "}" }.joined()
        return """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.absolute(44) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44), subitems = {item} }
            return compositional{ section = C.section{ group = group,
              boundarySupplementaryItems = { C.boundarySupplementaryItem{ kind = "\(literal)", alignment = "top",
                width = C.fractionalWidth(1), height = C.absolute(20) } },
              decorationItems = { C.background{ kind = "\(literal)" } } } }
            """
    }

    @Test func everyControlCharacterStaysInItsCommentOrLiteral() throws {
        let folder = NSTemporaryDirectory() + "export-injection-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (index, scalar) in Self.scalars.enumerated() {
            let c = String(Character(scalar))
            let payload = "x\(c)func pwned() { print(\"owned\") }\(c)/* \(c)*/\"\(c)\\"
            let exported = try Exported(
                Self.layout(kind: "k" + payload), name: "Case\(index)", scriptName: "dir\(payload)/layout.lua",
                evaluatedFor: "--data d\(payload).json --state note=\(payload)")
            try require(exported.refusals.isEmpty)
            let scan = SwiftSourceScanner.scan(exported.swift)
            expect(
                scan.rawControlCharacters.isEmpty, "U+\(String(scalar.value, radix: 16)): raw in a comment or literal")
            expect(!scan.unterminatedLiteral, "U+\(String(scalar.value, radix: 16))")
            expect(
                !scan.code.contains { $0.contains("pwned") }, "U+\(String(scalar.value, radix: 16)): code says pwned")
            expect(
                SwiftSourceScanner.topLevelDeclarations(scan) == [
                    "enum Case\(index)ElementKind", "func makeCase\(index)Layout",
                ],
                "U+\(String(scalar.value, radix: 16))")
            let file = folder + "/Case\(index).swift"
            try exported.swift.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        // The compiler agrees: every file parses.
        expectEqual(try SwiftSourceScanner.parse(files), "")
    }

    /// The scanner sees through what it must: a raw newline in a comment is two lines, the
    /// second of them code.
    @Test func theScannerSeesAnInjection() {
        let scan = SwiftSourceScanner.scan("// from x\nfunc pwned() {}\n// rest\nlet s = \"a\\\"b\"")
        expectEqual(SwiftSourceScanner.topLevelDeclarations(scan), ["func pwned", "let s"])
        expectEqual(scan.code[1], "func pwned() {}")
        expectEqual(scan.code[3], "let s = \"\"")
    }
}
