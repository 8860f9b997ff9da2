-- The engine-alone benchmark: the flow of flow-sizes.lua with one fixed item size (no Lua
-- runs per item).
return flow{ itemSize = {50, 40}, minimumLineSpacing = 8, minimumInteritemSpacing = 6, sectionInset = {10, 12, 10, 12} }
