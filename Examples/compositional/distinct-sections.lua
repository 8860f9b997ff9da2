-- distinct-sections.lua — three sections laid out three ways: a list, five columns, three columns.
--
-- Mirrors the "Distinct Sections" sample of Apple's "Implementing Modern Collection Views": a
-- section provider builds each section from its kind (list, grid of 5, grid of 3, repeating),
-- with a group made by `subitem:count:` holding that many columns, 44 points high for the
-- list and a fifth of the width for the grids, 2-point insets inside every cell and 20-point
-- section insets.
--
-- Run:  Scripts/lualayout run Examples/compositional/distinct-sections.lua --bounds 375x667 --scale 2 --sections 10,10,10 --format table

local C = compositional

local COLUMNS = {1, 5, 3}   -- list, grid of 5, grid of 3

return compositional{
  sectionProvider = function(cv, sectionIndex)
    local columns = COLUMNS[sectionIndex % #COLUMNS + 1]
    local item = C.item{
      width = C.fractionalWidth(1), height = C.fractionalHeight(1),
      contentInsets = {2, 2, 2, 2},
    }
    local group = C.group{
      axis = "horizontal",
      width = C.fractionalWidth(1),
      height = columns == 1 and C.absolute(44) or C.fractionalWidth(0.2),
      subitem = item, count = columns,
    }
    return C.section{ group = group, contentInsets = {20, 20, 20, 20} }
  end,
}
