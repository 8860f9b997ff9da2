-- Plain-Lua baseline for the flow benchmark: the same UIKit flow-path algorithm the engine
-- runs (greedy packing, justified lines, left-aligned last line, cross-axis centring), with
-- the same sizeForItem callback, frames kept in flat arrays — as one would write it in Lua.
-- Usage: lua5.4 flow-plain.lua ITEMS [RUNS]   → prints the best prepare time in seconds.

local count = tonumber(arg[1] or "1000000")
local runs = tonumber(arg[2] or "3")

local function sizeForItem(cv, section, item)
  return 40 + (item % 7) * 9, 30 + (item % 3) * 10
end

local width, lead, trail, top, bottom = 375, 12, 12, 10, 10
local lineSpacing, interitem = 8, 6

local function prepare(n)
  local xs, ys, ws, hs = {}, {}, {}, {}
  for i = 1, n do
    local w, h = sizeForItem(nil, 0, i - 1)
    ws[i], hs[i] = w, h
  end
  local available = width - lead - trail
  -- Pack lines: starts[k] = first item of line k.
  local starts, sums, lines = {}, {}, 0
  local remaining, sum = 0, 0
  for i = 1, n do
    local m = ws[i]
    if lines == 0 or (i > starts[lines] and m > remaining) then
      if lines > 0 then sums[lines] = sum end
      lines = lines + 1
      starts[lines] = i
      remaining, sum = available, 0
    end
    remaining = remaining - m - interitem
    sum = sum + m
  end
  sums[lines] = sum
  starts[lines + 1] = n + 1
  local function leftover(k)
    local c = starts[k + 1] - starts[k]
    return available - sums[k] - (c - 1) * interitem
  end
  local allSingle = true
  for k = 1, lines do if starts[k + 1] - starts[k] ~= 1 then allSingle = false break end end
  local lastComplete = allSingle or (lines >= 2 and leftover(lines) == leftover(lines - 1))
  local y = top
  for k = 1, lines do
    local first, last = starts[k], starts[k + 1] - 1
    local c = last - first + 1
    local thickness = 0
    for i = first, last do if hs[i] > thickness then thickness = hs[i] end end
    local x, gap = lead, interitem
    if k < lines or lastComplete then
      if c == 1 then x = lead + (available - sums[k]) / 2 else gap = (available - sums[k]) / (c - 1) end
    end
    for i = first, last do
      xs[i] = math.floor(x + 0.5)
      ys[i] = math.floor(y + (thickness - hs[i]) / 2 + 0.5)
      x = x + ws[i] + gap
    end
    y = y + thickness + (k < lines and lineSpacing or 0)
  end
  return xs, ys, ws, hs, y + bottom
end

local best = math.huge
for _ = 1, runs do
  collectgarbage()
  local start = os.clock()
  local _, _, _, _, height = prepare(count)
  local elapsed = os.clock() - start
  if elapsed < best then best = elapsed end
  assert(height > 0)
end
print(string.format("%.6f", best))
