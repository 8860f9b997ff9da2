-- quilt.lua — RFQuiltLayout: items of several blocks each, every one in the first free place.
--
-- Bryce Redd's RFQuiltLayout (a UICollectionViewLayout subclass, github.com/bryceredd/RFQuiltLayout)
-- divides the content into blocks of `blockPixels` (100×100 by default); its delegate's
-- blockSizeForItemAtIndexPath: gives each item a size in blocks (multipliers, 1×1 by default)
-- and the layout packs the items, in order, into a grid as wide as the collection view:
--   * columns = floor(bounds width / block width), at least 1;
--   * each item goes to the first free block, reading rows top to bottom and each row left
--     to right, from which all of its w×h blocks are free and inside the columns; the scan
--     starts at the first block not yet taken (RFQuiltLayout's firstOpenSpace), since every
--     block before it is taken;
--   * an item wider than the columns cannot fit anywhere: as RFQuiltLayout does ("layout is
--     not wide enough for this piece size! Adding anyway"), it goes to the first place in
--     the first column whose blocks within the columns are free, and overflows to the right;
--   * frame = (column · bw, row · bh, w · bw, h · bh), inset by `itemInset` (top, left,
--     bottom, right; RFQuiltLayout's insetForItemAtIndexPath:);
--   * content size = (bounds width, (lowest row taken + 1) · bh). Sections share one grid.
-- The data gives each item's blocks ({"w": 2, "h": 1}); an item without them is 1×1.
-- RFQuiltLayout's negative sizes (absolute points) and horizontal direction are left out.
--
-- Run:  Scripts/lualayout run Examples/quilt.lua --data Examples/quilt.json --bounds 320x600 --format table

local layout = {
  blockPixels = {75, 75},
  itemInset = {2, 2, 2, 2},
}

-- The delegate's blockSizeForItemAtIndexPath:, from the item's data.
function layout.blockSizeForItem(cv, section, item)
  local data = cv:itemData(section, item)
  local w, h = 1, 1
  if type(data) == "table" then w, h = data.w or 1, data.h or 1 end
  if math.type(w) ~= "integer" or math.type(h) ~= "integer" or w < 1 or h < 1 then
    error(string.format("item [%d, %d]: blocks must be whole numbers ≥ 1", section, item))
  end
  return w, h
end

function layout.prepare(cv, out)
  local bw, bh = layout.blockPixels[1], layout.blockPixels[2]
  local top, left, bottom, right = table.unpack(layout.itemInset)
  local columns = math.max(1, math.floor(cv.bounds.width / bw))
  local taken = {}      -- taken[row * columns + column] = true, inside the columns only
  local firstFree = 0   -- every block before this one (row-major) is taken
  local lowest = -1     -- the lowest row taken

  -- Whether a w×h item fits with its top-left block at (column, row).
  local function fits(column, row, w, h)
    for r = row, row + h - 1 do
      for c = column, column + w - 1 do
        if c >= columns then
          if column ~= 0 then return false end  -- only a first-column item may overflow
        elseif taken[r * columns + c] then
          return false
        end
      end
    end
    return true
  end

  for section = 0, cv.numberOfSections - 1 do
    for item = 0, cv:numberOfItems(section) - 1 do
      local w, h = layout.blockSizeForItem(cv, section, item)
      local block = firstFree
      while taken[block] or not fits(block % columns, block // columns, w, h) do block = block + 1 end
      local column, row = block % columns, block // columns
      for r = row, row + h - 1 do
        for c = column, math.min(column + w, columns) - 1 do taken[r * columns + c] = true end
      end
      lowest = math.max(lowest, row + h - 1)
      while taken[firstFree] do firstFree = firstFree + 1 end
      out:cell(section, item, column * bw + left, row * bh + top, w * bw - left - right, h * bh - top - bottom)
    end
  end
  out:contentSize(cv.bounds.width, (lowest + 1) * bh)
end

return layout
