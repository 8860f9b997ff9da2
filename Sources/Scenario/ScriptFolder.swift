import ScriptLayout

/// The folder a scenario or a controller reads its files from (`reloadData(path)`,
/// `view:reloadData(path)`, `beginTransition(layoutFile, transitionFile)`): paths are relative
/// to it and stay inside it, links included, as `require`'s modules do. A test cannot load
/// `/any/where/secret.json` into a layout and print it into the CI log.
final class ScriptFolder {
    /// The folder as the script's path gives it ("." beside the current folder).
    let path: String
    /// How refusals name it: "the scenario's folder".
    let name: String
    /// Every file the script asked to read inside the folder, found or not: inputs of the run
    /// (`--junit` may not replace them; `--watch` re-runs when one is saved).
    private(set) var read: [String] = []

    /// The folder of a script loaded from a file; nil for one loaded from a string, which reads
    /// no files (as it requires no modules).
    init?(_ path: String?, of script: String) {
        guard let path else { return nil }
        self.path = path
        name = "the \(script)'s folder"
    }

    /// The path to open for `given`; a refusal reads `FUNCTION: REASON`, a missing file
    /// `FUNCTION: PATH: MISSING`.
    func resolve(_ given: String, for function: String, missing: String) throws(SimulationError) -> String {
        switch FileSystemPath.confined(given, in: path, what: name) {
        case .success(let path):
            if !read.contains(path) { read.append(path) }
            return path
        case .failure(let refusal) where refusal.missing:
            let shown = path == "." ? given : path + "/" + given
            if !read.contains(shown) { read.append(shown) }
            throw SimulationError("\(function): \(shown): \(missing)")
        case .failure(let refusal):
            throw SimulationError("\(function): \(refusal.message)")
        }
    }

    /// `resolve` for a script loaded from a string (`folder` nil): it reads no files.
    static func resolve(
        _ given: String, in folder: ScriptFolder?, for function: String, missing: String
    ) throws(SimulationError) -> String {
        guard let folder else {
            throw SimulationError("\(function): only a script loaded from a file can read files (beside it)")
        }
        return try folder.resolve(given, for: function, missing: missing)
    }
}
