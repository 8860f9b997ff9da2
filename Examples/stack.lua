-- stack.lua — piles of cards on shelves: zIndex, rotations and a decoration view behind.
--
-- A custom layout (UICollectionViewLayout subclass) showing three things from Apple's guide:
-- overlapping elements ordered by zIndex, 2D rotations as transform3D, and a decoration view
-- (a view the layout adds on its own, with no data behind it). Each section is one pile on its
-- own screen-wide page, pages side by side. In a pile the last item is the top card, centred
-- on the page; each card below it (depth d = count − 1 − item) sits d·OFFSET further right
-- and down, turned about z by −ANGLE when d is odd and +ANGLE when even, so the pile looks
-- shuffled. zIndex = item: the top card is highest. Under each pile a "shelf" decoration
-- ((section, 0), zIndex −1: behind every card) spans the page less a MARGIN on each side, its
-- top SHELF_HEIGHT/2 above the bottom of the lowest card, so the cards stand in it.
-- cv.state.cardWidth / cardHeight (default 160 × 200) size the cards.
--
-- Run:  Scripts/lualayout run Examples/stack.lua --bounds 400x400 --sections 3,2 --format table

local OFFSET = 4              -- points right and down per card of depth
local ANGLE = math.rad(5)     -- the tilt of the cards under the top one
local MARGIN = 20             -- shelf inset from the page edges
local SHELF_HEIGHT = 40

-- CATransform3DMakeRotation(angle, 0, 0, 1), row-major m11…m44.
local function rotationZ(angle)
  local c, s = math.cos(angle), math.sin(angle)
  return {
    c, s, 0, 0,
    -s, c, 0, 0,
    0, 0, 1, 0,
    0, 0, 0, 1,
  }
end

local layout = {}

function layout.prepare(cv, out)
  local cardWidth = cv.state.cardWidth or 160
  local cardHeight = cv.state.cardHeight or 200
  local width, height = cv.bounds.width, cv.bounds.height
  for section = 0, cv.numberOfSections - 1 do
    local count = cv:numberOfItems(section)
    local left = section * width + (width - cardWidth) / 2   -- the top card's frame
    local top = (height - cardHeight) / 2
    for item = 0, count - 1 do
      local depth = count - 1 - item
      local extra = {zIndex = item}
      if depth > 0 then
        extra.transform3D = rotationZ(depth % 2 == 1 and -ANGLE or ANGLE)
      end
      out:cell(section, item, left + depth * OFFSET, top + depth * OFFSET, cardWidth, cardHeight, extra)
    end
    local pileBottom = top + cardHeight + math.max(count - 1, 0) * OFFSET
    out:decoration("shelf", section, 0, section * width + MARGIN, pileBottom - SHELF_HEIGHT / 2,
      width - 2 * MARGIN, SHELF_HEIGHT, {zIndex = -1})
  end
  out:contentSize(cv.numberOfSections * width, height)
end

-- Pages are as wide as the viewport: re-lay out when its size changes.
function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds)
  return newBounds.width ~= cv.bounds.width or newBounds.height ~= cv.bounds.height
end

return layout
