-- springboard.lua — a paged home-screen grid with a deletion mode (seed layout 2).
--
-- Mirrors a UICollectionViewFlowLayout subclass: a horizontal flow of 144×144 icons (spacings
-- 48, inset 32) that
--   * adds a custom attribute to every element it returns, as the subclass's
--     layoutAttributesForElements(in:) and layoutAttributesForItem(at:) do: deleteButtonHidden
--     is `not deletionMode`, and deletion mode is app state the layout asks the host for
--     (cv.state.deletionMode, default false). Frames never depend on it, only the flag does;
--   * draws the close button as the home screen does, a white cross in a dark circle: two
--     parts of the cell, deleteButton (a circle, deleteButtonShape/deleteButtonColor) and
--     deleteCross over it (a cross, inset by a quarter of the button), hidden together;
--   * jiggles in deletion mode: every icon rocks between −2° and +6°, 0.2 s each way, forever, as
--     a looping attribute animation (a.animations) the pictures and the preview play. Each icon
--     has its own phase, seeded by its index: (5·item mod 8)/20 s, a permutation of the eight
--     twentieths of the 0.4 s cycle, so neighbours never swing together;
--   * names each icon after its app when the data gives one (an item's payload {name = "Mail"}:
--     the cell's label, which pictures and the preview draw), so a rearrangement shows;
--   * pages: targetContentOffset(forProposedContentOffset:withScrollingVelocity:) snaps to the
--     nearest page (one bounds width) and clamps to the last page, since the content width is
--     not a multiple of the page width. On an iPad in portrait a page holds four columns.
-- The item count comes from the data (one icon per item).
--
-- Run:  Scripts/lualayout run Examples/springboard.lua --bounds 768x1024 --items 40 --state deletionMode=true --format table

local ITEM, SPACING, INSET = 144, 48, 32

local layout = flow{
  scrollDirection = "horizontal",
  itemSize = {ITEM, ITEM},
  minimumLineSpacing = SPACING,        -- between columns
  minimumInteritemSpacing = SPACING,   -- between icons of a column
  sectionInset = {INSET, INSET, INSET, INSET},
}

-- Rect-query phase (both rect and per-item queries): the deletion-mode flags on every element,
-- where the icon's delete button sits, in the cell's own coordinates (w/16, w/16, w/4, w/4),
-- its cross (w/8, w/8, w/8, w/8: the button's middle half), and the jiggle while deleting.
function layout.attributes(cv, a)
  local deleting = cv.state.deletionMode == true
  a.deleteButtonHidden = not deleting
  a.deleteCrossHidden = not deleting
  if a.category == "cell" then
    local w = a.width
    a.deleteButtonFrame = {w / 16, w / 16, w / 4, w / 4}
    a.deleteButtonShape = "circle"
    a.deleteButtonColor = "#3a3a3c"
    a.deleteCrossFrame = {w / 8, w / 8, w / 8, w / 8}
    a.deleteCrossShape = "cross"
    local app = cv:itemData(a.section, a.item)
    if type(app) == "table" and type(app.name) == "string" then a.label = app.name end
    if deleting then
      a.animations = {{
        keyPath = "rotation", fromValue = -2, toValue = 6, duration = 0.2, autoreverses = true,
        timeOffset = (5 * a.item % 8) / 20,
      }}
    end
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
