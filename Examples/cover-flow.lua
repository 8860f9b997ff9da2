-- cover-flow.lua — cover flow: a horizontal row of covers turned in 3D, the centre one on top.
--
-- A custom layout (UICollectionViewLayout subclass) in two phases, as UIKit intends:
-- prepare() places the flat row once — item i centred at width/2 + i·spacing, so offset
-- i·spacing brings it to the middle — and the rect-query hook (layoutAttributesForElementsInRect:)
-- turns each returned cover according to its distance d = centre x − centre of the visible rect:
--   angle θ = −MAX_ANGLE · clamp(d / spacing, −1, 1)  (covers to the right face left, and back)
--   transform3D = R_y(θ) · P  — CATransform3DRotate(perspective, θ, 0, 1, 0): the rotation is
--     applied first, then the perspective P (identity with m34 = −1/500); row-major m11…m44:
--       cos θ  0  −sin θ   sin θ/500
--       0      1   0       0
--       sin θ  0   cos θ  −cos θ/500
--       0      0   0       1
--   zIndex = −round(|d|): the nearer the centre, the higher, so the centre cover is on top.
-- The hook reads cv.bounds at query time, so scrolling needs no new prepare; only a new width
-- (which moves the row) invalidates. A fling snaps to the nearest cover (targetContentOffset).
-- cv.state.itemSize (default 200) and cv.state.spacing (default 100) tune it.
--
-- Run:  Scripts/lualayout run Examples/cover-flow.lua --bounds 600x400 --items 12 --visible --offset 250,0 --format table

local MAX_ANGLE = math.pi / 3   -- 60°, reached one spacing away from the centre
local PERSPECTIVE = -1 / 500    -- m34: the eye 500 points in front of the screen

local function spacing(cv) return cv.state.spacing or 100 end

-- For editors (Examples/.types): cv, out and a complete in the hooks below.
---@type lualayout.CustomLayout
local layout = {}

function layout.prepare(cv, out)
  local size = cv.state.itemSize or 200
  local pitch = spacing(cv)
  local width, height = cv.bounds.width, cv.bounds.height
  local count = cv:numberOfItems(0)
  for item = 0, count - 1 do
    out:cell(0, item, width / 2 + item * pitch - size / 2, (height - size) / 2, size, size)
  end
  -- The last cover can reach the centre too.
  out:contentSize(width + math.max(count - 1, 0) * pitch, height)
end

function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds)
  return newBounds.width ~= cv.bounds.width or newBounds.height ~= cv.bounds.height
end

function layout.attributes(cv, a)
  local d = a.center.x - (cv.bounds.x + cv.bounds.width / 2)
  local t = math.max(-1, math.min(1, d / spacing(cv)))
  local angle = -MAX_ANGLE * t
  local c, s = math.cos(angle), math.sin(angle)
  a.transform3D = {
    c, 0, -s, -s * PERSPECTIVE,
    0, 1, 0, 0,
    s, 0, c, c * PERSPECTIVE,
    0, 0, 0, 1,
  }
  a.zIndex = -math.floor(math.abs(d) + 0.5)
end

-- Snap a fling to the cover whose centre is nearest the proposed centre (offset i·spacing
-- centres cover i; ties → the earlier cover), within the row.
function layout.targetContentOffset(cv, proposed, velocity)
  local pitch = spacing(cv)
  local last = math.max(cv:numberOfItems(0) - 1, 0)
  local item = math.max(0, math.min(last, math.ceil(proposed.x / pitch - 0.5)))
  return item * pitch, proposed.y
end

return layout
