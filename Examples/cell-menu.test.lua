-- layout: cell-menu.lua
-- controller: cell-menu-controller.lua
-- options: --data cell-menu.json --bounds 320x480
--
-- The guide's edit menu, end to end. Derivations: rows are 300 × 50 at x = 10, y = 10 + 60·i,
-- so (160, 35) is inside row 0 (10…60), (160, 155) inside row 2 (130…180), and (160, 460) is
-- below the last row (7 rows after the paste end at 10 + 60·6 + 50 = 420): empty space.

expect(menuActions() == nil, "no menu before a long press")

-- A long press on row 0: the menu asks cut, copy and paste in order; with nothing copied only
-- copy is offered, and didLongPress is not called. (UIKit calls only the delegate methods the
-- controller defines: no highlight callbacks here.)
longPress(160, 35)
expectEqual(calls(), {
  "shouldShowMenuForItem[0, 0]", "canPerformAction(cut)[0, 0] → false", "canPerformAction(copy)[0, 0]",
  "canPerformAction(paste)[0, 0] → false",
}, "the menu's questions, in UIKit's order")
expectEqual(menuActions(), {"copy"}, "only copy is offered")

-- An action the menu does not show is an error naming what it shows.
local ok, message = pcall(chooseMenuAction, "paste")
expect(not ok and message:find('shows "copy"', 1, true) ~= nil, "paste is not offered yet")

-- Copy: the menu closes and row 0's payload is on the pasteboard.
chooseMenuAction("copy")
expectEqual(calls(), {"performAction(copy)[0, 0]"}, "performAction for row 0")
expect(menuActions() == nil, "choosing closes the menu")
expectEqual(pasteboard(), {title = "Apples"}, "the pasteboard holds row 0's payload")

-- A long press on row 2 now offers paste too; pasting inserts "Apples" after it, at row 3.
longPress(160, 155)
expectEqual(menuActions(), {"copy", "paste"}, "copy and paste")
chooseMenuAction("paste")
local inserted = updates()
expect(#inserted == 1 and inserted[1].action == "insert" and inserted[1].after.item == 3, "one row inserted at 3")
expectEqual(attributesOf(0, 3).label, "Apples", "the pasted row")
expectFrame(0, 4, {10, 250, 300, 50})

-- A tap elsewhere closes the menu (and is a tap on empty space: the controller defines no
-- didTapBackground, so nothing is called).
longPress(160, 35)
expect(menuActions() ~= nil, "the menu is open again")
tap(160, 460)
expect(menuActions() == nil, "a tap elsewhere closes it")
expectEqual(calls(), {}, "the tap itself")
