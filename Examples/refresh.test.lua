-- layout: table.lua
-- controller: refresh-controller.lua
-- options: --bounds 320x480 --items 5
--
-- The cookbook's pull to refresh, end to end. Derivations: rows are 44 high and 45 apart
-- under the 40-point header, row i at y = 40 + 45·i, so (160, 100) is on row 1 (85…129) and
-- the 5 rows end at 40 + 4·45 + 44 = 264 < 480: the list cannot scroll, but with a refresh
-- control it bounces vertically. Past the top, a finger pull of x points moves the content
-- (1 − 1 / (x·0.55 / 480 + 1))·480 points (UIScrollView's rubber band, the viewport's 480
-- points as the dimension):
--   x = 96:  0.55·96/480 = 0.11,  (1 − 1/1.11)·480 = 480·0.11/1.11 = 47.5676 (< 60);
--   x = 240: 0.55·240/480 = 0.275, 480·0.275/1.275 = 103.5294 (≥ 60: refreshes).

local function called(name)
  for _, call in ipairs(calls()) do
    if call == name then return true end
  end
  return false
end

-- A short pull: the content follows the finger through the rubber band, then springs back;
-- 47.57 points is less than the control's 60, so nothing refreshes.
touchDown(160, 100)
touchMove(160, 196)
expectNear(contentOffset().y, -47.5676, 0.001, "a 96-point pull moves the content 47.57 points")
touchUp(160, 196)
expectEqual(contentOffset().y, 0, "sprung back to the top")
expect(not called("didPullToRefresh") and not isRefreshing(), "not far enough to refresh")

-- A long pull: 103.53 points past the top; letting go refreshes once and the list rests with
-- the control shown, 60 points down.
touchDown(160, 100)
touchMove(160, 340)
expectNear(contentOffset().y, -103.5294, 0.001, "a 240-point pull moves the content 103.53 points")
touchUp(160, 340)
expect(called("didPullToRefresh") and isRefreshing(), "released past the threshold: refreshing")
expectEqual(contentOffset().y, -60, "resting below the refresh control")

-- Half a second later nothing has happened yet; at 1 s the refresh ends (the list goes back
-- up) and a sixth row is inserted at the end, at y = 40 + 5·45 = 265.
wait(0.5)
expect(isRefreshing() and #visibleItems() == 5, "still refreshing at 0.5 s")
wait(0.5)
expect(not isRefreshing(), "the refresh control ended")
expectEqual(contentOffset().y, 0, "back at the top")
local inserted = updates()
expect(#inserted == 1 and inserted[1].action == "insert" and inserted[1].after.item == 5, "a row appended")
expectFrame(0, 5, {0, 265, 320, 44})
