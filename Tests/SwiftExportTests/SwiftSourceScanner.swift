import Foundation

/// A lexer for the Swift an export writes: what is code, what is a comment and what is inside
/// a string literal, so that a test can see what a file declares whatever its comments and
/// literals hold.
enum SwiftSourceScanner {
    struct Scan {
        /// The code of each line, comments dropped and every literal's contents emptied.
        var code: [String] = []
        /// The raw control characters found in comments and literals (there must be none).
        var rawControlCharacters: [Unicode.Scalar] = []
        var unterminatedLiteral = false
    }

    static func scan(_ source: String) -> Scan {
        var result = Scan()
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var code = ""
            var scalars = Array(line.unicodeScalars)[...]
            var inLiteral = false
            while let scalar = scalars.popFirst() {
                if inLiteral {
                    if scalar == "\\" {
                        _ = scalars.popFirst()
                    } else if scalar == "\"" {
                        inLiteral = false
                        code += "\""
                    } else if isControl(scalar) {
                        result.rawControlCharacters.append(scalar)
                    }
                    continue
                }
                if scalar == "/", scalars.first == "/" {
                    result.rawControlCharacters += scalars.filter(isControl)
                    break
                }
                if scalar == "\"" {
                    inLiteral = true
                    code += "\""
                    continue
                }
                code.unicodeScalars.append(scalar)
            }
            if inLiteral { result.unterminatedLiteral = true }
            result.code.append(code)
        }
        return result
    }

    /// A line break, control character or bidirectional control a reader or the compiler
    /// could misread.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0x061C, 0x200E, 0x200F, 0x202A...0x202E,
            0x2066...0x2069:
            true
        default: false
        }
    }

    /// The names declared at the top level (`func makeXLayout`, `enum XElementKind`, `final
    /// class X`), from the code of every line not indented.
    static func topLevelDeclarations(_ scan: Scan) -> [String] {
        scan.code.compactMap { line -> String? in
            guard let first = line.first, first != " " else { return nil }
            let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
            for (index, word) in words.enumerated()
            where ["func", "enum", "class", "struct", "let", "var"].contains(word) {
                return index + 1 < words.count ? word + " " + words[index + 1] : nil
            }
            return nil
        }
    }

    /// Runs `swiftc -parse` on the files; the compiler's output, empty when they all parse.
    static func parse(_ files: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse"] + files
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : String(decoding: data, as: UTF8.self)
    }
}
