-- pinch-named-transition-controller.lua — a pinch begins, drives and ends a transition between named layouts.
--
-- UIKit's pinch handler: when the gesture begins, startInteractiveTransition(to:); as the
-- fingers move, the transition layout's transitionProgress; when they lift, finish or cancel.
-- The controller opens no files: it begins the transition by a name the command line gave
-- (--layout grid=grid.lua --layout circle=dimming-circle.lua --layout bent=bent-transition.lua).
-- From the grid a pinch goes to the circle, bent by dimming-circle.lua's own transitionLayout (it
-- names no transition); from the circle a pinch goes back to the grid along bent's arc.
-- Pinching in (fingers closing) goes to the circle: progress 2 · (1 − scale); spreading goes
-- back to the grid: progress scale − 1; each kept within 0…1. Let go at half way or beyond,
-- the new layout stays; before, the old one comes back.
--
-- Run:  Scripts/lualayout simulate Examples/grid.lua --scenario Examples/pinch-named-transition.test.lua --controller Examples/pinch-named-transition-controller.lua --bounds 400x400 --items 4 --layout grid=Examples/grid.lua --layout circle=Examples/dimming-circle.lua --layout bent=Examples/bent-transition.lua

local current, target = "grid", nil

---@type lualayout.Controller
return {
  didPinch = function(view, scale, _, phase)
    if phase == "began" then
      if view:transitionProgress() ~= nil then return end
      if current == "grid" then
        target = "circle"
        view:beginTransition("circle")
      else
        target = "grid"
        view:beginTransition("grid", "bent")
      end
      return
    end
    if target == nil or view:transitionProgress() == nil then return end
    local progress = target == "circle" and 2 * (1 - scale) or scale - 1
    progress = math.min(1, math.max(0, progress))
    if phase == "ended" then
      if progress >= 0.5 then
        view:finishTransition()
        current = target
      else
        view:cancelTransition()
      end
      target = nil
    else
      view:setTransitionProgress(progress)
    end
  end,
}
