-- A section provider whose groups are custom: the itemProvider places two columns of cards,
-- the right one half a card lower, and a third column past 600 points of the container, so the
-- translated closure must compute the frames from the environment (issue 37).
local C = compositional

local function cards(env)
  local width = env.container.effectiveContentSize.width
  local columns = width > 600 and 3 or 2
  local side = width / columns
  local frames = {}
  for column = 0, columns - 1 do
    frames[#frames + 1] = {
      x = column * side, y = (column % 2) * side / 2, width = side, height = side, zIndex = column,
    }
  end
  return frames
end

return compositional{
  sectionProvider = function(cv, sectionIndex, env)
    local group = C.customGroup{
      width = C.fractionalWidth(1), height = C.absolute(sectionIndex == 0 and 200 or 300),
      itemProvider = cards,
    }
    return C.section{ group = group, interGroupSpacing = 8 }
  end,
}
