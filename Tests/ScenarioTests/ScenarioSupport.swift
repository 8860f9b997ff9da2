import Foundation
import LayoutEngine
import Scenario
import ScriptLayout

/// Writes `files` into a fresh temporary folder and returns its path.
func scenarioFolder(_ files: [String: String]) throws -> String {
    let folder = NSTemporaryDirectory() + "scenario-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in files {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    return folder
}

/// Runs `scenario.lua` of `files` against `layout.lua` (and `controller.lua` when present).
func runScenario(_ files: [String: String], context: CollectionContext) throws -> ScenarioOutcome {
    let folder = try scenarioFolder(files)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return ScenarioRunner.run(ScenarioRequest(
        layoutPath: folder + "/layout.lua", scenarioPath: folder + "/scenario.lua",
        controllerPath: files["controller.lua"] != nil ? folder + "/controller.lua" : nil, context: context))
}
