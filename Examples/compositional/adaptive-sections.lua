-- adaptive-sections.lua — the distinct sections, with twice the columns on a wide screen.
--
-- Mirrors the "Adaptive Sections" sample of Apple's "Implementing Modern Collection Views":
-- the section provider reads the layout environment and doubles each section's columns
-- (list 1 → 2, grid 5 → 10, grid 3 → 6) when the effective content width passes 800 points,
-- as on an iPad in landscape. Run it at 375 wide to see the phone's layout.
--
-- Run:  Scripts/lualayout run Examples/compositional/adaptive-sections.lua --bounds 1024x768 --scale 2 --sections 10,10,10 --format table

local C = compositional

local COLUMNS = {1, 5, 3}   -- list, grid of 5, grid of 3 (narrow screens)

return compositional{
  sectionProvider = function(cv, sectionIndex, env)
    local kind = sectionIndex % #COLUMNS + 1
    local columns = COLUMNS[kind]
    if env.container.effectiveContentSize.width > 800 then columns = columns * 2 end
    local item = C.item{
      width = C.fractionalWidth(1), height = C.fractionalHeight(1),
      contentInsets = {2, 2, 2, 2},
    }
    local group = C.group{
      axis = "horizontal",
      width = C.fractionalWidth(1),
      height = kind == 1 and C.absolute(44) or C.fractionalWidth(0.2),
      subitem = item, count = columns,
    }
    return C.section{ group = group, contentInsets = {20, 20, 20, 20} }
  end,
}
