-- raggy.lua — the three-row "raggy" catalog: a horizontally scrolling custom layout (seed layout 3).
--
-- Mirrors a UICollectionViewLayout subclass that computes every frame in prepare() (the
-- content size needs them all) and answers rect queries from what it stored. The content is
-- cv.state.rows rows (default 3), each a third of the bounds height tall. Items only declare
-- a preferred width in their data ({"width": 120}); each goes to the row whose right edge is
-- smallest (ties: the topmost), so the rows grow evenly, like a catalog of photos.
--
-- State:  rows (default 3), ragged (default false): items in the first row lose a random
-- strip off the top, items in the last row off the bottom, alternating short and tall; their
-- width follows to keep the aspect. math.random is seeded with --seed before every prepare,
-- so a layout stays the same across invalidations.
-- Data:   {"width": W} (default 120), optional "padding": P shrinks the returned frame by P on
-- every side — in the rect-query hook only, so the rows, the content size and which rects
-- hit the item are those of the unpadded frame (UIKit: the layout's frame vs. the cell's inset).
--
-- Run:  Scripts/lualayout run Examples/raggy.lua --bounds 1024x600 --data Examples/raggy.json --state ragged=true --seed 7 --format table

local DEFAULT_WIDTH = 120    -- preferred width of an item without data
local RAGGED_VARIANCE = 30   -- `var`: a ragged item loses math.random(0, var - 1) points...
local RAGGED_EXTRA = 40      -- ...plus this on every second item of its row (tall/short alternate)

local layout = {}

-- The item's preferred width, from its data.
local function preferredWidth(cv, section, item)
  local data = cv:itemData(section, item)
  return type(data) == "table" and tonumber(data.width) or DEFAULT_WIDTH
end

function layout.prepare(cv, out)
  -- At least one row: the row height divides by it and the row choice loops over it.
  local rows = math.max(1, math.floor(tonumber(cv.state.rows) or 3))
  local ragged = cv.state.ragged == true
  local height = cv.bounds.height
  local rowHeight = height / rows

  local edges, counts = {}, {}   -- per row: right edge, items placed so far
  for row = 1, rows do edges[row], counts[row] = 0, 0 end

  for section = 0, cv.numberOfSections - 1 do
    for item = 0, cv:numberOfItems(section) - 1 do
      -- The shortest row; strict < keeps the lowest index on ties.
      local row = 1
      for r = 2, rows do
        if edges[r] < edges[row] then row = r end
      end

      local w, h = preferredWidth(cv, section, item), rowHeight
      local x, y = edges[row], (row - 1) * rowHeight
      if ragged and (row == 1 or row == rows) then
        local space = math.random(0, RAGGED_VARIANCE - 1)
        if counts[row] % 2 == 1 then space = space + RAGGED_EXTRA end
        space = math.min(space, rowHeight / 2)   -- never eat the whole cell in a short row
        if row == 1 then y = y + space end       -- the first row is ragged at the top (one row: too)
        h = h - space                            -- the last row at the bottom
        w = w * h / rowHeight                    -- keep the aspect
      end

      out:cell(section, item, x, y, w, h)
      edges[row] = x + w
      counts[row] = counts[row] + 1
    end
  end

  local width = 0
  for row = 1, rows do width = math.max(width, edges[row]) end
  out:contentSize(width, height)
end

-- Rect-query phase: the per-item padding shrinks only what is returned.
function layout.attributes(cv, a)
  if a.category ~= "cell" then return end
  local data = cv:itemData(a.section, a.item)
  local padding = type(data) == "table" and tonumber(data.padding)
  if not padding or padding <= 0 then return end
  local p = math.min(padding, a.width / 2, a.height / 2)
  a.frame = {x = a.x + p, y = a.y + p, width = a.width - 2 * p, height = a.height - 2 * p}
end

return layout
