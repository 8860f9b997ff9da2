-- orthogonal-behaviors.lua — one section per orthogonal scrolling behaviour, each under its title.
--
-- Mirrors the "Orthogonal Section Behaviors" sample of Apple's "Implementing Modern Collection
-- Views": section k uses behaviour k of none, continuous, continuousGroupLeadingBoundary,
-- paging, groupPaging and groupPagingCentered, with the nested group of the orthogonal sample
-- (0.85 of the width when it scrolls sideways, the full width for "none", whose groups stack
-- down the page instead) and a title header ("title", estimated 44 high) naming the
-- behaviour. The behaviours differ only in where a fling comes to rest (and
-- groupPagingCentered in its initial offset, which centres the first group); the frames are
-- the same.
--
-- Run:  Scripts/lualayout run Examples/compositional/orthogonal-behaviors.lua --bounds 375x667 --scale 2 --sections 9,9,9,9,9,9 --format table

local C = compositional

local BEHAVIORS = {
  "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered",
}

local function behavior(section) return BEHAVIORS[section % #BEHAVIORS + 1] end

return compositional{
  sectionProvider = function(cv, sectionIndex)
    local scrollsSideways = behavior(sectionIndex) ~= "none"
    local leadingItem = C.item{
      width = C.fractionalWidth(0.7), height = C.fractionalHeight(1),
      contentInsets = {10, 10, 10, 10},
    }
    local trailingItem = C.item{
      width = C.fractionalWidth(1), height = C.fractionalHeight(0.3),
      contentInsets = {10, 10, 10, 10},
    }
    local trailingGroup = C.group{
      axis = "vertical",
      width = C.fractionalWidth(0.3), height = C.fractionalHeight(1),
      subitem = trailingItem, count = 2,
    }
    local containerGroup = C.group{
      axis = "horizontal",
      width = C.fractionalWidth(scrollsSideways and 0.85 or 1), height = C.fractionalHeight(0.4),
      subitems = {leadingItem, trailingGroup},
    }
    local title = C.boundarySupplementaryItem{
      kind = "title", alignment = "top",
      width = C.fractionalWidth(1), height = C.estimated(44),
    }
    return C.section{
      group = containerGroup,
      orthogonalScrollingBehavior = behavior(sectionIndex),
      boundarySupplementaryItems = {title},
    }
  end,

  attributes = function(cv, a)
    if a.kind == "title" then a.label = behavior(a.section) end
  end,
}
