-- pinch.lua — a gesture-driven layout parameter: Apple's pinch layout (seed layout 6).
--
-- Mirrors the UICollectionViewFlowLayout subclass from Apple's guide: while a pinch gesture
-- runs, the host sets the pinched item, the pinch scale and the gesture's centre, then
-- invalidates the layout; the pinched cell follows the fingers (its centre at the pinch
-- point, scaled, above the others) and every other cell keeps its grid place. Invalidating
-- (no data change) does not animate: items jump to their new attributes. Here the gesture's
-- state is host state: cv.state.pinchedItem, pinchScale (default 1), pinchX, pinchY.
--
-- Run:  Scripts/lualayout run Examples/pinch.lua --bounds 320x480 --items 12 --state pinchedItem=4 --state pinchScale=1.5 --state pinchX=200 --state pinchY=150 --format table

local layout = flow{
  itemSize = {90, 90},
  minimumInteritemSpacing = 10,
  minimumLineSpacing = 10,
  sectionInset = {10, 10, 10, 10},
}

-- Rect-query phase, as the subclass's layoutAttributesForElements(in:) applies the pinch.
function layout.attributes(cv, a)
  local state = cv.state
  if a.category ~= "cell" or state.pinchedItem ~= a.item or a.section ~= 0 then return end
  local scale = state.pinchScale or 1
  a.transform3D = {scale, 0, 0, 0,  0, scale, 0, 0,  0, 0, 1, 0,  0, 0, 0, 1}
  a.center = {x = state.pinchX or a.center.x, y = state.pinchY or a.center.y}
  a.zIndex = 1
end

return layout
