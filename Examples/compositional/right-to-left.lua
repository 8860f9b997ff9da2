-- right-to-left.lua — a compositional page right to left: leading on the right, rows scrolling from the right.
--
-- A compositional layout in a right-to-left collection view places `leading` items and
-- boundary items on the right and `trailing` ones on the left, and a horizontally scrolling
-- (orthogonal) section starts at the right, its later groups to the left. Here: a title
-- half the width at the top leading corner, then a row of cards 80% of the width that
-- scrolls sideways, under `--layout-direction rtl`.
--
-- Run:  Scripts/lualayout run Examples/compositional/right-to-left.lua --bounds 400x300 --items 4 --layout-direction rtl --format table

local C = compositional

local card = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal", width = C.fractionalWidth(0.8), height = C.absolute(100), subitems = {card},
}
local title = C.boundarySupplementaryItem{
  kind = "title", width = C.fractionalWidth(0.5), height = C.absolute(30), alignment = "topLeading",
}

return compositional{
  section = C.section{
    group = group, orthogonalScrollingBehavior = "continuous", boundarySupplementaryItems = {title},
  },
}
