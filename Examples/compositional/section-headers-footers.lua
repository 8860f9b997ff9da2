-- section-headers-footers.lua — a list in sections, each with a header above and a footer below.
--
-- Mirrors the "Section Headers/Footers" sample of Apple's "Implementing Modern Collection
-- Views": 44-point rows 5 points apart with 10-point leading and trailing section insets, and
-- two boundary supplementary items a section wide with an estimated height of 44, aligned to
-- the top ("header") and the bottom ("footer"). They extend the section (header, rows,
-- footer) and follow its insets across, so they line up with the rows.
--
-- Run:  Scripts/lualayout run Examples/compositional/section-headers-footers.lua --bounds 375x667 --scale 2 --sections 5,5,5,5,5 --format table

local C = compositional

local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.absolute(44),
  subitems = {item},
}
local header = C.boundarySupplementaryItem{
  kind = "header", alignment = "top",
  width = C.fractionalWidth(1), height = C.estimated(44),
}
local footer = C.boundarySupplementaryItem{
  kind = "footer", alignment = "bottom",
  width = C.fractionalWidth(1), height = C.estimated(44),
}

return compositional{
  section = C.section{
    group = group,
    interGroupSpacing = 5,
    contentInsets = {0, 10, 0, 10},
    boundarySupplementaryItems = {header, footer},
  },
}
