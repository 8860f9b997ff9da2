-- grid.lua — the basic grid: a horizontally scrolling flow layout (seed layout 1).
--
-- Mirrors UICollectionViewFlowLayout with scrollDirection = .horizontal: items fill each
-- column top to bottom, columns run left to right. The spare vertical space is spread
-- between the items of a column (UIKit justifies full lines), so on an iPad in portrait
-- (768×1024) the real gap between 128-point items is 80, not the minimum 64.
--
-- Run:  Scripts/lualayout run Examples/grid.lua --bounds 768x1024 --items 100 --format table

return flow{
  scrollDirection = "horizontal",
  itemSize = {128, 128},
  minimumInteritemSpacing = 64,   -- between items of a column
  minimumLineSpacing = 64,        -- between columns
  sectionInset = {32, 32, 32, 32},
}
