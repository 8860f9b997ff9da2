import Foundation
import LayoutEngine
import Scenario
import TestExpectations
import Testing

/// One index-path value, written one way and read one way (issue 34 item 1): every index path
/// the view hands to Lua goes back wherever one is taken. The grid is 340 × 480 with 100-point
/// cells at x = 10, 120, 230 and y = 10, 120, …: item = 3 · row + column.
@Suite("Index paths go back where they came from")
struct IndexPathValueTests {
    /// The guide's Listing 2-3: delete the selected items in one batch. Before, the batch said
    /// `delete[1] must be {section, item}` (the value was a map with `section` and `item` too).
    @Test func selectedItemsAreDeletedInOneBatch() throws {
        let controller = """
            return {
              allowsMultipleSelection = true,
              didLongPress = function(view)
                view:performBatchUpdates{delete = view:selectedItems()}
              end,
            }
            """
        try SimulatorTruthTests.run(
            scenario: """
                tap(60, 60)
                tap(280, 170)
                local selected = selectedItems()
                expect(#selected == 2 and selected[1].item == 0 and selected[2].item == 5, "items 0 and 5 selected")
                longPress(170, 60)
                expect(#visibleItems() == 10, "two of twelve deleted by the controller")
                expect(#selectedItems() == 0, "deleted items leave the selection")
                tap(60, 60)
                performBatchUpdates{delete = selectedItems()}
                expect(#visibleItems() == 9, "the scenario deletes its selection too")
                """, controller: controller)
    }

    /// visibleItems, a touch's indexPath, attributes, updates() and moveItem's from/to are each
    /// taken by selectItem, attributesOf, itemData, expectFrame and every batch key.
    @Test func everyIndexPathHandedOutIsTaken() throws {
        let controller = """
            return {
              didSelectItem = function(view, section, item, point)
                view:deselectItem(point.indexPath)
                view:selectItem(view:visibleItems()[3])
              end,
              moveItem = function(view, from, to)
                view:performBatchUpdates{reload = {from, to}}
              end,
            }
            """
        try SimulatorTruthTests.run(
            scenario: """
                local v = visibleItems()
                expect(v[3].section == 0 and v[3].item == 2 and #v[3] == 2, "{0, 2}, also .section and .item")
                expect(tostring(v[3]) == "{0, 2}", "printed as {0, 2}")
                expectFrame(v[3], {230, 10, 100, 100})
                expectFrame(0, 2, {230, 10, 100, 100})
                expect(attributesOf(v[3]).x == 230, "attributesOf takes the value")
                expectFrame(attributesOf(v[5]), {120, 120, 100, 100})
                expect(attributesOf(v[5]).indexPath.item == 4, "attributes carry an indexPath")
                tap(60, 60)
                expect(#selectedItems() == 1 and selectedItems()[1].item == 2,
                  "the controller deselected the touched item and selected visibleItems()[3]")
                performBatchUpdates{move = {{v[1], v[2]}}, reload = {{v[4], data = "new"}}}
                local u = updates()
                performBatchUpdates{reload = {u[1].after}}
                expect(#updates() == 1, "updates() index paths go back into a batch")
                performBatchUpdates{delete = {{section = 0, item = 11}}}
                expect(#visibleItems() == 11, "a table with section and item fields names an item")
                beginMove(60, 60)
                updateMove(280, 60)
                endMove()
                expect(calls()[#calls()] == "moveItem[0, 2]" and #updates() == 2, "moveItem's from and to reloaded")
                """, controller: controller)
    }

    @Test func aTableWithoutAnIndexPathIsRefusedByName() throws {
        let outcome = try Self.outcome(scenario: "attributesOf({x = 1})")
        expect(
            outcome.error.map { "\($0)" }?.contains(
                "attributesOf expects an index path {section, item} of whole numbers ≥ 0 (or a section and an item), got a table without one"
            ) == true, "\(outcome.error.map { "\($0)" } ?? "no error")")
        let batch = try Self.outcome(scenario: "performBatchUpdates{delete = {{0, -1}}}")
        expect(
            batch.error.map { "\($0)" }?.contains(
                "performBatchUpdates: delete[1] must be an index path {section, item} (integers ≥ 0)") == true,
            "\(batch.error.map { "\($0)" } ?? "no error")")
    }

    /// Runs `scenario` on the grid and returns how it went, errors included.
    static func outcome(scenario: String) throws -> ScenarioOutcome {
        let folder = NSTemporaryDirectory() + "index-paths-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SimulationSessionTests.grid.write(toFile: folder + "/layout.lua", atomically: true, encoding: .utf8)
        try scenario.write(toFile: folder + "/scenario.lua", atomically: true, encoding: .utf8)
        return ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: folder + "/layout.lua", scenarioPath: folder + "/scenario.lua",
                context: SimulationSessionTests.context()))
    }
}
