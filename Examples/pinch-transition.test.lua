-- layout: grid.lua
-- controller: pinch-transition-controller.lua
-- options: --bounds 400x400 --items 4
--
-- A pinch bends the grid into a circle, interactively (docs/parity.md §5). Derivations, 400 × 400:
-- grid.lua scrolls horizontally with 128-point items and insets of 32: a column holds two items
-- (2 · 128 + 64 = 320 ≤ 400 − 64 = 336; three need 512), the 336 − 256 = 80 points left go to
-- the one gap, so rows are at y = 32 and 32 + 128 + 80 = 240; columns are 128 + 64 = 192 apart:
-- x = 32, 224. Item 0 is (32, 32), 1 (32, 240), 2 (224, 32), 3 (224, 240), 128 × 128.
-- circle.lua: 70-point items on a circle of radius 400 / 2 − 35 = 165 around (200, 200),
-- clockwise from the top: centres (200, 35), (365, 200), (200, 365), (35, 200), so item 0 is
-- at (165, 0), 1 (330, 165), 2 (165, 330), 3 (0, 165), 70 × 70.
-- bent-transition.lua lifts every element by 80 · sin(π · progress). Half way the linear frame
-- of item 0 is ((32 + 165) / 2, (32 + 0) / 2) = (98.5, 16), (128 + 70) / 2 = 99 wide and high;
-- lifted by 80: y = −64. Item 3: ((224 + 0) / 2, (240 + 165) / 2 − 80) = (112, 122.5).

beginTransition("circle.lua", "bent-transition.lua")
expect(transitionProgress() == 0, "the transition layout is installed at progress 0")
expectFrame(0, 0, {32, 32, 128, 128})

setTransitionProgress(0.5)
expectFrame(0, 0, {98.5, -64, 99, 99})
expectFrame(0, 3, {112, 122.5, 99, 99})
-- Hit testing answers from the transition layout: (150, 150) was item 0 in the grid
-- (32…160); half way it is item 3 (x 112…211, y 122.5…221.5; item 1 starts at x 181, item 2
-- at x 194.5).
tap(150, 150)
expect(#selectedItems() == 1 and selectedItems()[1].item == 3, "the tap hits item 3 where the transition draws it")

updateAnimatedValue("bend", 40)
-- Lifted by 40 instead: 16 − 40 = −24.
expectFrame(0, 0, {98.5, -24, 99, 99})

cancelTransition()
expect(transitionProgress() == nil, "no transition after cancelTransition")
expectFrame(0, 0, {32, 32, 128, 128})

-- The pinch: scales 0.875, 0.75, 0.625, 0.5 in 4 steps are progress 0.25, 0.5, 0.75, 1;
-- released at 1, the circle stays.
beginTransition("circle.lua", "bent-transition.lua")
pinch(200, 200, 0.5, 4)
expect(transitionProgress() == nil, "the pinch's end finished the transition")
expectFrame(0, 0, {165, 0, 70, 70})
expectFrame(0, 3, {0, 165, 70, 70})

-- Back to the grid, released at a quarter (scale 0.875: progress 0.25 < 0.5): cancelled.
beginTransition("grid.lua")
pinch(200, 200, 0.875, 1)
expect(transitionProgress() == nil, "the pinch's end cancelled the transition")
expectFrame(0, 0, {165, 0, 70, 70})
