-- A section provider with a layout's other hooks, exported as one translation (issue 37): rows
-- of 60 points; a fling comes to rest on a row's top (targetContentOffset), a change of width
-- lays the layout out again, and layoutAttributesForElements returns UIKit's list as given.
local C = compositional

return compositional{
  sectionProvider = function(cv, sectionIndex)
    local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
    local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(60), subitems = {item} }
    return C.section{ group = group }
  end,
  targetContentOffset = function(cv, proposed, velocity)
    return { x = proposed.x, y = math.floor(proposed.y / 60) * 60 }
  end,
  shouldInvalidateLayoutForBoundsChange = function(cv, newBounds)
    return newBounds.width ~= cv.bounds.width
  end,
  layoutAttributesForElements = function(cv, rect, elements)
    return elements
  end,
}
