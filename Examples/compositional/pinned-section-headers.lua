-- pinned-section-headers.lua — section headers that stay at the top while their section scrolls by.
--
-- Mirrors the "Pinned Section Headers" sample of Apple's "Implementing Modern Collection
-- Views": the headers-and-footers list with the header pinned to the visible bounds and given
-- zIndex 2, so it floats over the rows. Scrolled to y = 400 (the Run line), section 1's header
-- (laid out at y = 328) has moved down to the top of the viewport; it stops at the bottom of
-- its section (y = 612, 44 points above the section's end) and is pushed off by the next one.
--
-- Run:  Scripts/lualayout run Examples/compositional/pinned-section-headers.lua --bounds 375x667 --offset 0,400 --scale 2 --sections 5,5,5,5,5 --format table

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
  pinToVisibleBounds = true,
  zIndex = 2,
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
