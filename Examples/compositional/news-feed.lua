-- news-feed.lua — a feed of rows as tall as their text: estimated heights, then self-sizing.
--
-- Mirrors the "Conference News Feed" sample of Apple's "Implementing Modern Collection Views":
-- one full-width item per group, both with an estimated height of 100, 10 points between rows
-- and 10-point section insets. UIKit asks each cell for its fitting size; here
-- preferredSizeForItem measures the item's text from the data (8 points a character, lines of
-- (width − 32) / 8 characters, 18 points a line under a 22-point title, 24 points of padding),
-- and the rows restack under their measured heights. `--estimates` shows the layout before
-- sizing, every row 100 high.
--
-- Run:  Scripts/lualayout run Examples/compositional/news-feed.lua --bounds 375x667 --scale 2 --data Examples/compositional/news-feed.json --format table

local C = compositional

local PADDING, TITLE, LINE, CHARACTER = 24, 22, 18, 8

local row = C.item{ width = C.fractionalWidth(1), height = C.estimated(100) }
local group = C.group{
  axis = "horizontal",
  width = C.fractionalWidth(1), height = C.estimated(100),
  subitem = row, count = 1,
}

return compositional{
  section = C.section{
    group = group,
    interGroupSpacing = 10,
    contentInsets = {10, 10, 10, 10},
  },

  -- fitting.width is the row's fixed width; only the returned height is taken.
  preferredSizeForItem = function(cv, section, item, fitting)
    local story = cv:itemData(section, item) or {}
    local body = story.body or ""
    local perLine = math.max(1, math.floor((fitting.width - 32) / CHARACTER))
    local lines = math.max(1, math.ceil((utf8.len(body) or #body) / perLine))
    return fitting.width, PADDING + TITLE + LINE * lines
  end,

  attributes = function(cv, a)
    local story = cv:itemData(a.section, a.item)
    if a.category == "cell" and type(story) == "table" then a.label = story.title end
  end,
}
