-- layout: springboard.lua
-- controller: springboard-controller.lua
-- options: --bounds 768x1024 --items 50
--
-- The springboard end to end (seed layout 2). Derivations: icons are 144×144 in columns 192
-- apart (x = 32, 224, 416, 608, then 800 = 768 + 32 on the second page …) and rows 204 apart
-- (y = 32, 236, 440, 644, 848: the 48 points left over in 1024 − 64 are shared by the four
-- gaps, 48 + 12 = 60). Items run down each column: item = 5 · column + row. 50 icons fill 10
-- columns: the content is 32 + 10 · 144 + 9 · 48 + 32 = 1936 wide, so the last page starts at
-- 1936 − 768 = 1168, not at a multiple of 768.

local function same(paths, expected)
  if #paths ~= #expected then return false end
  for i, p in ipairs(paths) do
    if p.section ~= expected[i][1] or p.item ~= expected[i][2] then return false end
  end
  return true
end

-- Every visible icon's deleteButtonHidden equals `hidden`.
local function everyButton(hidden)
  for _, p in ipairs(visibleItems()) do
    if attributesOf(p.section, p.item).deleteButtonHidden ~= hidden then return false end
  end
  return #visibleItems() > 0
end

expect(everyButton(true), "deletion mode starts off: every delete button hidden")

-- A tap on icon 6 (column 1, row 1: 224 + 72, 236 + 72) selects it.
tap(296, 308)
expect(same(selectedItems(), {{0, 6}}), "a tap selects icon 6 while deletion mode is off")

-- A long press on icon 0 turns deletion mode on: every delete button shows.
longPress(104, 104)
expect(state().deletionMode == true, "a long press on an icon turns deletion mode on")
expect(everyButton(false), "in deletion mode every delete button shows")
expect(same(selectedItems(), {{0, 6}}), "a long press does not select")

-- A tap on icon 2's delete button (icon at 32, 440; button at 9, 9, 36×36 inside it) deletes
-- icon 2; the selected icon 6 becomes icon 5, and the mode stays on.
tap(32 + 20, 440 + 20)
local changes = updates()
expect(#changes == 1 and changes[1].action == "delete" and changes[1].before.item == 2,
  "the delete button deletes icon 2 with an animated update")
expect(#visibleItems() == 20, "one page still shows 4 columns of 5")
expect(attributesOf(0, 49) == nil, "49 icons are left")
expect(same(selectedItems(), {{0, 5}}), "the selection follows its icon past the deletion")
expect(state().deletionMode == true, "deletion mode stays on after a delete")
expect(everyButton(false), "delete buttons still show")

-- A tap on an icon's body (icon 10 at 416, 32; away from its button) selects nothing.
tap(416 + 100, 32 + 100)
expect(same(selectedItems(), {{0, 5}}), "icons cannot be selected in deletion mode")

-- A tap on empty space (the gap between columns 0 and 1, x 176…224) turns the mode off.
tap(200, 100)
expect(state().deletionMode == false, "a tap on empty space turns deletion mode off")
expect(everyButton(true), "delete buttons hidden again")

-- With the mode off, a tap selects again, and single selection moves.
tap(416 + 100, 32 + 100)
expect(same(selectedItems(), {{0, 10}}), "a tap selects icon 10 and deselects icon 5")

-- Rearranging. Icon 0 (centre 32 + 72 = 104, 104) is picked up: the controller defines
-- moveItem, so any icon may move.
expect(beginMove(104, 104), "icon 0 can be picked up")
-- The finger at (300, 320) is inside icon 6's slot (224…368 × 236…380): the icon goes to item
-- 6 (items 1…6 move back one place) and is drawn centred on the finger, at (300 − 72,
-- 320 − 72) = (228, 248), above the others (zIndex 0 + 1).
updateMove(300, 320)
local moving = attributesOf(0, 6)
expect(moving.x == 228 and moving.y == 248 and moving.zIndex == 1, "the dragged icon follows the finger")
endMove()
expect(calls()[1] == "moveItem[0, 6]", "the drop tells the controller (moveItem to item 6)")
moving = attributesOf(0, 6)
expect(moving.x == 224 and moving.y == 236 and moving.zIndex == 0, "dropped, the icon sits in icon 6's slot")
expect(same(selectedItems(), {{0, 10}}), "icon 10 stays selected (after both places, it did not move)")

-- A cancelled move puts everything back and tells the controller nothing.
expect(beginMove(104, 104), "the icon now first can be picked up")
updateMove(300, 320)
cancelMove()
expect(#calls() == 0 and attributesOf(0, 0).x == 32 and attributesOf(0, 6).x == 224,
  "cancelling restores the order")

-- In deletion mode icons still move, and the delete buttons still delete.
longPress(104, 104)
expect(state().deletionMode == true, "deletion mode is on again")
expect(beginMove(104, 104), "icons move in deletion mode")
-- (296, 104) is in icon 5's slot (column 1, row 0: 224…368 × 32…176).
updateMove(296, 104)
endMove()
expect(calls()[1] == "moveItem[0, 5]", "dropped at item 5")
-- Icon 2's delete button (icon at 32, 440; button 9, 9, 36×36 inside it).
tap(32 + 20, 440 + 20)
changes = updates()
expect(#changes == 1 and changes[1].action == "delete" and changes[1].before.item == 2,
  "a delete button still deletes in deletion mode after a move")
expect(attributesOf(0, 48) == nil, "48 icons are left")
expect(same(selectedItems(), {{0, 9}}), "the selected icon 10 follows the deletion to 9")
tap(200, 100)
expect(state().deletionMode == false, "a tap on empty space turns deletion mode off")

-- Paging. A fling of 1 point/ms proposes 499 points further (v · 0.998 / 0.002); the layout
-- snaps to the nearest page: round(499 / 768) = 1 → 768.
fling(1, 0)
expect(contentOffset().x == 768, "the fling lands on the second page")
-- From 768 the proposal 1267 is clamped to the last offset 1168; round(1168 / 768) = 2 → 1536,
-- clamped by the layout to the last page, 1168.
fling(1, 0)
expect(contentOffset().x == 1168, "the last page is clamped to the end of the content")
-- Back: 1168 − 499 = 669; round(669 / 768) = 1 → 768.
fling(-1, 0)
expect(contentOffset().x == 768, "a fling back lands on the second page")

-- On the second page, the icon at viewport (104, 104) is column 4 (content x 800): item 20.
tap(104, 104)
expect(same(selectedItems(), {{0, 20}}), "hit testing follows the content offset")
