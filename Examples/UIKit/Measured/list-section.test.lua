-- layout: list-section.lua
-- options: --bounds 375x812 --scale 3 --safe-area 54,0,34,0 --offset 0,-54 --items 5 --ios 17
--
-- UIKit's truth as a test. __snapshots__/list-section.test.lua/list-section.uikit.json holds
-- the frames UIKit drew for this layout: faberNovel/CompositionalLayoutDSL,
-- CompositionalLayoutDSLTests/LayoutTests/__Snapshots__/SectionDSLTests/testListSection.1.png
-- at commit fe2f7a6cbf5d60a8f0a16ca6832b039880f28504 (iOS 17, iPhone 15 simulator, Xcode 15;
-- swift-snapshot-testing's `.image(on: .iPhoneX)`: 375×812 @3x, the content 54 points down,
-- 34 at the bottom), measured with
--   Scripts/measure-frames testListSection.1.png --scale 3 --origin 0,54
-- (each view's frame read from its flat colour, matched to its element by its index-path
-- label). Because the recording sits beside the snapshot, `lualayout test` compares the layout
-- with it too, within half a pixel, and reports a difference as a snapshot failure. The
-- content size is not in the picture: 256 is the footer's bottom (the section has no insets).
--
-- By hand: the header at 0…24; row i at 24 + 42i (40 tall, 2 apart); the footer after the
-- last row, 24 + 5 · 40 + 4 · 2 = 232. At rest (offset −54) neither pinned view moves: the
-- header's top is the visible top less the safe area (0), and the footer ends at 256, above
-- the visible bottom less the safe area (−54 + 812 − 34 = 724).

expectFrame(0, 0, {0, 24, 375, 40})
expectFrame(0, 4, {0, 192, 375, 40})
expectEqual(contentSize().height, 256, "content height")
expectSnapshot("list-section")
