-- A section provider with an attributes hook, exported as one translation (issue 37): rows
-- 50 points tall in section 0 and 80 in the others, each section under a 30-point header;
-- the hook fades odd items to 0.5, hides item 2 of every section, lifts each item's zIndex
-- to its index, shifts the cells of section 1 right by 10 points and fades the headers to
-- 0.25, so the Swift subclass's overrides must run it on cells and supplementaries alike.
local C = compositional

local function rowHeight(section)
  return section == 0 and 50 or 80
end

return compositional{
  sectionProvider = function(cv, sectionIndex)
    local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
    local group = C.group{
      axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(rowHeight(sectionIndex)),
      subitems = {item},
    }
    local header = C.boundarySupplementaryItem{
      kind = "header", alignment = "top", width = C.fractionalWidth(1), height = C.absolute(30),
    }
    return C.section{ group = group, boundarySupplementaryItems = {header} }
  end,

  attributes = function(cv, a)
    if a.category == "cell" then
      if a.item % 2 == 1 then a.alpha = 0.5 end
      a.hidden = a.item == 2
      a.zIndex = a.item
      if a.section == 1 then a.x = a.x + 10 end
    elseif a.kind == "header" then
      a.alpha = 0.25
    end
  end,
}
