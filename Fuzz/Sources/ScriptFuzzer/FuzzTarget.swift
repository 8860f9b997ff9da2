#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import LayoutEngine
import ScriptLayout

/// libFuzzer's entry point: the bytes become a layout script (`ScriptGrammar`) and a
/// collection view (sections, items, bounds, a query rect), and the script is prepared and
/// queried through the embedding API, as an app would. Any error is fine; a crash, a sanitizer
/// report, a hang past libFuzzer's `-timeout` or a leak of the time limit is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    // The first bytes shape the collection view; the rest choose the script.
    var shape = FuzzBytes(bytes)
    let sections = shape.below(4)
    let counts = (0..<sections).map { _ in shape.below(40) }
    let width = Double(100 + shape.below(700)), height = Double(100 + shape.below(900))
    let offset = Double(shape.below(4) * 250)
    var grammar = ScriptGrammar(shape)
    let source = grammar.script()
    FuzzRun.run(source, counts: counts, bounds: Rect(x: 0, y: offset, width: width, height: height))
    return 0
}

enum FuzzRun {
    /// Exact, reproducible limits: an instruction budget (not a clock) and a small memory cap.
    static let options = ScriptLayout.Options(
        limits: ScriptLayout.Limits(
            memoryBytes: 32 << 20, instructions: 2_000_000, countsInstructions: true, seconds: 0))

    static func run(_ source: String, counts: [Int], bounds: Rect) {
        if FuzzSettings.printsScripts {
            let text = Array(("---\n" + source).utf8)
            _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        let context = CollectionContext(bounds: bounds, scale: 2, data: CollectionData(counts: counts))
        guard let layout = try? ScriptLayout(source: source, name: "fuzz.lua", options: options) else { return }
        guard (try? layout.prepare(in: context)) != nil else { return }
        _ = try? layout.layoutAttributesForElements(in: bounds, context: context)
        _ = try? layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 0, width: layout.collectionViewContentSize.width, height: 300), context: context)
        if counts.first ?? 0 > 0 {
            _ = try? layout.layoutAttributesForItem(at: LayoutIndexPath(0, 0), context: context)
        }
    }
}

/// Switches read from the environment.
enum FuzzSettings {
    /// `LUALAYOUT_FUZZ_PRINT=1`: print every script run to stderr (to read what an input makes).
    static let printsScripts = flag("LUALAYOUT_FUZZ_PRINT")
    /// `LUALAYOUT_FUZZ_KEEP_FIELDS=1`: never replace a field of a constructed compositional
    /// object (to fuzz the rest while a crash of that class is being fixed).
    static let replacesFields = !flag("LUALAYOUT_FUZZ_KEEP_FIELDS")

    private static func flag(_ name: String) -> Bool {
        guard let value = getenv(name) else { return false }
        return String(cString: value) == "1"
    }
}
