-- Kinds that collide with the export's own names (the layout, a provider's parameters, a
-- keyword, a numbered name) and that hold quotes, backslashes and line breaks: every export of
-- it must compile, declare nothing but the layout, and place every kind where `run` does
-- (issue 30, items 2 and 3).
local C = compositional

local function header(kind, height)
  return C.boundarySupplementaryItem{ kind = kind, alignment = "top",
    width = C.fractionalWidth(1), height = C.absolute(height) }
end

local item = C.item{ width = C.fractionalWidth(0.5), height = C.fractionalHeight(1),
  supplementaryItems = { C.supplementaryItem{ kind = "item2", width = C.absolute(8), height = C.absolute(8),
    containerAnchor = { edges = {"top", "trailing"} } } } }
local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(40), subitems = {item} }

return compositional{
  sectionProvider = function(cv, sectionIndex)
    local kinds = { "layout", "Layout", "sectionIndex", "environment", "default", 'a"b\\c\nd\r\226\128\168e' }
    return C.section{
      group = group,
      boundarySupplementaryItems = { header(kinds[sectionIndex % #kinds + 1], 20 + sectionIndex) },
      decorationItems = { C.background{ kind = sectionIndex % 2 == 0 and "layout" or "func pwned() {}" } },
    }
  end,
}
