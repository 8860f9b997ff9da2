-- section-backgrounds.lua — a flow subclass that adds section backgrounds: flow prepare.
--
-- UIKit's most common flow subclass: `prepare` calls super's, then computes a background
-- decoration per section and `layoutAttributesForElements(in:)` appends them. Here the flow's
-- `prepare(cv, out)` runs after the flow placed its cells and headers; it asks where each
-- section's first and last cells are (super queries) and adds one "background" decoration
-- behind them, 10 points around the cells and 10 from the content's sides. The backgrounds are
-- stored with the flow's own elements: rect queries, single queries and the hooks see them.
--
-- Run:  Scripts/lualayout run Examples/section-backgrounds.lua --bounds 375x400 --sections 5,2 --format table

local OUTSET = 10

local layout = flow{
  itemSize = {105, 60},
  minimumInteritemSpacing = 10,
  minimumLineSpacing = 10,
  sectionInset = {top = 20, left = 20, bottom = 20, right = 20},
  headerReferenceSize = {0, 30},
}

function layout.prepare(cv, out)
  -- super's prepare has run: the super queries and cv.contentSize answer with the flow's elements.
  for section = 0, cv.numberOfSections - 1 do
    local count = cv:numberOfItems(section)
    if count > 0 then
      local first = cv:layoutAttributesForItem(section, 0)
      local last = cv:layoutAttributesForItem(section, count - 1)
      local top, bottom = first.y - OUTSET, last.y + last.height + OUTSET
      out:decoration("background", section, 0, OUTSET, top, cv.contentSize.width - 2 * OUTSET, bottom - top,
        {zIndex = -1})
    end
  end
end

return layout
