-- cell-menu-controller.lua — the edit menu of Apple's guide for cell-menu.lua.
--
-- A long press on a row asks shouldShowMenuForItem; answering true opens the menu instead of
-- calling didLongPress. The menu offers those of menuActions (UIMenuController's cut, copy and
-- paste unless the controller lists its own) that canPerformAction allows: copy always, paste
-- once the pasteboard holds a row. performAction does the work:
--   * copy puts the row's payload on the pasteboard (view:setPasteboard; scenarios read it
--     with pasteboard());
--   * paste inserts the pasteboard's row after the pressed one (the model first, then the
--     animated batch insert).
-- Choosing an action closes the menu; so does a tap anywhere else.
--
-- Run:  Scripts/lualayout simulate Examples/cell-menu.lua --scenario Examples/cell-menu.test.lua --controller Examples/cell-menu-controller.lua --data Examples/cell-menu.json --bounds 320x480

return {
  shouldShowMenuForItem = function(_view, _section, _item)
    return true
  end,

  canPerformAction = function(view, action, _section, _item)
    if action == "copy" then return true end
    if action == "paste" then return view:pasteboard() ~= nil end
    return false
  end,

  performAction = function(view, action, section, item)
    if action == "copy" then
      view:setPasteboard(view:itemData(section, item))
    elseif action == "paste" then
      view:performBatchUpdates{insert = {{section, item + 1, data = view:pasteboard()}}}
    end
  end,
}
