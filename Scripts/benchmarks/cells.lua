-- The custom-prepare benchmark: one out:cell per item, six 50×50 cells a row, 60 apart.
-- Its plain-Lua baseline (cells-plain.lua) builds the same frames as tables.
return { prepare = function(cv, out)
  local n = cv:numberOfItems(0)
  for i = 0, n - 1 do out:cell(0, i, (i % 6) * 60, (i // 6) * 60, 50, 50) end
end }
