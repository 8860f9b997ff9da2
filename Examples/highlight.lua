-- highlight.lua — a grid whose cells show highlight and selection (the interaction material).
--
-- Highlight and selection are cell state; as in UIKit, a layout sees them only through state
-- the host passes in. The controller (highlight-controller.lua) keeps
--   cv.state.highlighted = {section, item}  while a finger is down on an item,
--   cv.state.selected    = {section, item}  for the selected item.
-- A highlighted cell is scaled 2× about its centre and drawn above the others (zIndex 1); the
-- selected cell is faded to alpha 0.5. Frames never change. The cells also carry their own
-- colours for state, as the guide's Listings 2-4 and 2-5 set them: grey at rest, red when
-- selected (a selectedBackgroundView), blue while highlighted (a content view that changes
-- colour); every picture paints the one the cell's state calls for.
--
-- Run:  Scripts/lualayout run Examples/highlight.lua --bounds 340x480 --items 12 --format table
-- Simulate:  Scripts/lualayout simulate Examples/highlight.lua --scenario Examples/highlight.test.lua --controller Examples/highlight-controller.lua --bounds 340x480 --items 12

local layout = flow{
  itemSize = {100, 100},
  minimumLineSpacing = 10,
  minimumInteritemSpacing = 10,
  sectionInset = {10, 10, 10, 10},
}

local function names(path, a)
  return path ~= nil and path[1] == a.section and path[2] == a.item
end

function layout.attributes(cv, a)
  if a.category ~= "cell" then return end
  a.backgroundColor = "#8e8e93"
  a.selectedBackgroundColor = "#d0021b"
  a.highlightedBackgroundColor = "#0047ab"
  if names(cv.state.highlighted, a) then
    a.transform3D = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
    a.zIndex = 1
  end
  if names(cv.state.selected, a) then a.alpha = 0.5 end
end

return layout
