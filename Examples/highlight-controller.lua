-- highlight-controller.lua — passes highlight and selection to highlight.lua as state.
--
-- UIKit calls didHighlightItem on touch down and didUnhighlightItem when the finger lifts or
-- drags away; didSelectItem last on a tap; in single selection the previous item gets
-- didDeselectItem first. The controller mirrors each into cv.state. The highlight animates as
-- the UIKit sample's UIView.animate(withDuration: 0.2) does: setState with {duration = 0.2}
-- prepares the new layout at once and records the 0.2 s animation of every changed cell (the
-- timeline holds it; the HTML timeline and the preview play it). Selection jumps.
--
-- Run:  Scripts/lualayout simulate Examples/highlight.lua --scenario Examples/highlight.test.lua --controller Examples/highlight-controller.lua --bounds 340x480 --items 12

local function names(path, section, item)
  return path ~= nil and path[1] == section and path[2] == item
end

return {
  didHighlightItem = function(view, section, item)
    view:setState("highlighted", {section, item}, {duration = 0.2})
  end,

  didUnhighlightItem = function(view)
    view:setState("highlighted", nil, {duration = 0.2})
  end,

  didSelectItem = function(view, section, item)
    view:setState("selected", {section, item})
  end,

  didDeselectItem = function(view, section, item)
    if names(view:state().selected, section, item) then view:setState("selected", nil) end
  end,
}
