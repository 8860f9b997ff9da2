-- pinch-controller.lua — the pinch gesture of Apple's guide driving pinch.lua (seed layout 6).
--
-- The gesture recognizer's handler: when the pinch begins on a cell, that cell is the pinched
-- item; while it changes, the layout gets the scale and the pinch's centre (content
-- coordinates) as host state and is invalidated; when it ends the item goes back to its place.
--
-- Run:  Scripts/lualayout simulate Examples/pinch.lua --scenario Examples/pinch.test.lua --controller Examples/pinch-controller.lua --bounds 320x480 --items 12

return {
  didPinch = function(view, scale, point, phase)
    if phase == "began" then
      -- point.item is the cell under the pinch's centre (nil on empty space: nothing pinched).
      if point.item ~= nil then view:setState("pinchedItem", point.item) end
      return
    end
    if view:state().pinchedItem == nil then return end
    if phase == "ended" then
      for _, key in ipairs({"pinchedItem", "pinchScale", "pinchX", "pinchY"}) do view:setState(key, nil) end
    else
      view:setState("pinchScale", scale)
      view:setState("pinchX", point.contentX)
      view:setState("pinchY", point.contentY)
    end
  end,
}
