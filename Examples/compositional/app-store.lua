-- app-store.lua — an App Store-like page: featured cards, pages of app rows, a row of icons.
--
-- The layout of the App Store's Today and Apps pages, built as Apple's WWDC19 session 215
-- describes it, one kind of section per index:
--   0, featured: cards 0.9 of the width and 300 high, 10 apart, one centred at a time
--      (groupPagingCentered): the neighbours peek in at both edges.
--   1, apps: rows of apps three to a page: a vertical group 0.9 wide and 216 high splits into
--      three 72-point rows (`subitem:count:`), each cell 64 high above an 8-point gap; pages
--      slide by a group (groupPaging) under a 44-point "header".
--   2, icons: 100×130 tiles 12 apart that scroll freely (continuous), under a "header".
-- Sections are 20 apart; the horizontal sections are inset 16 from the screen's edges. Every
-- value is UIKit's, so `lualayout export --swift` writes the whole page (docs/export.md).
--
-- Run:  Scripts/lualayout run Examples/compositional/app-store.lua --bounds 375x667 --scale 2 --sections 5,12,10 --format table

local C = compositional

local function header()
  return C.boundarySupplementaryItem{
    kind = "header", alignment = "top",
    width = C.fractionalWidth(1), height = C.absolute(44),
  }
end

local function featured()
  local card = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
  local group = C.group{
    axis = "horizontal",
    width = C.fractionalWidth(0.9), height = C.absolute(300),
    subitems = {card},
  }
  return C.section{ group = group, interGroupSpacing = 10, orthogonalScrollingBehavior = "groupPagingCentered" }
end

local function apps()
  local row = C.item{
    width = C.fractionalWidth(1), height = C.fractionalHeight(1),
    contentInsets = {0, 0, 8, 0},
  }
  local page = C.group{
    axis = "vertical",
    width = C.fractionalWidth(0.9), height = C.absolute(216),
    subitem = row, count = 3,
  }
  return C.section{
    group = page,
    interGroupSpacing = 10,
    contentInsets = {0, 16, 0, 16},
    orthogonalScrollingBehavior = "groupPaging",
    boundarySupplementaryItems = {header()},
  }
end

local function icons()
  local tile = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
  local group = C.group{
    axis = "horizontal",
    width = C.absolute(100), height = C.absolute(130),
    subitems = {tile},
  }
  return C.section{
    group = group,
    interGroupSpacing = 12,
    contentInsets = {0, 16, 0, 16},
    orthogonalScrollingBehavior = "continuous",
    boundarySupplementaryItems = {header()},
  }
end

local SECTIONS = {featured, apps, icons}

return compositional{
  interSectionSpacing = 20,

  sectionProvider = function(cv, sectionIndex)
    local make = SECTIONS[sectionIndex + 1]
    return make and make() or nil
  end,
}
