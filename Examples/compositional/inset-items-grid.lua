-- inset-items-grid.lua — the five-column grid with content insets around every cell.
--
-- Mirrors the "Inset Items Grid" sample of Apple's "Implementing Modern Collection Views":
-- the grid's item given 5-point content insets on every side. Insets shrink the cell inside
-- an unchanged box, so the boxes still tile at 75 points and each cell draws 65×65, 10 points
-- from its neighbours.
--
-- Run:  Scripts/lualayout run Examples/compositional/inset-items-grid.lua --bounds 375x667 --scale 2 --items 94 --format table

local C = compositional

local item = C.item{
  width = C.fractionalWidth(0.2), height = C.fractionalHeight(1),
  contentInsets = {5, 5, 5, 5},   -- top, leading, bottom, trailing
}
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.fractionalWidth(0.2),
  subitems = {item},
}

return compositional{ section = C.section{ group = group } }
