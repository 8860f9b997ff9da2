-- update-hooks.lua — every batch-update hook with Lua behind it, for the round trip's "update"
-- (fly-in.lua's filter with string keys alone, which the translator takes): the batch's inserted
-- and deleted index paths remembered by prepareForCollectionViewUpdates, inserted items starting
-- at the top-left corner of the visible bounds and deleted ones leaving to its top-right corner
-- at a quarter alpha, the batch forgotten by finalizeCollectionViewUpdates.
--
-- Not in a manifest Scripts/test runs: its round trip (update-hooks.json) shows where the
-- translation parts from lualayout (docs/lua-to-swift.md, "Where Swift and Lua still part"):
--   Scripts/export-check --manifest Tests/SwiftExportTests/RoundTrip/update-hooks.json
local layout = flow{
  itemSize = {100, 100},
  minimumLineSpacing = 10,
  minimumInteritemSpacing = 10,
  sectionInset = {10, 10, 10, 10},
}

local inserted, deleted = {}, {}

local function key(section, item)
  return section .. ":" .. item
end

function layout.prepareForCollectionViewUpdates(cv, updates)
  inserted, deleted = {}, {}
  for _, update in ipairs(updates) do
    if update.updateAction == "insert" then
      local path = update.indexPathAfterUpdate
      inserted[key(path.section, path.item)] = true
    elseif update.updateAction == "delete" then
      local path = update.indexPathBeforeUpdate
      deleted[key(path.section, path.item)] = true
    end
  end
end

function layout.initialLayoutAttributesForAppearingItem(cv, a)
  if inserted[key(a.section, a.item)] then
    a.alpha = 0
    a.center = {x = cv.bounds.x, y = cv.bounds.y}
  end
end

function layout.finalLayoutAttributesForDisappearingItem(cv, a)
  if deleted[key(a.section, a.item)] then
    a.alpha = 0.25
    a.center = {x = cv.bounds.x + cv.bounds.width, y = cv.bounds.y}
  end
end

function layout.finalizeCollectionViewUpdates(cv)
  inserted, deleted = {}, {}
end

return layout
