-- layout: grid.lua
-- options: --items 20
-- devices: iphone-se, ipad-mini
--
-- The basic grid on two devices (`lualayout test --devices` lists their bounds, scales and
-- safe areas). Derivations: 128-point items, 64 apart, inside 32-point section insets, fill
-- each column top to bottom. A column holds n items when 128n + 64(n − 1) fits the height
-- left by the insets: on the iPhone SE (667 tall) 667 − 64 = 603 at most, so n = 3
-- (3 · 192 − 64 = 512; 4 would need 704); on the iPad mini (1133 tall) n = 5 (896; 6 would
-- need 1088 > 1133 − 64 = 1069). The safe area only lowers those heights. 20 items
-- take ceil(20 / n) columns: 7 on the phone, 4 on the iPad; the content is
-- 32 + 128c + 64(c − 1) + 32 wide: 1344 and 768.

local tall = contentSize().height > 700   -- the iPad mini
local perColumn = tall and 5 or 3
local columns = math.ceil(20 / perColumn)

-- Each device starts where UIKit rests the view, under its safe area's top: −20 on the iPhone
-- SE (the status bar), −24 on the iPad mini (docs/lua-api.md, "The resting offset").
expectEqual(contentOffset(), {x = 0, y = tall and -24 or -20}, "resting offset")

expectFrame(0, 0, {32, 32, 128, 128})
-- The first item of the second column: x = 32 + 128 + 64 = 224.
expectFrame(0, perColumn, {224, 32, 128, 128})
expectEqual(contentSize().width, 64 + 128 * columns + 64 * (columns - 1), "content width")
expectSnapshot("grid")   -- __snapshots__/grid.test.lua/grid.iphone-se.json and grid.ipad-mini.json
