-- lists.lua — lists in every appearance: compositional.list{...} (UICollectionLayoutListConfiguration).
--
-- Each section is a list section (NSCollectionLayoutSection.list(using:layoutEnvironment:))
-- with a header; the last section also has a footer. The appearance comes from the host
-- state, so one script shows all five: `--state appearance=plain` (or grouped, insetGrouped,
-- sidebar, sidebarPlain; insetGrouped when not given). Rows self-size from a 44-point
-- estimate (no preferredSizeForItem here: every row keeps it); separators are decorations of
-- kind "separator", headers and footers supplementaries "header" and "footer". The metrics of
-- each appearance, and where they come from, are in docs/lists.md. lists.test.lua checks every
-- appearance.
--
-- Run:  Scripts/lualayout run Examples/lists.lua --bounds 375x667 --scale 2 --sections 3,2 --state appearance=insetGrouped --format table

local C = compositional

return compositional{
  sectionProvider = function(cv, sectionIndex, env)
    local last = sectionIndex == cv.numberOfSections - 1
    return C.list{
      appearance = cv.state.appearance or "insetGrouped",
      headerMode = "supplementary",
      footerMode = last and "supplementary" or "none",
    }
  end,
}
