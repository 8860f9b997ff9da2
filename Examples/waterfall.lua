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
-- Sticky headers, in the rect-query phase like UICollectionViewFlowLayout's
-- sectionHeadersPinToVisibleBounds: a header sits at y = max(natural y, top of the visible
-- rect), but never lower than its section's end minus HEADER_HEIGHT (the next header pushes
-- it out). The attributes hook can move an element that a query returns but cannot add one,
-- and the engine only returns elements whose PREPARED frame meets the rect. So a header is
-- prepared with the frame of its whole section, and the hook trims it to HEADER_HEIGHT at
-- its sticky position. A query therefore returns a header exactly while any part of its
-- section meets the rect, which is UIKit's own rule for pinned headers. Alternatives:
--   * prepare the header at its natural frame: it vanishes as soon as that frame scrolls
--     out, i.e. it never sticks for long;
--   * place the stuck frame in prepare and invalidate on every scroll (what the built-in
--     flow layout does when pinning): exact rect membership, but an O(n) prepare per scroll.
-- The price of the choice here: every output shows the trimmed frame (the hook runs for
-- rect, whole-content and single-element queries alike), but a rect query may return a
-- header whose trimmed frame lies outside the rect (e.g. a query for the bottom half of a
-- section), as UIKit may. No new prepare on scroll; only a width change invalidates.
--
-- Run:  Scripts/lualayout run Examples/waterfall.lua --data Examples/waterfall.json --bounds 340x300 --visible --offset 0,460 --format table

local HEADER_HEIGHT = 40
local INSET = {top = 10, left = 10, bottom = 10, right = 10}
local GAP = 10               -- between columns and between items of a column
local DEFAULT_HEIGHT = 100   -- items without data

local function itemHeight(cv, section, item)
  local data = cv:itemData(section, item)
  return type(data) == "table" and data.height or DEFAULT_HEIGHT
end

local layout = {}

function layout.prepare(cv, out)
  local columns = cv.state.columns or 2
  local width = cv.bounds.width
  local columnWidth = (width - INSET.left - INSET.right - (columns - 1) * GAP) / columns
  local sections = {}   -- {top, bottom} of each section, for its header
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
    sections[section] = {top = y, bottom = bottom + INSET.bottom}
    y = bottom + INSET.bottom
  end
  -- Headers span their whole section here; attributes() trims them (see above).
  for section = 0, cv.numberOfSections - 1 do
    local s = sections[section]
    out:supplementary("header", section, 0, 0, s.top, width, s.bottom - s.top, {zIndex = 10})
  end
  out:contentSize(width, y)
end

function layout.attributes(cv, a)
  if a.category == "supplementary" and a.kind == "header" then
    local sectionTop, sectionEnd = a.y, a.y + a.height
    local stuck = math.max(sectionTop, math.min(cv.bounds.y, sectionEnd - HEADER_HEIGHT))
    a.frame = {x = a.x, y = stuck, width = a.width, height = HEADER_HEIGHT}
  end
end

-- Sticky positions are computed per query from cv.bounds: only a new width re-lays out.
function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds)
  return newBounds.width ~= cv.bounds.width
end

return layout
