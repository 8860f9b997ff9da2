-- tree-connectors.lua — the guide's tree, its connecting lines indexed by depth, parent and child.
--
-- Apple's "Collection View Programming Guide" lays out a class tree whose connecting lines
-- are decoration views indexed by three components: the depth of the child (its section),
-- the parent's item and the child's item. Section k holds the classes at depth k; each item's
-- data is {"name": "UIView", "children": [indices of its children in the next section]}. A
-- node spans max(1, its children's rows) rows, its first child on its own row.
--
-- Cells are 100×40 in columns 120 wide and rows 50 high (10 and 5 around each cell). Each
-- edge of the tree is a "line" decoration at index path {depth, parent, child}: the box from
-- the middle of the parent's right edge to the middle of the child's left edge, 2 thick. The
-- `attributes` hook reads a line's index path as the array it is and labels it.
--
-- Run:  Scripts/lualayout run Examples/tree-connectors.lua --data Examples/tree-connectors.json --format table

local W, H, COLUMN, ROW, LINE = 100, 40, 120, 50, 2

local layout = {}

local function children(cv, section, item)
  local data = cv:itemData(section, item)
  return type(data) == "table" and data.children or {}
end

function layout.prepare(cv, out)
  local sections = cv.numberOfSections
  -- Rows per node, deepest column first.
  local rows = {}
  for s = sections - 1, 0, -1 do
    rows[s] = {}
    for i = 0, cv:numberOfItems(s) - 1 do
      local sum = 0
      for _, child in ipairs(children(cv, s, i)) do sum = sum + rows[s + 1][child] end
      rows[s][i] = math.max(1, sum)
    end
  end
  -- First row of each node, top down.
  local first, total = {[0] = {}}, 0
  for i = 0, cv:numberOfItems(0) - 1 do
    first[0][i] = total
    total = total + rows[0][i]
  end
  for s = 0, sections - 1 do
    first[s + 1] = first[s + 1] or {}
    for i = 0, cv:numberOfItems(s) - 1 do
      local row = assert(first[s][i], "every node but the roots is somebody's child")
      local x, centre = s * COLUMN + 10, row * ROW + 5 + H / 2
      out:cell(s, i, x, row * ROW + 5, W, H, {name = cv:itemData(s, i).name})
      for _, child in ipairs(children(cv, s, i)) do
        first[s + 1][child] = row
        local childCentre = row * ROW + 5 + H / 2
        -- The connecting line: depth of the child, parent, child.
        out:decoration("line", {s + 1, i, child}, x + W, centre - LINE / 2, COLUMN - W, childCentre - centre + LINE)
        row = row + rows[s + 1][child]
      end
    end
  end
  out:contentSize(sections * COLUMN, total * ROW)
end

function layout.attributes(cv, a)
  if a.category == "decoration" then
    local path = a.indexPath
    a.label = string.format("%d:%d→%d", path[1], path[2], path[3])
  end
end

return layout
