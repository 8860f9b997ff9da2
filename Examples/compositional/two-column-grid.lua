-- two-column-grid.lua — two columns of 44-point rows, 10 points apart both ways.
--
-- Mirrors the "Two-Column Grid" sample of Apple's "Implementing Modern Collection Views": a
-- 44-point group made with `subitem:count:` (the item is resized to half the group), a fixed
-- inter-item spacing of 10, 10 points between rows and 10-point leading and trailing section
-- insets. With the spacing the two halves are re-solved: (355 − 10) / 2 = 172.5 points each,
-- at x = 10 and 192.5.
--
-- Run:  Scripts/lualayout run Examples/compositional/two-column-grid.lua --bounds 375x667 --scale 2 --items 94 --format table

local C = compositional

local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.absolute(44),
  subitem = item, count = 2,
  interItemSpacing = C.fixed(10),
}

return compositional{
  section = C.section{
    group = group,
    interGroupSpacing = 10,
    contentInsets = {0, 10, 0, 10},
  },
}
