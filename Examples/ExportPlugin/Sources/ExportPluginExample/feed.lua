-- feed.lua — a feed of a header section of one wide card, then sections of 100-point rows
-- under a 30-point "header", from a section provider. The plugin exports it for the item
-- counts lualayout-export.json gives (`--sections 1,6,6`): every later section is laid out
-- as the last one the provider returned for them.
local C = compositional

local header = C.boundarySupplementaryItem{ kind = "header", alignment = "top",
  width = C.fractionalWidth(1), height = C.absolute(30) }

return compositional{
  interSectionSpacing = 16,
  sectionProvider = function(cv, sectionIndex)
    if sectionIndex == 0 then
      local card = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
      return C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1),
        height = C.absolute(220), subitems = {card} } }
    end
    local row = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
    return C.section{
      group = C.group{ axis = "vertical", width = C.fractionalWidth(1), height = C.absolute(100), subitems = {row} },
      interGroupSpacing = 8,
      boundarySupplementaryItems = {header},
    }
  end,
}
