-- A self-sizing compositional list: rows estimated at 44 points, each measured by
-- preferredSizeForItem (a height from the item number, as text of varying length would give).
-- Timed against compositional-sizing-plain.lua, plain lua5.4 doing the same arithmetic.
local C = compositional
local item = C.item{ width = C.fractionalWidth(1), height = C.estimated(44) }
local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.estimated(44), subitems = {item} }
return compositional{
  section = C.section{ group = group },
  preferredSizeForItem = function(cv, section, item, fitting)
    return fitting.width, 30 + (item * 7) % 40
  end,
}
