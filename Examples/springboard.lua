-- springboard.lua — a paged home-screen grid with a deletion mode (seed layout 2).
--
-- Mirrors a UICollectionViewFlowLayout subclass: a horizontal flow of 144×144 icons (spacings
-- 48, inset 32) that
--   * adds a custom attribute to every element it returns, as the subclass's
--     layoutAttributesForElements(in:) and layoutAttributesForItem(at:) do: deleteButtonHidden
--     is `not deletionMode`, and deletion mode is app state the layout asks the host for
--     (cv.state.deletionMode, default false). Frames never depend on it, only the flag does;
--   * pages: targetContentOffset(forProposedContentOffset:withScrollingVelocity:) snaps to the
--     nearest page (one bounds width) and clamps to the last page, since the content width is
--     not a multiple of the page width. On an iPad in portrait a page holds four columns.
-- The item count comes from the data (one icon per item).
--
-- Run:  Scripts/lualayout run Examples/springboard.lua --bounds 768x1024 --items 40 --format table

local ITEM, SPACING, INSET = 144, 48, 32

local layout = flow{
  scrollDirection = "horizontal",
  itemSize = {ITEM, ITEM},
  minimumLineSpacing = SPACING,        -- between columns
  minimumInteritemSpacing = SPACING,   -- between icons of a column
  sectionInset = {INSET, INSET, INSET, INSET},
}

-- Rect-query phase (both rect and per-item queries): the deletion-mode flag on every element,
-- and where the icon's delete button sits, in the cell's own coordinates (w/16, w/16, w/4, w/4).
function layout.attributes(cv, a)
  a.deleteButtonHidden = cv.state.deletionMode ~= true
  if a.category == "cell" then
    local w = a.width
    a.deleteButtonFrame = {w / 16, w / 16, w / 4, w / 4}
  end
end

-- Paging: the nearest page boundary, kept within [0, content width − page] (cv.contentSize is
-- the prepared layout's, as a subclass reads self.collectionViewContentSize). The content is
-- exactly as high as the bounds, so the only vertical offset is 0.
function layout.targetContentOffset(cv, proposed, velocity)
  local page = cv.bounds.width
  local last = math.max(0, cv.contentSize.width - page)
  local x = math.floor(proposed.x / page + 0.5) * page
  return math.min(math.max(x, 0), last), 0
end

return layout
