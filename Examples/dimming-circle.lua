-- dimming-circle.lua — the circle layout, providing the transition layout that arrives at it.
--
-- circle.lua's items on a circle, plus a transitionLayout: the transition layout this layout
-- provides for interactive transitions to it (UIKit asks the collection view's delegate,
-- collectionView(_:transitionLayoutForOldLayout:newLayout:); here the arriving layout answers,
-- used when beginTransition names no transition script). It has a transition script's shape:
-- every item the two layouts share dims on the way, alpha = 1 − 0.5 · sin(π · progress), to
-- 0.5 half way and back to 1 at either end.
--
-- Run:  Scripts/lualayout run Examples/dimming-circle.lua --bounds 400x400 --items 12 --format table

local layout = require "circle"

layout.transitionLayout = {
  animatedKeys = {dim = 0.5},
  attributes = function(cv, a, from, to, progress)
    if from and to then a.alpha = 1 - cv.animatedValues.dim * math.sin(math.pi * progress) end
  end,
}

return layout
