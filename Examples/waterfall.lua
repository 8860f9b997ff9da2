-- waterfall.lua — a waterfall (masonry) layout with sticky section headers.
--
-- A custom layout (UICollectionViewLayout subclass) in the Pinterest style. Sections stack
-- vertically; each starts with a full-width header (supplementary kind "header", index path
-- (s, 0), HEADER_HEIGHT high, zIndex 10), then its items in cv.state.columns columns
-- (default 2) of width (W − left − right − (N − 1)·GAP) / N inside an INSET of 10. Each item
-- is as tall as its data says (`{"height": 120}`, default 100) and goes to the shortest
-- column (ties → the leftmost), GAP below the previous one. A section ends INSET below its
-- lowest item. prepare() places everything, since the content size needs every height.
--
-- Sticky headers, as UICollectionViewFlowLayout's sectionHeadersPinToVisibleBounds: a header
-- sits at y = max(natural y, top of the visible rect), but never lower than its section's end
-- minus HEADER_HEIGHT (the next header pushes it out). prepare() places each header at its
-- natural place and remembers where every section starts and ends. Then, as a UIKit subclass
-- overrides layoutAttributesForElements(in:): the list hook drops the headers the engine found
-- and adds the header of every section that meets the rect (fetched with the super query
-- cv:layoutAttributesForSupplementaryElement, since its natural frame may have scrolled out),
-- moved to its sticky place. The attributes hook applies the same rule to single-element
-- queries. No new prepare on scroll; only a width change invalidates.
--
-- Insert a 200-high item with the data after the update (its payload comes from there):
--   Scripts/lualayout update Examples/waterfall.lua --data Examples/waterfall.json --bounds 340x300 \
--     --insert 0:8 --data-after Examples/waterfall-after-insert.json --format html -o insert.html
--
-- Run:  Scripts/lualayout run Examples/waterfall.lua --data Examples/waterfall.json --bounds 340x300 --visible --offset 0,460 --format table

local HEADER_HEIGHT = 40
local INSET = {top = 10, left = 10, bottom = 10, right = 10}
local GAP = 10               -- between columns and between items of a column
local DEFAULT_HEIGHT = 100   -- items without data

---@param cv lualayout.CollectionView
---@param section integer
---@param item integer
local function itemHeight(cv, section, item)
  local data = cv:itemData(section, item)
  return type(data) == "table" and data.height or DEFAULT_HEIGHT
end

-- For editors (Examples/.types): cv, out and a complete in the hooks below.
---@type lualayout.CustomLayout
local layout = {}
local sections = {}   -- {top, bottom} of each section, from the last prepare

function layout.prepare(cv, out)
  local columns = cv.state.columns or 2
  local width = cv.bounds.width
  local columnWidth = (width - INSET.left - INSET.right - (columns - 1) * GAP) / columns
  sections = {}
  local y = 0
  for section = 0, cv.numberOfSections - 1 do
    local itemsTop = y + HEADER_HEIGHT + INSET.top
    local columnTop = {}   -- where the next item of each column goes
    for c = 1, columns do columnTop[c] = itemsTop end
    local bottom = itemsTop
    for item = 0, cv:numberOfItems(section) - 1 do
      local shortest = 1
      for c = 2, columns do
        if columnTop[c] < columnTop[shortest] then shortest = c end   -- strict: ties stay leftmost
      end
      local h = itemHeight(cv, section, item)
      local top = columnTop[shortest]
      out:cell(section, item, INSET.left + (shortest - 1) * (columnWidth + GAP), top, columnWidth, h)
      columnTop[shortest] = top + h + GAP
      bottom = math.max(bottom, top + h)
    end
    out:supplementary("header", section, 0, 0, y, width, HEADER_HEIGHT, {zIndex = 10})
    sections[section] = {top = y, bottom = bottom + INSET.bottom}
    y = bottom + INSET.bottom
  end
  out:contentSize(width, y)
end

-- Moves a header to its sticky place for the current bounds.
---@param cv lualayout.CollectionView
---@param header lualayout.Attributes
local function stick(cv, header)
  local s = sections[header.section]
  header.y = math.max(s.top, math.min(cv.bounds.y, s.bottom - HEADER_HEIGHT))
end

function layout.attributes(cv, a)
  if a.category == "supplementary" and a.kind == "header" then stick(cv, a) end
end

function layout.layoutAttributesForElements(cv, rect, elements)
  local result = {}
  for _, a in ipairs(elements) do
    if a.category ~= "supplementary" then result[#result + 1] = a end
  end
  for section = 0, #sections do
    local s = sections[section]
    if s and s.bottom > rect.y and s.top < rect.y + rect.height then
      local header = assert(cv:layoutAttributesForSupplementaryElement("header", section, 0))  -- prepare placed it
      stick(cv, header)
      result[#result + 1] = header
    end
  end
  return result
end

-- Sticky positions are computed per query from cv.bounds: only a new width re-lays out.
function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds)
  return newBounds.width ~= cv.bounds.width
end

return layout
