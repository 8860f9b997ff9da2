-- line.lua — Apple's LineLayout: one horizontal row whose items zoom near the centre.
--
-- Mirrors the UICollectionViewFlowLayout subclass from Apple's guide and WWDC sample:
-- 200×200 items 50 apart in a single horizontally scrolling row, with section insets that let
-- the first and last item reach the middle of the screen. The zoom happens in the rect-query
-- phase (layoutAttributesForElementsInRect:): an item within ACTIVE_DISTANCE of the centre of
-- the visible rect is scaled by 1 + ZOOM_FACTOR·(1 − |distance|/ACTIVE_DISTANCE) and brought
-- to the front (zIndex 1). Because the zoom depends on the content offset, the layout
-- invalidates on every bounds change (shouldInvalidateLayoutForBoundsChange: YES), and
-- targetContentOffsetForProposedContentOffset: snaps a fling so the item nearest the centre
-- ends exactly centred (seed layout 7). One section, as in the original.
--
-- Run:  Scripts/lualayout run Examples/line.lua --bounds 600x400 --items 10 --visible --offset 100,0 --format table

local ITEM_SIZE = 200
local LINE_SPACING = 50
local PITCH = ITEM_SIZE + LINE_SPACING  -- centre-to-centre distance of neighbours
local ACTIVE_DISTANCE = 200
local ZOOM_FACTOR = 0.3

local layout = flow{
  scrollDirection = "horizontal",
  itemSize = {ITEM_SIZE, ITEM_SIZE},
  minimumLineSpacing = LINE_SPACING,
}

-- Half a screen minus half an item on each side: item 0 is centred at offset 0 and the last
-- item at the largest offset. Top and bottom leave room for exactly one item per column.
function layout.insetForSection(cv, section)
  local side = (cv.bounds.width - ITEM_SIZE) / 2
  local cap = (cv.bounds.height - ITEM_SIZE) / 2
  return {top = cap, left = side, bottom = cap, right = side}
end

-- The zoom depends on where the viewport is: re-evaluate on every scroll, as Apple's does.
function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds)
  return true
end

function layout.attributes(cv, a)
  local centre = cv.bounds.x + cv.bounds.width / 2
  local distance = centre - a.center.x
  if math.abs(distance) < ACTIVE_DISTANCE then
    local zoom = 1 + ZOOM_FACTOR * (1 - math.abs(distance) / ACTIVE_DISTANCE)
    a.transform3D = {  -- CATransform3DMakeScale(zoom, zoom, 1)
      zoom, 0, 0, 0,
      0, zoom, 0, 0,
      0, 0, 1, 0,
      0, 0, 0, 1,
    }
    a.zIndex = 1
  end
end

-- Item i's centre is at width/2 + i·PITCH (the left inset is (width − ITEM_SIZE)/2), so the
-- offset that centres it is i·PITCH: take the item whose centre is nearest the proposed
-- centre (ties → the earlier item, as Apple's strict `<` scan does), within the range.
function layout.targetContentOffset(cv, proposed, velocity)
  local last = math.max(cv:numberOfItems(0) - 1, 0)
  local item = math.ceil(proposed.x / PITCH - 0.5)
  item = math.max(0, math.min(last, item))
  return item * PITCH, proposed.y
end

return layout
