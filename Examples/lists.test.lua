-- layout: lists.lua
-- options: --bounds 375x667 --scale 2 --sections 3,2
-- matrix: --state appearance=plain | --state appearance=grouped | --state appearance=insetGrouped | --state appearance=sidebar | --state appearance=sidebarPlain
--
-- Every appearance of lists.lua, sections of 3 and 2 rows, each with a header, the last with a
-- footer (docs/lists.md, "Layout" and "Metrics"). Down a section: the section spacing S, the
-- header top padding P, the header (estimate H), 44-point rows, then the footer (28).
--   plain, sidebarPlain: S 0, P 22, H 28. Section 0: header 22, rows 50, 94, 138, ends 182;
--     section 1: header 204, rows 232, 276, footer 320 → content 348.
--   grouped, insetGrouped: S 35, P 0, H 38. Section 0: header 35, rows 73, 117, 161, ends 205;
--     section 1: header 240, rows 278, 322, footer 366 → content 394.
--   sidebar: S 10, P 0, H 38. Section 0: header 10, rows 48, 92, 136, ends 180; section 1:
--     header 190, rows 228, 272, footer 316 → content 344.
-- Across (375 wide: the system margin is 16): plain, grouped, sidebarPlain rows span 0…375;
-- insetGrouped rows run between the margins, x 16, width 343; sidebar rows x 10, width 355.

local expected = {
  plain        = {x = 0,  width = 375, rows0 = 50, rows1 = 232, content = 348},
  sidebarPlain = {x = 0,  width = 375, rows0 = 50, rows1 = 232, content = 348},
  grouped      = {x = 0,  width = 375, rows0 = 73, rows1 = 278, content = 394},
  insetGrouped = {x = 16, width = 343, rows0 = 73, rows1 = 278, content = 394},
  sidebar      = {x = 10, width = 355, rows0 = 48, rows1 = 228, content = 344},
}
local appearance = state().appearance
local e = expected[appearance]
expect(e ~= nil, "an appearance of the matrix: " .. tostring(appearance))

expectFrame(0, 0, {e.x, e.rows0, e.width, 44})
expectFrame(0, 2, {e.x, e.rows0 + 88, e.width, 44})
expectFrame(1, 0, {e.x, e.rows1, e.width, 44})
expectFrame(1, 1, {e.x, e.rows1 + 44, e.width, 44})
expectEqual(contentSize(), {width = 375, height = e.content}, "content size")

-- insetGrouped rows round the section's corners: the first row its top, the last its bottom.
if appearance == "insetGrouped" then
  expectEqual(attributesOf(0, 0).corners, "top")
  expectEqual(attributesOf(0, 1).corners, "none")
  expectEqual(attributesOf(0, 2).corners, "bottom")
  expectEqual(attributesOf(0, 0).cornerRadius, 10)
end
