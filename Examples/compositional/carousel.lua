-- carousel.lua — a centred, paging carousel whose cards grow as they reach the middle.
--
-- The common UIKit recipe (iOS 14+) built on a section's visibleItemsInvalidationHandler: a
-- groupPagingCentered section of cards 0.6 of the width and 240 high, 20 points apart, whose
-- handler runs at every scroll with the visible cards and the section's scroll offset and
-- scales each card by its distance d from the middle of the screen:
-- max(1.1 − d / width, 0.7). The first card starts centred (the behaviour's initial offset);
-- the Run line scrolls to the second, 245 points on.
--
-- Run:  Scripts/lualayout run Examples/compositional/carousel.lua --bounds 375x360 --scale 2 --items 10 --orthogonal-offset 0:170 --format table

local C = compositional

local MIN_SCALE, MAX_SCALE = 0.7, 1.1

local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(0.6), height = C.absolute(240),
  subitems = {item},
}

return compositional{
  section = C.section{
    group = group,
    interGroupSpacing = 20,
    contentInsets = {40, 0, 40, 0},
    orthogonalScrollingBehavior = "groupPagingCentered",

    visibleItemsInvalidationHandler = function(items, offset, env)
      local width = env.container.contentSize.width
      for _, a in ipairs(items) do
        local distance = math.abs(a.frame.x + a.frame.width / 2 - offset.x - width / 2)
        local scale = math.max(MAX_SCALE - distance / width, MIN_SCALE)
        a.transform3D = {scale, 0, 0, 0,  0, scale, 0, 0,  0, 0, 1, 0,  0, 0, 0, 1}
      end
    end,
  },
}
