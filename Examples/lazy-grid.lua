-- lazy-grid.lua — a grid for huge sets: every query computed from Lua, nothing cached.
--
-- Apple's guide advises a layout whose items are too many to cache in prepare to compute
-- attributes per rect instead. Here prepare places nothing: it works out the grid's shape
-- and gives the content size; elementsInRect(cv, rect, out) places only the rows the rect
-- crosses (the engine keeps what intersects the rect) and itemAttributes(cv, section, item)
-- answers one item. A viewport query costs the same at 10 items or 10 million.
--
-- Square cells of SIZE points, SPACING apart, as many columns as fit the width (at least
-- one), rows top to bottom; the last row may be short. One section.
--
-- Run:  Scripts/lualayout run Examples/lazy-grid.lua --bounds 375x667 --items 10000000 --visible --offset 0,5000000 --format table

local SIZE, SPACING = 80, 10
local PITCH = SIZE + SPACING

local layout = {}

-- The grid's shape, from the bounds and the item count.
local function shape(cv)
  local count = cv:numberOfItems(0)
  local columns = math.max(1, (cv.bounds.width + SPACING) // PITCH)
  local rows = (count + columns - 1) // columns
  return count, columns, rows
end

function layout.prepare(cv, out)
  local _, columns, rows = shape(cv)
  out:contentSize(math.max(cv.bounds.width, columns * PITCH - SPACING), math.max(0, rows * PITCH - SPACING))
end

function layout.elementsInRect(cv, rect, out)
  local count, columns, rows = shape(cv)
  local first = math.max(0, rect.y // PITCH)
  local last = math.min(rows - 1, (rect.y + rect.height) // PITCH)
  for row = first, last do
    for column = 0, columns - 1 do
      local item = row * columns + column
      if item >= count then return end
      out:cell(0, item, column * PITCH, row * PITCH, SIZE, SIZE)
    end
  end
end

function layout.itemAttributes(cv, section, item)
  if section ~= 0 or item >= cv:numberOfItems(0) then return nil end
  local _, columns = shape(cv)
  return (item % columns) * PITCH, (item // columns) * PITCH, SIZE, SIZE
end

return layout
