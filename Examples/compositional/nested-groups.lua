-- nested-groups.lua — a big cell beside a column of two small ones: a group inside a group.
--
-- Mirrors the "Nested Groups" sample of Apple's "Implementing Modern Collection Views": a
-- horizontal group as wide as the section and 0.4 of its height holds a leading item 0.7 of
-- the width and a vertical group 0.3 wide made with `subitem:count:` of two items (each
-- resized to half its height), every item with 10-point insets. Data items fill the leaves in
-- order: item 3k is the big cell, 3k + 1 and 3k + 2 the small ones.
--
-- Run:  Scripts/lualayout run Examples/compositional/nested-groups.lua --bounds 375x667 --scale 2 --items 30 --format table

local C = compositional

local leadingItem = C.item{
  width = C.fractionalWidth(0.7), height = C.fractionalHeight(1),
  contentInsets = {10, 10, 10, 10},
}
local trailingItem = C.item{
  width = C.fractionalWidth(1), height = C.fractionalHeight(0.3),
  contentInsets = {10, 10, 10, 10},
}
local trailingGroup = C.group{
  axis = "vertical",
  width = C.fractionalWidth(0.3), height = C.fractionalHeight(1),
  subitem = trailingItem, count = 2,
}
local nestedGroup = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.fractionalHeight(0.4),
  subitems = {leadingItem, trailingGroup},
}

return compositional{ section = C.section{ group = nestedGroup } }
