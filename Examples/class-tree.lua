-- class-tree.lua — a class-hierarchy tree: a custom layout with supplementary connectors (seed layout 4).
--
-- Mirrors the tree layout of Apple's "Collection View Programming Guide" (UICollectionViewLayout
-- subclass). Section k holds the classes at depth k (section 0: the root); each item's data is
-- {"name": "UIView", "children": [indices of its children in the next section]}. A node
-- spans rows(node) = max(1, sum of its children's rows); its children follow each other in
-- the next column, the first one on the parent's own row. Rows are counted deepest column
-- first, so every subtree owns a band of rows and no two subtrees overlap.
--
-- Each cell is 100×40 with insets 5 (top, bottom) and 10 (left, right) around it, and carries
-- the custom attributes `children` ({{section, item}, …}) and `name` (from its data). Each cell also has a supplementary
-- view of kind "connection" at its index path: the bounding box of the line from the middle
-- of its parent's right edge to the middle of its own left edge (a child never sits above its
-- parent, so the line runs from the box's top-left to its bottom-right), thickened by
-- LINE_WIDTH so a straight line is not an empty rect; it has the custom attribute `parent`.
-- A root has no parent: its connection is a hidden stub from the content's left edge to the
-- root (one per cell, as UIKit would ask for). Several items in section 0 form a forest,
-- stacked; a child index out of range, a child claimed twice or an orphan is a located error.
--
-- Run:  Scripts/lualayout run Examples/class-tree.lua --data Examples/class-tree.json --format table

local W, H = 100, 40           -- item size
local T, B, L, R = 5, 5, 10, 10  -- insets around each item
local COLUMN = W + L + R       -- width of a section's column
local ROW = H + T + B          -- height of a row
local LINE_WIDTH = 2           -- connector thickness

local layout = {}

-- Children of (section, item) as 0-based item indices in section + 1.
local function childrenOf(cv, section, item)
  local data = cv:itemData(section, item)
  local children = type(data) == "table" and data.children or {}
  local result, count = {}, cv:numberOfItems(section + 1)
  for i, child in ipairs(children) do
    if math.type(child) == "float" and child == math.floor(child) then child = math.tointeger(child) end
    if math.type(child) ~= "integer" or child < 0 or child >= count then
      error(string.format("item (%d, %d): child %s is not an item of section %d (0..%d)",
        section, item, tostring(child), section + 1, count - 1))
    end
    result[i] = child
  end
  return result
end

function layout.prepare(cv, out)
  local sections = cv.numberOfSections
  local children = {}   -- children[s][i]: child item indices of (s, i)
  for s = 0, sections - 1 do
    children[s] = {}
    for i = 0, cv:numberOfItems(s) - 1 do children[s][i] = childrenOf(cv, s, i) end
  end

  -- Rows, deepest column first: a node spans its children's rows (a leaf, one row).
  local rows = {}
  for s = sections - 1, 0, -1 do
    rows[s] = {}
    for i = 0, cv:numberOfItems(s) - 1 do
      local sum = 0
      for _, child in ipairs(children[s][i]) do sum = sum + rows[s + 1][child] end
      rows[s][i] = math.max(1, sum)
    end
  end

  -- First rows, top down: roots stack; a child starts at its parent's row plus the rows of
  -- its earlier siblings. parent[s][i] remembers who placed (s, i).
  local first, parent = {}, {}
  for s = 0, sections do first[s], parent[s] = {}, {} end
  local totalRows = 0
  for s = 0, sections - 1 do
    for i = 0, cv:numberOfItems(s) - 1 do
      if s == 0 then
        first[0][i] = totalRows
        totalRows = totalRows + rows[0][i]
      elseif first[s][i] == nil then
        error(string.format("item (%d, %d) is nobody's child", s, i))
      end
      local row = first[s][i]
      for _, child in ipairs(children[s][i]) do
        if parent[s + 1][child] then
          error(string.format("item (%d, %d) is a child of both (%d, %d) and (%d, %d)",
            s + 1, child, s, parent[s + 1][child], s, i))
        end
        parent[s + 1][child] = i
        first[s + 1][child] = row
        row = row + rows[s + 1][child]
      end
    end
  end

  for s = 0, sections - 1 do
    for i = 0, cv:numberOfItems(s) - 1 do
      local x, y = s * COLUMN + L, first[s][i] * ROW + T
      local paths = {}
      for k, child in ipairs(children[s][i]) do paths[k] = {s + 1, child} end
      local data = cv:itemData(s, i)
      out:cell(s, i, x, y, W, H, {children = paths, name = type(data) == "table" and data.name or nil})

      -- The connector, from the middle of the parent's right edge to the middle of ours.
      local centre = y + H / 2
      if s == 0 then
        out:supplementary("connection", s, i, 0, centre - LINE_WIDTH / 2, L, LINE_WIDTH, {hidden = true})
      else
        local p = parent[s][i]
        local parentCentre = first[s - 1][p] * ROW + T + H / 2
        out:supplementary("connection", s, i, x - L - R, parentCentre - LINE_WIDTH / 2,
          L + R, centre - parentCentre + LINE_WIDTH, {parent = {s - 1, p}})
      end
    end
  end

  out:contentSize(sections * COLUMN, totalRows * ROW)
end

return layout
