-- layout: pinch.lua
-- controller: pinch-controller.lua
-- options: --bounds 320x480 --items 12
--
-- The guide's pinch to resize, end to end. Derivations: three 90-point columns fit in the
-- 320 − 2 · 10 = 300 points inside the insets (3 · 90 + 2 · 10 = 290 ≤ 300, four would need
-- 390); flow shares the 300 − 270 = 30 points left over between the 2 gaps, 15 each, so columns
-- start at x = 10, 115, 220; rows are 90 + 10 = 100 apart: y = 10, 110, 210, 310. Item 4
-- (row 1, column 1) is 115…205 × 110…200. The changes' scales grow linearly:
-- 1 + 0.5 · k / 5 = 1.1, 1.2, 1.3, 1.4, 1.5.

-- A pinch of 1.5 in 5 steps centred on (200, 150), inside item 4.
pinch(200, 150, 1.5, 5)
local names = calls()
expect(#names == 7, "began, 5 changes, ended: 7 calls")
for _, name in ipairs(names) do
  if name ~= "didPinch[0, 4]" then expect(false, "every call is on item 4, got " .. name) end
end
-- Ended: the item is back in its place, unscaled, and the pinch state is gone.
expect(state().pinchedItem == nil and state().pinchScale == nil, "the pinch state is cleared at the end")
expectFrame(0, 4, {115, 110, 90, 90})

-- A pinch on empty space (the inset at 5, 5) pinches nothing.
pinch(5, 5, 2)
expect(#calls() == 12 and state().pinchedItem == nil, "10 steps, nothing pinched")
