-- item-badges.lua — a four-column grid whose cells carry a badge over their top-trailing corner.
--
-- Mirrors the "Item Badges" sample of Apple's "Implementing Modern Collection Views": each
-- item has a 20×20 supplementary item of kind "badge" anchored to its top and trailing edges
-- with a fractional offset of (0.3, −0.3) of the badge's own size, so the badge sits 14
-- points left of the cell's right edge and 6 points above it, overhanging the corner. Items
-- are a quarter of the group wide with 5-point insets; the section has 20-point insets. The
-- data gives each item's badge count: the `attributes` hook labels the badge with it and hides
-- the badges of items with none, as the sample's badge view hides itself.
--
-- Run:  Scripts/lualayout run Examples/compositional/item-badges.lua --bounds 375x667 --scale 2 --data Examples/compositional/item-badges.json --format table

local C = compositional

local badge = C.supplementaryItem{
  kind = "badge",
  width = C.absolute(20), height = C.absolute(20),
  containerAnchor = { edges = {"top", "trailing"}, fractionalOffset = {0.3, -0.3} },
}
local item = C.item{
  width = C.fractionalWidth(0.25), height = C.fractionalHeight(1),
  contentInsets = {5, 5, 5, 5},
  supplementaryItems = {badge},
}
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.fractionalWidth(0.2),
  subitems = {item},
}

return compositional{
  section = C.section{ group = group, contentInsets = {20, 20, 20, 20} },

  attributes = function(cv, a)
    if a.kind == "badge" then
      local data = cv:itemData(a.section, a.item)
      local count = type(data) == "table" and data.badgeCount or 0
      a.label = tostring(count)
      a.hidden = count == 0
    end
  end,
}
