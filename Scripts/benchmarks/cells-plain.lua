-- Plain-Lua baseline for the custom-prepare benchmark: the same frames as cells.lua, each
-- kept as a table, as one would write it in Lua.   Usage: lua5.4 cells-plain.lua ITEMS
local n = tonumber(arg[1] or "1000000")
local frames = {}
for i = 0, n - 1 do
  frames[i + 1] = {section = 0, item = i, x = (i % 6) * 60, y = (i // 6) * 60, width = 50, height = 50}
end
assert(#frames == n)
