-- cookbook-flow.lua — a vertical flow layout from the UIKit cookbook (seed layout 8).
--
-- Mirrors a UICollectionViewFlowLayout configured in code: 80×120 items, 20 points between
-- rows, at least 10 between items of a row, and a section inset of 10 (top/bottom) and 20
-- (left/right). Rows are justified: the spare width is shared between the items.
--
-- Run:  Scripts/lualayout run Examples/cookbook-flow.lua --bounds 375x667 --items 24 --format table

return flow{
  scrollDirection = "vertical",
  itemSize = {80, 120},
  minimumLineSpacing = 20,
  minimumInteritemSpacing = 10,
  sectionInset = {top = 10, left = 20, bottom = 10, right = 20},
}
