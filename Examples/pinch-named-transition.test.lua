-- layout: grid.lua
-- controller: pinch-named-transition-controller.lua
-- options: --bounds 400x400 --items 4
-- options: --layout grid=grid.lua --layout circle=dimming-circle.lua --layout bent=bent-transition.lua
--
-- A pinch moves between two layouts the command line named (docs/lua-api.md, "Transitions
-- by name"). Derivations as in pinch-transition.test.lua, 400 × 400: the grid puts item 0 at
-- (32, 32) and item 3 at (224, 240), 128 × 128; the circle puts item 0 at (165, 0) and item 3
-- at (0, 165), 70 × 70. Half way item 0 is ((32 + 165) / 2, (32 + 0) / 2) = (98.5, 16),
-- (128 + 70) / 2 = 99 wide and high.

-- By name from the scenario too: dimming-circle.lua's own transitionLayout dims the items,
-- alpha 1 − 0.5 · sin(π / 2) = 0.5 half way, 1 at either end.
beginTransition("circle")
setTransitionProgress(0.5)
expectFrame(0, 0, {98.5, 16, 99, 99})
expectEqual(attributesOf(0, 0).alpha, 0.5, "dimming-circle.lua's transition layout dims the items half way")
cancelTransition()
expectFrame(0, 0, {32, 32, 128, 128})

-- Pinching in on the grid: the controller begins the transition to "circle" when the pinch
-- begins. Scales 0.875, 0.75, 0.625, 0.5 in 4 steps are progress 0.25 … 1; let go at 1, the
-- circle stays.
pinch(200, 200, 0.5, 4)
expect(transitionProgress() == nil, "the pinch's end finished the transition")
expectFrame(0, 0, {165, 0, 70, 70})
expectFrame(0, 3, {0, 165, 70, 70})

-- Spreading on the circle goes back to the grid, along bent-transition.lua's arc: scales
-- 1.25, 1.5 are progress 0.25, 0.5; let go at 0.5, the grid stays.
pinch(200, 200, 1.5, 2)
expect(transitionProgress() == nil, "finished again")
expectFrame(0, 0, {32, 32, 128, 128})

-- A small pinch in: progress 2 · (1 − 0.875) = 0.25 < 0.5 when it ends, so the grid comes back.
pinch(200, 200, 0.875, 1)
expect(transitionProgress() == nil, "cancelled")
expectFrame(0, 0, {32, 32, 128, 128})
