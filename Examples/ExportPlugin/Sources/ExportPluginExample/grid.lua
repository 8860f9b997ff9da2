-- grid.lua — Apple's two-column grid: 44-point rows, 10 apart, each split into two items with
-- 10 points between them, the section inset 10 from the sides. The LuaLayoutExport plugin
-- writes it as GridLayout.swift (`makeGridLayout()`) at every build.
local C = compositional
local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44),
  subitem = item, count = 2, interItemSpacing = C.fixed(10) }
return compositional{
  section = C.section{ group = group, interGroupSpacing = 10, contentInsets = {0, 10, 0, 10} },
}
