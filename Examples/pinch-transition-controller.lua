-- pinch-transition-controller.lua — a pinch drives an interactive layout transition.
--
-- UIKit's interactive transition: startInteractiveTransition(to:) installs a
-- UICollectionViewTransitionLayout, the pinch handler sets its transitionProgress as the
-- fingers close, and when the pinch ends the transition finishes (the new layout stays) or is
-- cancelled (the old one comes back). Here the scenario begins the transition
-- (beginTransition), and the controller maps the pinch scale to the progress: scale 1 is
-- progress 0, scale 0.5 (fingers half as far apart) is progress 1, i.e. progress = 2 · (1 − scale),
-- kept within 0…1. Released at half way or beyond, the transition finishes; before, it is
-- cancelled. Without a transition in progress a pinch does nothing.
--
-- Run:  Scripts/lualayout simulate Examples/grid.lua --scenario Examples/pinch-transition.test.lua --controller Examples/pinch-transition-controller.lua --bounds 400x400 --items 4

---@type lualayout.Controller
return {
  didPinch = function(view, scale, _, phase)
    if view:transitionProgress() == nil then return end
    local progress = math.min(1, math.max(0, 2 * (1 - scale)))
    if phase == "ended" then
      if progress >= 0.5 then view:finishTransition() else view:cancelTransition() end
    else
      view:setTransitionProgress(progress)
    end
  end,
}
