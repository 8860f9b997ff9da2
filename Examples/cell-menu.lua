-- cell-menu.lua — a shopping list whose rows have the edit menu of Apple's guide.
--
-- One row per item, 300 × 50, 10 apart inside a 10-point inset: row i is 10…310 × (10 + 60·i)
-- … (60 + 60·i). Each row is labelled with its payload's title ({"title": "Apples"}), so what
-- the menu's paste inserts shows in pictures and the preview. The menu itself is the
-- controller's (cell-menu-controller.lua): a long press on a row offers copy, and paste once
-- something was copied.
--
-- Run:  Scripts/lualayout run Examples/cell-menu.lua --data Examples/cell-menu.json --bounds 320x480 --format table
-- Simulate:  Scripts/lualayout simulate Examples/cell-menu.lua --scenario Examples/cell-menu.test.lua --controller Examples/cell-menu-controller.lua --data Examples/cell-menu.json --bounds 320x480

local layout = flow{
  itemSize = {300, 50},
  minimumLineSpacing = 10,
  minimumInteritemSpacing = 10,
  sectionInset = {10, 10, 10, 10},
}

function layout.attributes(cv, a)
  if a.category ~= "cell" then return end
  local row = cv:itemData(a.section, a.item)
  if type(row) == "table" and type(row.title) == "string" then a.label = row.title end
end

return layout
