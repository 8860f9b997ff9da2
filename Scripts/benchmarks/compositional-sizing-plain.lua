-- The floor for compositional-sizing.lua: plain lua5.4 calling the same measuring function
-- once per item with a `fitting` table, and stacking the rows (y and height per item).
-- Usage: lua5.4 compositional-sizing-plain.lua ITEMS
local n = tonumber(arg[1])
local function preferred(cv, section, item, fitting)
  return fitting.width, 30 + (item * 7) % 40
end
local ys, hs = {}, {}
local y = 0
for i = 0, n - 1 do
  local _, h = preferred(nil, 0, i, { width = 375, height = 44 })
  ys[i + 1], hs[i + 1] = y, h
  y = y + h
end
io.write(y, "\n")
