-- left-aligned-list.lua — left-aligned tags from the list hook and the single-element hook.
--
-- Written as UIKit authors write it: overrides of layoutAttributesForElements(in:) and of
-- layoutAttributesForItem(at:).
--
-- The flow places the tags (widths 40 + 37·item mod 90, or `{"width": 70}` from the data; 30
-- high) in greedy lines and justifies every full line. The list hook moves each cell of a rect
-- query to the left of its line; a single-element query (`--item 0:1`, the simulator's
-- `attributesOf`) does not go through the list hook (as in UIKit), so the layout also overrides
-- `layoutAttributesForItem`, which aligns the one cell the same way. Both read only the flow's
-- own frames (super queries), so every query gives a cell the same place.
--
-- Run:  Scripts/lualayout run Examples/left-aligned-list.lua --bounds 375x300 --items 12 --format table
-- One tag, aligned:  Scripts/lualayout run Examples/left-aligned-list.lua --bounds 375x300 --items 12 --item 0:1

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

-- Puts cell `a` right after the cells before it on its line (as the flow placed them).
local function alignLeft(cv, a)
  local me = assert(cv:layoutAttributesForItem(a.section, a.item))
  local x = INSET.left
  for item = a.item - 1, 0, -1 do
    local before = assert(cv:layoutAttributesForItem(a.section, item))
    if not sameLine(before, me) then break end
    x = x + before.width + SPACING
  end
  a.x = x
end

function layout.layoutAttributesForElements(cv, rect, elements)
  for _, a in ipairs(elements) do
    if a.category == "cell" then alignLeft(cv, a) end
  end
  return elements
end

function layout.layoutAttributesForItem(cv, a)
  alignLeft(cv, a)
end

return layout
