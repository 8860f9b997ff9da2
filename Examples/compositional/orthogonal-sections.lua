-- orthogonal-sections.lua — sections that scroll sideways inside a vertically scrolling layout.
--
-- Mirrors the "Orthogonal Sections" sample of Apple's "Implementing Modern Collection Views":
-- the nested group (a 0.7-wide item beside a column of two) made 0.85 of the width and 0.4 of
-- the height, in sections with continuous orthogonal scrolling. Each section is one group
-- high; its groups repeat to the right, so the next one peeks in at the trailing edge. The
-- Run line scrolls section 1 sideways by 120 points: pictures draw it scrolled and clipped,
-- while the reported frames stay unscrolled, as UIKit's attributes do.
--
-- Run:  Scripts/lualayout run Examples/compositional/orthogonal-sections.lua --bounds 375x667 --scale 2 --sections 9,9,9 --orthogonal-offset 1:120 --format table

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
local containerGroup = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(0.85), height = C.fractionalHeight(0.4),
  subitems = {leadingItem, trailingGroup},
}

return compositional{
  section = C.section{ group = containerGroup, orthogonalScrollingBehavior = "continuous" },
}
