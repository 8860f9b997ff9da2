-- circle.lua — items on a circle: a custom layout (UICollectionViewLayout subclass).
--
-- Mirrors the classic circle layout: prepare() computes every frame once; the content is
-- exactly the viewport (nothing scrolls). Items sit evenly on a circle around the centre of
-- the bounds, starting at the top and going clockwise; the radius leaves room for the items.
-- cv.state.itemSize (default 70) sets the item size.
--
-- Run:  Scripts/lualayout run Examples/circle.lua --bounds 400x400 --items 12 --format table

-- For editors (Examples/.types): cv, out and a complete in the hooks below.
---@type lualayout.CustomLayout
local layout = {}

function layout.prepare(cv, out)
  local count = cv:numberOfItems(0)
  local size = cv.state.itemSize or 70
  local width, height = cv.bounds.width, cv.bounds.height
  local cx, cy = width / 2, height / 2
  local radius = math.min(width, height) / 2 - size / 2
  for item = 0, count - 1 do
    local angle = 2 * math.pi * item / count
    local x = cx + radius * math.sin(angle)
    local y = cy - radius * math.cos(angle)
    out:cell(0, item, x - size / 2, y - size / 2, size, size)
  end
  out:contentSize(width, height)
end

return layout
