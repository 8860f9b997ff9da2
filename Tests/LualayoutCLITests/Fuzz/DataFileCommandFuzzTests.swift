import Foundation
import TestSupport
import Testing

/// Random data files through the CLI: a data file never crashes a run: exit 0, or 2 with a
/// message that names the file (and line:column), or 1 located in the script.
@Suite("fuzz: data files through lualayout run")
struct DataFileCommandFuzzTests {
    /// Through `lualayout run --data` in-process, with a script that reads every payload.
    @Test func dataFilesThroughTheCLI() throws {
        let directory = NSTemporaryDirectory() + "lualayout-fuzz-data-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/layout.lua"
        try """
        local function walk(v)
          if type(v) ~= "table" then return 1 end
          local n = 1
          for _, x in pairs(v) do n = n + walk(x) end
          return n
        end
        return {
          prepare = function(cv, out)
            for s = 0, cv.numberOfSections - 1 do
              for i = 0, cv:numberOfItems(s) - 1 do
                out:cell(s, i, i * 10, s * 10, 10, walk(cv:itemData(s, i)))
              end
            end
          end,
        }
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let data = directory + "/data.json"
        fuzz("dataFilesThroughTheCLI", defaultIterations: 40) { random, tally in
            let (text, expectedItems) = JSONDocuments.dataFile(&random)
            let corrupted = random.chance(0.4)
            let bytes = corrupted ? JSONDocuments.corrupt(text, &random) : text
            guard FileManager.default.createFile(atPath: data, contents: Data(bytes)) else {
                return ["cannot write \(data)"]
            }
            let result = lualayout("run", script, "--data", data, "--format", "table", "--max-memory", "64M")
            tally.add("exit \(result.status)")
            let verdict = ReferenceJSON.verdict(bytes)
            switch result.status {
            case 0:
                if verdict != .valid && !(verdict == .leadingZero && KnownIssues.leadingZerosAccepted) {
                    return ["exit 0 for a data file the grammar refuses (\(verdict)): \(JSONDocuments.show(bytes))"]
                }
                if !corrupted, let expectedItems,
                    !result.out.contains(expectedItems == 1 ? " 1 element\n" : " \(expectedItems) elements")
                {
                    return ["expected \(expectedItems) elements: \(result.out.prefix(200))"]
                }
                return []
            case 2:
                guard result.err.hasPrefix(data + ":") else {
                    return ["exit 2 without naming the file: \(result.err.prefix(300))"]
                }
                let located =
                    result.err.dropFirst(data.count).range(of: #"^:\d+:\d+: "#, options: .regularExpression) != nil
                if verdict == .invalid || verdict == .tooDeep, !located {
                    return ["a parse error without line:column: \(result.err.prefix(300))"]
                }
                if !corrupted, expectedItems != nil, verdict == .valid {
                    return ["refused a valid data file: \(result.err.prefix(300))"]
                }
                return []
            case 1:
                // Only the script may fail (a payload too deep for the Lua stack), located.
                return result.err.contains("layout.lua:")
                    ? [] : ["exit 1 without a script location: \(result.err.prefix(300))"]
            default:
                return ["exit \(result.status): \(result.err.prefix(300))"]
            }
        }
    }
}
