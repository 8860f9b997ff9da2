import Foundation
import InputFiles
import LayoutEngine
import Testing
import TestSupport

/// Random data files, valid and corrupted: the parser agrees with an independent recogniser,
/// reads valid text back exactly, and locates every refusal (`DataFileCommandFuzzTests` runs
/// them through the CLI).
@Suite("fuzz: data files")
struct DataFileFuzzTests {
    @Test func parserAgreesWithTheGrammar() {
        fuzz("parserAgreesWithTheGrammar", defaultIterations: 3000) { random, tally in
            let (text, value) = JSONDocuments.document(&random)
            let corrupted = random.chance(0.6)
            let bytes = corrupted ? JSONDocuments.corrupt(text, &random) : text
            let verdict = ReferenceJSON.verdict(bytes)
            tally.add("\(verdict)")
            do {
                let parsed = try JSONDataParser.parse(bytes)
                switch verdict {
                case .valid:
                    if !corrupted, let value, parsed != value {
                        return ["read back \(parsed), wrote \(value): \(JSONDocuments.show(bytes))"]
                    }
                    return []
                case .leadingZero where KnownIssues.leadingZerosAccepted:
                    tally.add("known 10.14 (leading zero accepted)")
                    return []
                default:
                    return ["accepted text the grammar refuses (\(verdict)): \(JSONDocuments.show(bytes))"]
                }
            } catch let error as JSONDataParser.ParseError {
                if verdict == .valid { return ["refused valid text at \(error): \(JSONDocuments.show(bytes))"] }
                return JSONDocuments.locationProblems(error, bytes)
            }
        }
    }

    @Test func deepAndHugeDocuments() {
        fuzz("deepAndHugeDocuments", defaultIterations: 40) { random, tally in
            let depth = random.pick([1, 100, 511, 512, 513, 2000, 200_000])
            let open = random.chance(0.5) ? "[" : "{\"k\":"
            let close = open == "[" ? "]" : "}"
            var text = [UInt8](String(repeating: open, count: depth).utf8) + [UInt8]("0".utf8)
            if random.chance(0.8) { text += [UInt8](String(repeating: close, count: depth).utf8) }
            if random.chance(0.3) {
                text =
                    [UInt8]("[".utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: random.pick([20, 400, 100_000]))
                    + [UInt8]("]".utf8)
            }
            let verdict = ReferenceJSON.verdict(text)
            tally.add("\(verdict)")
            do {
                _ = try JSONDataParser.parse(text)
                return verdict == .valid
                    ? [] : ["accepted (\(verdict)) a document \(text.count) bytes long: \(JSONDocuments.show(text))"]
            } catch let error as JSONDataParser.ParseError {
                if verdict == .valid { return ["refused a valid document \(text.count) bytes long at \(error)"] }
                return JSONDocuments.locationProblems(error, text)
            }
        }
    }
}
