import LayoutEngine
import LayoutOutput
import Scenario
import ScriptLayout
import TestExpectations
import Testing

/// A simulation's pictures draw what the view's state calls for (issue 34 items 2 and 4): each
/// step's snapshot carries the selected and highlighted cells and, while refreshing, the
/// refresh control's band, so simulate's HTML, the preview and image snapshots paint them.
@Suite("Simulation pictures: cell states and the refresh control")
struct StatePicturesTests {
    /// The grid (cells 100 wide at x = 10, 120, 230) with the guide's colours on every cell.
    static let layout = """
        local layout = flow{ itemSize = {100, 100}, minimumLineSpacing = 10, minimumInteritemSpacing = 10, sectionInset = {10, 10, 10, 10} }
        function layout.attributes(cv, a)
          a.backgroundColor = "#cccccc"
          a.selectedBackgroundColor = "#d0021b"
          a.highlightedBackgroundColor = "#0047ab"
        end
        return layout
        """

    @Test func touchesPaintTheHighlightedThenTheSelectedColour() throws {
        let layout = try ScriptLayout(source: Self.layout)
        let session = try SimulationSession(layout: layout, context: SimulationSessionTests.context())
        let down = try session.touchDown(Point(x: 60, y: 60))
        expectEqual(down.snapshot.highlighted, [LayoutIndexPath(0, 0)])
        let svg = SVGLayoutWriter.string(down.snapshot)
        #expect(svg.contains(##"<rect x="10" y="10" width="100" height="100" style="fill: #0047ab"/>"##))
        #expect(svg.contains(##"<rect x="120" y="10" width="100" height="100" style="fill: #cccccc"/>"##))
        let up = try session.touchUp(Point(x: 60, y: 60))
        expect(up.snapshot.selected == [LayoutIndexPath(0, 0)] && up.snapshot.highlighted.isEmpty)
        #expect(
            SVGLayoutWriter.string(up.snapshot).contains(
                ##"<rect x="10" y="10" width="100" height="100" style="fill: #d0021b"/>"##))
    }

    /// Examples/refresh.test.lua's long pull: 240 points down refreshes; the list rests 60 down
    /// and the band above the content, y −60…0, 340 wide, holds the spinner until endRefreshing.
    @Test func theRefreshControlIsInThePictureWhileRefreshing() throws {
        let controller = try SimulationSessionTests.controller(
            "return { refreshControl = true, didPullToRefresh = function() end }")
        let session = try SimulationSession(
            layout: try ScriptLayout(source: SimulationSessionTests.grid), context: SimulationSessionTests.context(),
            controller: controller)
        try session.touchDown(Point(x: 160, y: 100))
        try session.touchMove(Point(x: 160, y: 340))
        let released = try session.touchUp(Point(x: 160, y: 340))
        expectEqual(released.snapshot.refreshControl, Rect(x: 0, y: -60, width: 340, height: 60))
        expectEqual(released.snapshot.bounds.y, -60)
        #expect(SVGLayoutWriter.string(released.snapshot).contains(##"<g class="refresh-control""##))
        try session.view.endRefreshing()
        expect(try session.snapshot().refreshControl == nil)
    }
}
