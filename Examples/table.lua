-- table.lua — a table-style list: one column of full-width rows under a header (seed layout 9).
--
-- Mirrors the cookbook's UITableView look-alike built on UICollectionViewFlowLayout: the
-- delegate's collectionView(_:layout:sizeForItemAt:) makes every row as wide as the collection
-- view and 44 points high, and a line spacing of 1 leaves a one-point separator between rows.
-- A 40-point section header (kind "header") sits above the first row. A lone item per line is
-- centred, so a full-width row starts at x = 0; a width change (rotation) re-prepares the
-- flow layout and the rows follow the new width. Appending a row (a refresh) places it right
-- after the previous last row.
--
-- Run:  Scripts/lualayout run Examples/table.lua --bounds 320x480 --items 20 --format table

local ROW_HEIGHT, SEPARATOR, HEADER_HEIGHT = 44, 1, 40

return flow{
  minimumLineSpacing = SEPARATOR,
  headerReferenceSize = {0, HEADER_HEIGHT},   -- only the height counts when scrolling vertically

  sizeForItem = function(cv, section, item)
    return cv.bounds.width, ROW_HEIGHT
  end,
}
