-- A compositional layout that does not flip in a right-to-left collection view: the export
-- writes the subclass UIKit needs to say so (issue 33, item 4).
local C = compositional
local item = C.item{ width = C.fractionalWidth(0.3), height = C.fractionalHeight(1) }
local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(50), subitems = {item} }
local layout = compositional{ section = C.section{ group = group, contentInsets = {0, 10, 0, 30} } }
layout.flipsHorizontallyInOppositeLayoutDirection = false
return layout
