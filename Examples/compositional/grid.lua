-- grid.lua — a five-column grid of square cells, sized as fractions of the width.
--
-- Mirrors the "Grid" sample of Apple's "Implementing Modern Collection Views": an item a
-- fifth of its group wide and as high as it, in a group as wide as the section and a fifth
-- of the width high, so every cell is square whatever the width (75×75 on a 375-point phone).
--
-- Run:  Scripts/lualayout run Examples/compositional/grid.lua --bounds 375x667 --scale 2 --items 94 --format table

local C = compositional

local item = C.item{ width = C.fractionalWidth(0.2), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.fractionalWidth(0.2),
  subitems = {item},
}

return compositional{ section = C.section{ group = group } }
