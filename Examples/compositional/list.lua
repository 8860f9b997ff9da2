-- list.lua — a plain list: one full-width, 44-point row per item, in a compositional layout.
--
-- Mirrors the "List" sample of Apple's "Implementing Modern Collection Views" (its first,
-- iOS 13 version, before list configurations): an item filling its group, a group as wide as
-- the section and 44 points high, one section. Rows stack with no spacing: item i sits at
-- y = 44·i.
--
-- Run:  Scripts/lualayout run Examples/compositional/list.lua --bounds 375x667 --scale 2 --items 94 --format table

local C = compositional

local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.absolute(44),
  subitems = {item},
}

return compositional{ section = C.section{ group = group } }
