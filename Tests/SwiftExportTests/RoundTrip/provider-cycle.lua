-- A provider whose sections read as a first section, then a cycle of two that share their
-- items and headers (issue 33, item 2): the export translates it (issue 37), the shared item and
-- header becoming properties of the translated script that every section uses; with
-- --allow-partial and a provider it cannot translate, the cycle's switch would stand instead.
local C = compositional

local square = C.item{ width = C.fractionalWidth(0.25), height = C.fractionalHeight(1) }
local header = C.boundarySupplementaryItem{ kind = "header", alignment = "top",
  width = C.fractionalWidth(1), height = C.absolute(30) }

local function section(height, spacing)
  return C.section{
    group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(height),
      subitems = {square} },
    interGroupSpacing = spacing,
    boundarySupplementaryItems = {header},
  }
end

return compositional{
  interSectionSpacing = 12,
  sectionProvider = function(cv, sectionIndex)
    if sectionIndex == 0 then
      return C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(200),
        subitem = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }, count = 1 } }
    end
    return sectionIndex % 2 == 1 and section(60, 4) or section(90, 8)
  end,
}
