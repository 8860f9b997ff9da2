-- right-to-left.lua — a flow in a right-to-left collection view: the first item on the right.
--
-- UIKit's flow layout flips horizontally in the opposite layout direction
-- (flipsHorizontallyInOppositeLayoutDirection is true for flow): under an Arabic or Hebrew
-- locale every frame is mirrored across the content, x' = content width − x − width, so
-- lines start at the right. The layout itself, and its hooks, work left to right; the
-- mirroring happens on the way out, as the collection view does it. Items 100×50, spacing
-- 10, inset 10, a 40-point header per section.
--
-- Run:  Scripts/lualayout run Examples/right-to-left.lua --bounds 340x300 --sections 4,2 --layout-direction rtl --format table

return flow{
  itemSize = {100, 50},
  minimumInteritemSpacing = 10,
  minimumLineSpacing = 10,
  sectionInset = {10, 10, 10, 10},
  headerReferenceSize = {0, 40},
}
