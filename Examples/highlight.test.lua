-- layout: highlight.lua
-- controller: highlight-controller.lua
-- options: --bounds 340x480 --items 12
--
-- Highlight and selection, step by step. Derivation: 340 wide less the insets leaves 320 =
-- 3 · 100 + 2 · 10, so three 100×100 cells a row at x = 10, 120, 230; rows at y = 10, 120, 230,
-- 340. Item = 3 · row + column. Gaps (x 110…120, y 110…120) and insets hit nothing. UIKit calls
-- only the delegate methods a controller defines: highlight-controller.lua has the did… ones, so
-- the should… questions (UIKit's default: yes) are not asked.

local function scaled(section, item)
  return attributesOf(section, item).transform3D[1] == 2
end

local function same(list, expected)
  if #list ~= #expected then return false end
  for i, value in ipairs(list) do
    if value ~= expected[i] then return false end
  end
  return true
end

-- Touch down on item 0 highlights it: the layout scales it 2× through state.
touchDown(60, 60)
expect(same(calls(), {"didHighlightItem[0, 0]"}), "touch down: didHighlight")
expect(#highlightedItems() == 1 and highlightedItems()[1].item == 0, "item 0 is highlighted")
expect(scaled(0, 0) and attributesOf(0, 0).zIndex == 1, "the highlighted item is scaled 2× and on top")

-- Lifting inside selects it; the highlight goes first.
touchUp(60, 60)
expect(same(calls(), {"didUnhighlightItem[0, 0]", "didSelectItem[0, 0]"}), "touch up: didUnhighlight, didSelect")
expect(not scaled(0, 0), "no longer scaled")
expect(#selectedItems() == 1 and selectedItems()[1].item == 0, "item 0 is selected")
expect(attributesOf(0, 0).alpha == 0.5, "the selected item is faded")

-- Dragging out of item 1 cancels: the highlight goes, nothing is selected.
drag(170, 60, 170, 300)
expect(same(calls(), {"didHighlightItem[0, 1]", "didUnhighlightItem[0, 1]"}),
  "drag out: highlight, then unhighlight, no selection")
expect(#highlightedItems() == 0 and not scaled(0, 1), "nothing highlighted after the drag")
expect(selectedItems()[1].item == 0, "the selection stays on item 0")

-- Lifting on another item also cancels.
touchDown(170, 60)
touchUp(170, 170)
expect(same(calls(), {"didUnhighlightItem[0, 1]"}), "touch up on another item only unhighlights")
expect(selectedItems()[1].item == 0, "still item 0")

-- A tap in a gap hits no item: it is a tap on the background.
tap(115, 60)
expect(same(calls(), {}) and selectedItems()[1].item == 0, "a tap in a gap selects nothing")

-- Single selection moves: item 5 (row 1, column 2) is selected, item 0 deselected first.
tap(280, 170)
expect(same(calls(), {
  "didHighlightItem[0, 5]", "didUnhighlightItem[0, 5]", "didDeselectItem[0, 0]", "didSelectItem[0, 5]",
}), "selecting item 5 deselects item 0 before selecting")
expect(#selectedItems() == 1 and selectedItems()[1].item == 5, "only item 5 is selected")
expect(attributesOf(0, 0).alpha == 1 and attributesOf(0, 5).alpha == 0.5, "the fade moved with the selection")
