-- video-sessions.lua — rows of video cards, one sideways-scrolling row per category.
--
-- Mirrors the "Conference Video Sessions" sample of Apple's "Implementing Modern Collection
-- Views": each category is a section with continuous orthogonal scrolling, a 250-point group
-- 0.85 of the width (0.425 when the effective content width passes 500 points, two cards a
-- screen), 20 points between cards, 20-point leading and trailing insets, and a title header
-- ("title", estimated 44 high) that follows those insets. Sections are 20 points apart
-- (the layout's interSectionSpacing). At 375 points @2x a card is 0.85 × 375 = 318.75,
-- floored to the pixel grid: 318.5, so cards sit at x = 20 + 338.5·g.
--
-- Run:  Scripts/lualayout run Examples/compositional/video-sessions.lua --bounds 375x667 --scale 2 --data Examples/compositional/video-sessions.json --format table

local C = compositional

local layout = compositional{
  interSectionSpacing = 20,

  sectionProvider = function(cv, _, env)
    local wide = env.container.effectiveContentSize.width > 500
    local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
    local group = C.group{
      axis = "horizontal",
      width = C.fractionalWidth(wide and 0.425 or 0.85), height = C.absolute(250),
      subitems = {item},
    }
    local title = C.boundarySupplementaryItem{
      kind = "title", alignment = "top",
      width = C.fractionalWidth(1), height = C.estimated(44),
    }
    return C.section{
      group = group,
      orthogonalScrollingBehavior = "continuous",
      interGroupSpacing = 20,
      contentInsets = {0, 20, 0, 20},
      boundarySupplementaryItems = {title},
    }
  end,

  -- Label the cards and titles from the data (the sample's cells show the same text).
  attributes = function(cv, a)
    if a.category == "cell" then
      local item = cv:itemData(a.section, a.item)
      if type(item) == "table" and item.title then a.label = item.title end
    elseif a.kind == "title" then
      local section = cv:sectionData(a.section)
      if type(section) == "table" and section.title then a.label = section.title end
    end
  end,
}

return layout
