-- The "list section" of faberNovel/CompositionalLayoutDSL's SectionDSLTests, as a
-- compositional layout: full-width rows 40 points tall, 2 apart, between a 24-point header
-- and a 24-point footer, both pinned to the visible bounds. UIKit's frames for it (5 items,
-- iOS 17) are in __snapshots__/list-section.test.lua/list-section.uikit.json, which
-- list-section.test.lua compares with.

local C = compositional
local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(40),
  subitem = item, count = 1 }

local function boundary(kind, alignment)
  return C.boundarySupplementaryItem{ kind = kind, alignment = alignment, width = C.fractionalWidth(1),
    height = C.absolute(24), pinToVisibleBounds = true }
end

return compositional{ section = C.section{ group = group, interGroupSpacing = 2,
  boundarySupplementaryItems = { boundary("header", "top"), boundary("footer", "bottom") } } }
