-- The compositional list of compositional-sizing.lua with absolute heights (no Lua runs per
-- item): one full-width row per item, 44 points high. Its JSON to a file is timed against
-- fixed.lua's flow grid, the engine's fastest listing.
local C = compositional
local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44), subitems = {item} }
return compositional{ section = C.section{ group = group } }
