-- The benchmark's layout: a vertical flow whose items have mixed sizes (the flow path),
-- chosen by a Lua sizeForItem callback. Run by the engine (Sources/LayoutBench) and, with
-- the same callback, by the plain-Lua baseline (flow-plain.lua).
return flow{
  minimumLineSpacing = 8,
  minimumInteritemSpacing = 6,
  sectionInset = {10, 12, 10, 12},
  sizeForItem = function(cv, section, item)
    return 40 + (item % 7) * 9, 30 + (item % 3) * 10
  end,
}
