-- section-background.lua — a list in sections, each on a rounded background decoration.
--
-- Mirrors the "Section Background Decoration" sample of Apple's "Implementing Modern
-- Collection Views": 44-point rows 5 points apart, 10-point section insets all round, and a
-- background decoration item ("background") that covers the whole section at the full width,
-- inset 5 points by its own content insets. The background has zIndex 0 and lifts the
-- section's cells to zIndex 1, so they draw above it.
--
-- Run:  Scripts/lualayout run Examples/compositional/section-background.lua --bounds 375x667 --scale 2 --sections 5,5,5 --format table

local C = compositional

local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.absolute(44),
  subitems = {item},
}

return compositional{
  section = C.section{
    group = group,
    interGroupSpacing = 5,
    contentInsets = {10, 10, 10, 10},
    decorationItems = { C.background{ kind = "background", contentInsets = {5, 5, 5, 5} } },
  },
}
