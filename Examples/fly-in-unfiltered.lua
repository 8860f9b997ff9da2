-- fly-in-unfiltered.lua — the guide's warning: an unfiltered appearing hook flies every visible cell in.
--
-- The Collection View Programming Guide warns that initialLayoutAttributesForAppearingItem is
-- called for every cell on screen during a batch update, not only the inserted ones: a layout
-- that starts every appearing cell at the centre without checking the update makes all of
-- them fly out of the centre. This is that mistake, on fly-in.lua's grid (100×100 items,
-- spacing 10, inset 10); fly-in.lua is the fixed version, which remembers the inserted index
-- paths in prepareForCollectionViewUpdates and moves only those.
--
-- Run:  Scripts/lualayout run Examples/fly-in-unfiltered.lua --bounds 340x480 --items 12 --format table
-- The warning:  Scripts/lualayout update Examples/fly-in-unfiltered.lua --bounds 340x480 --items 12 --insert 0:2

local layout = flow{
  itemSize = {100, 100},
  minimumLineSpacing = 10,
  minimumInteritemSpacing = 10,
  sectionInset = {10, 10, 10, 10},
}

-- Every cell on screen after the update comes here, inserted or not.
function layout.initialLayoutAttributesForAppearingItem(cv, a)
  local b = cv.bounds
  a.alpha = 0
  a.center = {x = b.x + b.width / 2, y = b.y + b.height / 2}
end

return layout
