-- size-classes.lua — an adaptive grid: two columns in a compact width, four in a regular one.
--
-- UIKit's adaptive layouts read the trait collection of the layout environment: the section
-- provider picks the columns by `env.traitCollection.horizontalSizeClass` (`--trait
-- horizontalSizeClass=regular` for an iPad or a wide window; compact by default, an iPhone in
-- portrait). Each row is 100 high; the items split the width evenly.
--
-- Run:  Scripts/lualayout run Examples/compositional/size-classes.lua --bounds 400x600 --items 8 --trait horizontalSizeClass=regular --format table

local C = compositional

return compositional{
  sectionProvider = function(cv, sectionIndex, env)
    local columns = env.traitCollection.horizontalSizeClass == "regular" and 4 or 2
    local item = C.item{ width = C.fractionalWidth(1 / columns), height = C.fractionalHeight(1) }
    local group = C.group{
      axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(100), subitems = {item},
    }
    return C.section{ group = group }
  end,
}
