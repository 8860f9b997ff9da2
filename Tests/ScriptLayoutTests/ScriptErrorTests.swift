import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// Every bad script ends in a located error naming what was being evaluated — never a crash.
@Suite("Script errors")
struct ScriptErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var source: String
        var kind: ScriptError.Kind
        var message: String
        var evaluating: String?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "syntax", source: "return flow{\n  itemSize = {1, 2\n}", kind: .syntax,
            message: "test.lua:3: '}' expected (to close '{' at line 1) near <eof>"),
        Case(
            label: "not a layout", source: "return 42", kind: .invalidValue,
            message:
                "test.lua: the script must return its layout (flow{...} or a table with prepare(cv, out)), got number"),
        Case(
            label: "table without prepare", source: "return {}", kind: .invalidValue,
            message: "test.lua: the returned table is not a layout: use flow{...} or define prepare(cv, out)"),
        Case(
            label: "sizeForItem returns nil",
            source: """
                return flow{
                  sizeForItem = function(cv, section, item)
                    if item == 4 then return nil end
                    return 10, 10
                  end,
                }
                """, kind: .invalidValue,
            message:
                "test.lua:2: sizeForItem returned nil (expected {w, h}, {width=, height=} or two numbers) for item [0, 4]",
            evaluating: "sizeForItem(cv, 0, 4)"),
        Case(
            label: "sizeForItem negative",
            source: "return flow{ sizeForItem = function(cv, s, i) return {-1, 10} end }",
            kind: .invalidValue,
            message:
                "test.lua:1: sizeForItem returned an invalid size -1×10 (sizes must be finite and ≥ 0) for item [0, 0]",
            evaluating: "sizeForItem(cv, 0, 0)"),
        Case(
            label: "sizeForItem NaN", source: "return flow{ sizeForItem = function(cv, s, i) return 0/0, 10 end }",
            kind: .invalidValue,
            message:
                "test.lua:1: sizeForItem returned an invalid size nan×10 (sizes must be finite and ≥ 0) for item [0, 0]",
            evaluating: "sizeForItem(cv, 0, 0)"),
        Case(
            label: "sizeForItem infinite",
            source: "return flow{ sizeForItem = function(cv, s, i) return {width = math.huge, height = 1} end }",
            kind: .invalidValue,
            message:
                "test.lua:1: sizeForItem returned an invalid size inf×1 (sizes must be finite and ≥ 0) for item [0, 0]",
            evaluating: "sizeForItem(cv, 0, 0)"),
        Case(
            label: "sizeForItem wrong type", source: "return flow{ sizeForItem = function(cv, s, i) return 'big' end }",
            kind: .invalidValue,
            message:
                "test.lua:1: sizeForItem returned string (expected {w, h}, {width=, height=} or two numbers) for item [0, 0]",
            evaluating: "sizeForItem(cv, 0, 0)"),
        Case(
            label: "sizeForItem runtime error",
            source: """
                return flow{
                  sizeForItem = function(cv, section, item)
                    return item < 3 and {10, 10} or cv.nothing.width
                  end,
                }
                """, kind: .runtime,
            message: "test.lua:3: attempt to index a nil value (field 'nothing')", evaluating: "sizeForItem(cv, 0, 3)"),
        Case(
            label: "insetForSection bad",
            source: """
                return flow{
                  insetForSection = function(cv, section) return {1, 2} end,
                }
                """, kind: .invalidValue,
            message:
                "test.lua:2: insetForSection returned an invalid inset for section 0: expected {top, left, bottom, right} (4 numbers, got 2)",
            evaluating: "insetForSection(cv, 0)"),
        Case(
            label: "spacing nil", source: "return flow{ minimumLineSpacingForSection = function(cv, s) end }",
            kind: .invalidValue,
            message: "test.lua:1: minimumLineSpacingForSection returned nil for section 0 (expected a finite number)",
            evaluating: "minimumLineSpacingForSection(cv, 0)"),
        Case(
            label: "header size negative",
            source: "return flow{ referenceSizeForHeader = function(cv, s) return 0, -20 end }",
            kind: .invalidValue,
            message:
                "test.lua:1: referenceSizeForHeader returned an invalid size 0×-20 for section 0 (sizes must be finite and ≥ 0)",
            evaluating: "referenceSizeForHeader(cv, 0)"),
        Case(
            label: "flow property wrong type", source: "local layout = flow{\n  itemSize = 50,\n}\nreturn layout",
            kind: .invalidValue,
            message:
                "test.lua:2: flow{...}: itemSize must be {w, h} or {width=, height=} with finite sizes ≥ 0, got number"),
        Case(
            label: "out:cell bad index",
            source: "return { prepare = function(cv, out)\n  out:cell(0, -1, 0, 0, 1, 1)\nend }",
            kind: .runtime, message: "test.lua:2: out:cell: section and item must be integers ≥ 0, got 0 and -1",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "out:cell bad frame", source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1) end }",
            kind: .runtime, message: "test.lua:1: out:cell [0, 0]: x, y, w, h must be numbers, got 0, 0, 1, nil",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "out:cell negative size",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, -1, 1) end }",
            kind: .runtime, message: "test.lua:1: out:cell [0, 0]: frame (0, 0, -1, 1) must be finite with a size ≥ 0",
            evaluating: "prepare(cv, out)"),
        // Issue 10.10: every value is checked by one rule per kind, located at the call.
        Case(
            label: "out:cell frame overflows (extra: Swift path)",
            source: "return { prepare = function(cv, out)\n  out:cell(0, 0, 1e308, 0, 1e308, 1, {alpha = 1})\nend }",
            kind: .runtime,
            message:
                "test.lua:2: out:cell [0, 0]: frame (1e+308, 0, 1e+308, 1) overflows: its far edge x + width or y + height is not a finite number",
            evaluating: "prepare(cv, out)"),
        // A plain call overflows too: the fast path sends it to the slow one, which names its line.
        Case(
            label: "out:cell frame overflows (plain call: C fast path)",
            source:
                "return { prepare = function(cv, out)\n  out:cell(0, 0, 0, 0, 1, 1)\n  out:cell(0, 1, 0, 1e308, 1, 1e308)\nend }",
            kind: .runtime,
            message:
                "test.lua:3: out:cell [0, 1]: frame (0, 1e+308, 1, 1e+308) overflows: its far edge x + width or y + height is not a finite number",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "alpha below 0",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {alpha = -5}) end }",
            kind: .runtime, message: "test.lua:1: out:cell [0, 0]: alpha must be a number from 0 to 1, got -5",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "alpha huge",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {alpha = 1e308}) end }",
            kind: .runtime, message: "test.lua:1: out:cell [0, 0]: alpha must be a number from 0 to 1, got 1e+308",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "alpha NaN",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {alpha = 0/0}) end }",
            kind: .runtime, message: "test.lua:1: out:cell [0, 0]: alpha must be a number from 0 to 1, got nan",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "NaN nested in a custom field",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {info = {a = {1, 0/0}}}) end }",
            kind: .runtime,
            message: "test.lua:1: out:cell [0, 0]: custom field 'info' holds a non-finite number (nan) at .a[2]",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "infinity in a custom field",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {speed = -1/0}) end }",
            kind: .runtime,
            message:
                "test.lua:1: out:cell [0, 0]: custom field 'speed' holds a non-finite number (-inf) at its top level",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "hook moves a frame out of range",
            source: "return flow{ attributes = function(cv, a)\n  a.x = 1e308\n  a.width = 1e308\nend }",
            kind: .runtime,
            message:
                "test.lua:3: cell [0, 0]: setting width: frame (1e+308, 0, 1e+308, 50) overflows: its far edge x + width or y + height is not a finite number",
            evaluating: "attributes(cv, a) for cell [0, 0]"),
        Case(
            label: "hook sets alpha out of range",
            source: "return flow{ attributes = function(cv, a) a.alpha = 2 end }",
            kind: .runtime, message: "test.lua:1: cell [0, 0]: alpha must be a number from 0 to 1, got 2",
            evaluating: "attributes(cv, a) for cell [0, 0]"),
        Case(
            label: "hook sets NaN deep in a custom field",
            source: "return flow{ attributes = function(cv, a) a.tree = {{0/0}} end }",
            kind: .runtime,
            message: "test.lua:1: cell [0, 0]: custom field 'tree' holds a non-finite number (nan) at [1][1]",
            evaluating: "attributes(cv, a) for cell [0, 0]"),
        Case(
            label: "flow content overflows",
            source: "return flow{ itemSize = {100, 1e308}, minimumLineSpacing = 1e308 }",
            kind: .invalidValue,
            message:
                "test.lua:1: cell [0, 3]: frame (0, inf, 100, 1e+308) must be finite with a size ≥ 0 (sizes, spacings or insets too large)"
        ),
        Case(
            label: "out:cell called with a dot",
            source: "return { prepare = function(cv, out) out.cell(0, 0, 0, 0, 1, 1) end }",
            kind: .runtime, message: "test.lua:1: out:cell must be called with ':' (out:cell(...))",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "out:supplementary without kind",
            source: "return { prepare = function(cv, out) out:supplementary(0, 0, 0, 0, 1, 1) end }",
            kind: .runtime,
            message: "test.lua:1: out:supplementary: argument 1 (kind) must be a non-empty string, got number",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "bad extra",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {zIndex = 1.5}) end }",
            kind: .runtime,
            message:
                "test.lua:1: out:cell [0, 0]: zIndex must be a whole number between -2147483647 and 2147483647, got 1.5",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "bad custom field",
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1, {f = print}) end }",
            kind: .runtime, message: "test.lua:1: out:cell [0, 0]: custom field 'f': a function cannot be used as data",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "duplicate element",
            source:
                "return { prepare = function(cv, out)\n out:cell(0, 2, 0, 0, 1, 1) out:cell(0, 2, 5, 5, 1, 1)\nend }",
            kind: .invalidValue, message: "test.lua:1: cell [0, 2] was placed twice", evaluating: "prepare(cv, out)"),
        Case(
            label: "out kept after prepare",
            source: """
                local saved
                return {
                  prepare = function(cv, out) saved = out out:cell(0, 0, 0, 0, 1, 1) end,
                  attributes = function(cv, a) saved:cell(0, 1, 0, 0, 1, 1) end,
                }
                """, kind: .runtime, message: "test.lua:4: out:cell is only available during prepare(cv, out)",
            evaluating: "attributes(cv, a) for cell [0, 0]"),
        Case(
            label: "prepare on a flow layout that is not a function",
            source: "local layout = flow{}\nlayout.prepare = 3\nreturn layout",
            kind: .invalidValue,
            message:
                "test.lua:2: flow{...}: prepare must be a function(cv, out) adding supplementary and decoration views after the flow's, got number"
        ),
        Case(
            label: "a flow's prepare places a cell",
            source:
                "local layout = flow{}\nfunction layout.prepare(cv, out)\n  out:cell(0, 0, 0, 0, 1, 1)\nend\nreturn layout",
            kind: .runtime,
            message:
                "test.lua:3: out:cell: the flow owns the cells; a flow's prepare adds supplementary and decoration views",
            evaluating: "prepare(cv, out)"),
        Case(
            label: "cv is read-only", source: "return { prepare = function(cv, out) cv.scale = 3 end }",
            kind: .runtime, message: "test.lua:1: cv is read-only", evaluating: "prepare(cv, out)"),
        Case(
            label: "read-only attribute", source: "return flow{ attributes = function(cv, a) a.item = 2 end }",
            kind: .runtime, message: "test.lua:1: attribute 'item' is read-only",
            evaluating: "attributes(cv, a) for cell [0, 0]"),
        Case(
            label: "error with a table", source: "return { prepare = function(cv, out) error({}) end }",
            kind: .runtime, message: "test.lua: (error object is a table value)", evaluating: "prepare(cv, out)"),
        Case(
            label: "sandbox: io", source: "io.write('x')\nreturn flow{}", kind: .runtime,
            message: "test.lua:1: attempt to index a nil value (global 'io')"),
        Case(
            label: "sandbox: os.execute", source: "os.execute('true')\nreturn flow{}", kind: .runtime,
            message: "test.lua:1: attempt to index a nil value (global 'os')"),
        Case(
            label: "require from a string script", source: "local m = require('x')\nreturn flow{}", kind: .runtime,
            message: "test.lua:1: require is only available to scripts loaded from a file"),
    ]

    @Test(arguments: cases)
    func locatedError(_ c: Case) {
        let error = scriptError(c.source)
        expectEqual(error?.kind, c.kind)
        expectEqual(error?.message, c.message)
        expectEqual(error?.evaluating, c.evaluating)
    }

    @Test func runtimeErrorsCarryTheTraceback() {
        let error = scriptError(
            """
            local function width(item) return item.width end
            return flow{ sizeForItem = function(cv, s, i) return width(nil), 10 end }
            """)
        expect(
            error?.traceback?.contains("test.lua:1: in upvalue 'width'") == true
                || error?.traceback?.contains("test.lua:1: in local 'width'") == true)
        expect(
            error?.description.hasPrefix(
                "test.lua:1: attempt to index a nil value (local 'item')\n  while evaluating sizeForItem(cv, 0, 0)\nstack traceback:\n"
            ) == true)
    }

    @Test func limitsEndInCleanErrors() {
        let spin = scriptError(
            "return { prepare = function(cv, out) while true do end end }",
            options: .init(limits: .init(instructions: 50_000)))
        expectEqual(spin?.kind, .instructionBudget)
        expectEqual(spin?.evaluating, "prepare(cv, out)")
        let hog = scriptError(
            "return { prepare = function(cv, out) local t = {} for i = 1, 1e9 do t[i] = i end end }",
            options: .init(limits: .init(memoryBytes: 1 << 20)))
        expectEqual(hog?.kind, .memory)
        // Lua reports memory errors without a place; the engine names the line last seen running.
        expectEqual(hog?.message, "test.lua:1: memory limit exceeded (1 MiB; raise it with --max-memory)")
        // Placed elements count against the cap too: 80 bytes each once stored plus 48 in the
        // placement buffer, so 1 MiB holds at most 1048576 / 128 = 8192 elements, less what
        // the Lua state itself uses (some 30–60 KiB).
        let many = scriptError(
            "return { prepare = function(cv, out) for i = 0, 1e7 do out:cell(0, i, 0, 0, 1, 1) end end }",
            makeContext(counts: [20_000_000]), options: .init(limits: .init(memoryBytes: 1 << 20)))
        func allowance(_ error: ScriptError?) -> Int {
            Int(error?.message.split(separator: " ").dropFirst(6).first ?? "") ?? .max
        }
        expectEqual(many?.message.hasPrefix("test.lua:1: out:cell: memory limit exceeded after "), true)
        expect(
            many?.message.hasSuffix(
                " elements placed in one prepare (each costs about 128 bytes of the memory cap; raise it with --max-memory)"
            ) == true)
        expect((7_500..<8_192).contains(allowance(many)), "\(many?.message ?? "no error")")
        // …and share the cap with the Lua state: a 512 KiB string leaves room for fewer cells.
        let shared = scriptError(
            "local big = string.rep('x', 1 << 19)\nreturn { prepare = function(cv, out) for i = 0, 1e7 do out:cell(0, i, 0, 0, 1, 1) end end }",
            makeContext(counts: [20_000_000]), options: .init(limits: .init(memoryBytes: 2 << 20)))
        // Without sharing, 2 MiB would hold 16384 cells; with 512 KiB held, under (2 MiB − 512 KiB) / 128 = 12288.
        expect(allowance(shared) < 12_288, "\(shared?.message ?? "no error")")
        let topLevel = scriptError("while true do end", options: .init(limits: .init(instructions: 50_000)))
        expectEqual(topLevel?.kind, .instructionBudget)
    }
}
