-- springboard-controller.lua — the home screen's controller for springboard.lua (seed layout 2).
--
-- Deletion mode is app state the layout reads as cv.state.deletionMode:
--   * a long press on an icon turns it on (a long press on empty space does nothing);
--   * a tap on empty space turns it off;
--   * while it is on, icons cannot be selected, and a tap on an icon's delete button (the
--     sub-rectangle deleteButtonFrame = {x, y, w, h} the layout puts in each cell's own
--     coordinates) deletes that icon: the model first, then the animated batch delete. The
--     mode stays on;
--   * icons rearrange: defining moveItem lets any icon be picked up and dragged (a scenario's
--     beginMove/updateMove/endMove, the preview's long press and drag); the others make room
--     live, and the icon stays where it is dropped, in deletion mode too.
-- Paging comes from the layout (its targetContentOffset snaps flings to pages). The home
-- screen's wallpaper is a background view: it stays put behind the icons while they page.
--
-- Try it with the mouse (icons named by Examples/springboard-apps.json; hold an icon, then drag):
--       Scripts/lualayout watch Examples/springboard.lua --serve --controller Examples/springboard-controller.lua --data Examples/springboard-apps.json --bounds 768x1024
-- Run:  Scripts/lualayout simulate Examples/springboard.lua --scenario Examples/springboard.test.lua --controller Examples/springboard-controller.lua --bounds 768x1024 --items 50

local function deletionMode(view)
  return view:state().deletionMode == true
end

-- Whether the touch landed on the icon's delete button (point.localX/localY: in the cell).
local function onDeleteButton(view, section, item, point)
  local button = view:attributesOf(section, item).deleteButtonFrame
  local x, y = point.localX, point.localY
  return x >= button[1] and x < button[1] + button[3] and y >= button[2] and y < button[2] + button[4]
end

return {
  backgroundView = {color = "#1b3a5c"},

  didLongPress = function(view, section, item)
    if item ~= nil and not deletionMode(view) then view:setState("deletionMode", true) end
  end,

  didTapBackground = function(view)
    if deletionMode(view) then view:setState("deletionMode", false) end
  end,

  -- The icon was dropped at `to`: the view's data already has it there. An app reorders its
  -- own model here; the springboard's icons carry no payload, so there is nothing more to do.
  moveItem = function(_view, _from, _to) end,

  shouldSelectItem = function(view, section, item, point)
    if not deletionMode(view) then return true end
    if onDeleteButton(view, section, item, point) then
      view:performBatchUpdates{delete = {{section, item}}}
    end
    return false
  end,
}
