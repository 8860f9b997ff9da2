import LayoutEngine
import TestExpectations
import Testing
import ScriptLayout

/// What the running engine offers a script, found by a script that walks it: the names in `cv`
/// (in a hook, once prepared) and `out`, the globals and the standard libraries' fields. `a` is
/// userdata, so it is asked for the given names instead: those that read nil are `missingAttributes`.
struct EngineSurface {
    var collectionView: Set<String> = []
    var out: Set<String> = []
    var globals: Set<String> = []
    /// `"string.format"`, `"math.pi"`, … for every table among the globals (except `_G`).
    var libraryFields: Set<String> = []
    var missingAttributes: [String] = []

    init(probingAttributes attributeNames: [String]) throws {
        let list = attributeNames.map { "\"\($0)\"" }.joined(separator: ", ")
        let source = """
            local found = {}
            local function names(t)
              local result = {}
              for k in pairs(t) do result[#result + 1] = tostring(k) end
              table.sort(result)
              return result
            end
            return {
              prepare = function(cv, out)
                found.out = names(out)
                found.globals = names(_G)
                local fields = {}
                for name, value in pairs(_G) do
                  if type(value) == "table" and name ~= "_G" then
                    for _, field in ipairs(names(value)) do fields[#fields + 1] = name .. "." .. field end
                  end
                end
                found.fields = fields
                -- Optional fields get a value, so reading them back proves the engine answers.
                out:supplementary("header", 0, 0, 0, 0, 10, 10,
                                  {animations = {keyPath = "scale", fromValue = 1, toValue = 2, duration = 1}})
              end,
              attributes = function(cv, a)
                local missing = {}
                for _, name in ipairs({\(list)}) do
                  if a[name] == nil then missing[#missing + 1] = name end
                end
                a.probeMissing = missing
                a.probeCV = names(cv)
                a.probeOut = found.out
                a.probeGlobals = found.globals
                a.probeFields = found.fields
              end,
            }
            """
        let layout = try ScriptLayout(source: source, name: "probe.lua")
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), data: CollectionData(counts: [1]))
        try layout.prepare(in: context)
        let header = try require(try layout.allLayoutAttributes(context: context).first)
        func strings(_ field: String) -> [String] {
            guard case .array(let values)? = header.custom[field] else { return [] }
            return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        collectionView = Set(strings("probeCV"))
        out = Set(strings("probeOut"))
        globals = Set(strings("probeGlobals"))
        libraryFields = Set(strings("probeFields"))
        missingAttributes = strings("probeMissing")
    }
}
