-- mosaic.lua — a custom layout (prepare places every cell): rows of three tiles across the
-- width, one large square and two small squares stacked beside it, the large one on the left
-- in even rows and on the right in odd rows, 4 points apart. The LuaLayoutExport plugin
-- translates it into MosaicLayout.swift (a UICollectionViewLayout subclass) at every build.
local SPACING = 4

local layout = {}

function layout.prepare(cv, out)
  local width = cv.bounds.width
  local unit = (width - 2 * SPACING) / 3
  local large = 2 * unit + SPACING
  local count = cv:numberOfItems(0)
  local rows = (count + 2) // 3
  for item = 0, count - 1 do
    local row = item // 3
    local y = row * (large + SPACING)
    local largeX = row % 2 == 0 and 0 or unit + SPACING
    local smallX = row % 2 == 0 and large + SPACING or 0
    local tile = item % 3
    if tile == 0 then
      out:cell(0, item, largeX, y, large, large)
    else
      out:cell(0, item, smallX, y + (tile - 1) * (unit + SPACING), unit, unit)
    end
  end
  out:contentSize(width, math.max(rows * (large + SPACING) - SPACING, 0))
end

return layout
