-- fly-in.lua — inserted items fly in from the centre, deleted ones fly out to it (seed layout 5).
--
-- Mirrors Apple's insert animation from the Collection View Programming Guide: a flow layout
-- (100×100 items, spacing 10, inset 10) whose prepareForCollectionViewUpdates remembers which
-- index paths the batch inserts and deletes. initialLayoutAttributesForAppearingItem starts
-- only the inserted items at the centre of the collection view's visible bounds, faded out,
-- so they fade in while flying to their spot; finalLayoutAttributesForDisappearingItem sends
-- only the deleted items back there. Every other appearing or disappearing item (one that
-- merely moves on or off screen) keeps UIKit's default: a fade in place.
--
-- Run:  Scripts/lualayout run Examples/fly-in.lua --bounds 340x480 --items 12 --format table

local layout = flow{
  itemSize = {100, 100},
  minimumLineSpacing = 10,
  minimumInteritemSpacing = 10,
  sectionInset = {10, 10, 10, 10},
}

-- The current batch, rebuilt by every prepareForCollectionViewUpdates. Keys are "section:item";
-- a whole-section update (item == nil) marks every item of the section.
local inserted, deleted = {}, {}

local function mark(set, path)
  if path.item then set[path.section .. ":" .. path.item] = true else set[path.section] = true end
end

local function marked(set, a)
  return set[a.section .. ":" .. a.item] or set[a.section] or false
end

function layout.prepareForCollectionViewUpdates(cv, updates)
  inserted, deleted = {}, {}
  for _, update in ipairs(updates) do
    -- Inserts name the index path after the update, deletes the one before (UIKit's rule).
    if update.updateAction == "insert" then mark(inserted, update.indexPathAfterUpdate) end
    if update.updateAction == "delete" then mark(deleted, update.indexPathBeforeUpdate) end
  end
end

-- The centre of the visible bounds, in content coordinates (the origin is the content offset).
local function viewCenter(cv)
  local b = cv.bounds
  return {x = b.x + b.width / 2, y = b.y + b.height / 2}
end

function layout.initialLayoutAttributesForAppearingItem(cv, a)
  if marked(inserted, a) then
    a.alpha = 0
    a.center = viewCenter(cv)
  end
end

function layout.finalLayoutAttributesForDisappearingItem(cv, a)
  if marked(deleted, a) then
    a.alpha = 0
    a.center = viewCenter(cv)
  end
end

return layout
