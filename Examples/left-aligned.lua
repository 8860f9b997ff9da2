-- left-aligned.lua — tags left-aligned in their lines: a flow layout subclass.
--
-- The most common UICollectionViewFlowLayout subclass, written as UIKit authors write it.
--
-- The flow places the tags (widths from the data, `{"width": 70}`, else 40 + 37·item mod 90;
-- 30 high) in greedy lines and justifies every full line. The attributes hook then moves each
-- cell to the left: it asks the flow (the super query cv:layoutAttributesForItem) where the
-- cells before it are, walks back while they share its line (same vertical centre), and puts
-- the cell right after them. It reads only prepared frames, so every query, whatever its
-- rect, gives a cell the same place.
--
-- Run:  Scripts/lualayout run Examples/left-aligned.lua --bounds 375x300 --items 12 --format table

local SPACING = 8
local INSET = {top = 10, left = 16, bottom = 10, right = 16}

local layout = flow{
  minimumInteritemSpacing = SPACING,
  minimumLineSpacing = 8,
  sectionInset = INSET,
  sizeForItem = function(cv, section, item)
    local data = cv:itemData(section, item)
    local width = type(data) == "table" and data.width or 40 + (item * 37) % 90
    return width, 30
  end,
}

local function sameLine(a, b)
  return math.abs((a.y + a.height / 2) - (b.y + b.height / 2)) < 0.5
end

function layout.attributes(cv, a)
  if a.category ~= "cell" then return end
  local me = assert(cv:layoutAttributesForItem(a.section, a.item))   -- the flow placed every cell
  local x = INSET.left
  for item = a.item - 1, 0, -1 do
    local before = assert(cv:layoutAttributesForItem(a.section, item))
    if not sameLine(before, me) then break end
    x = x + before.width + SPACING
  end
  a.x = x
end

return layout
