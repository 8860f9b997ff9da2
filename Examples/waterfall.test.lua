-- layout: waterfall.lua
-- options: --data waterfall.json --bounds 375x667
--
-- Snapshot testing, as CI runs it (`lualayout test Examples`): expectSnapshot(name) compares the
-- visible layout with __snapshots__/waterfall.test.lua/NAME.json beside this file. The first
-- run writes it (commit it); every later run compares, and a difference fails with what moved,
-- appeared or vanished and a before/after SVG pair. `lualayout test --update-snapshots` accepts
-- an intended change. `lualayout simulate Examples/waterfall.test.lua --format html -o page.html`
-- runs it with this header and draws its timeline, comparing the same snapshots (writing none);
-- `lualayout test Examples --html timelines` writes every run's timeline page.
--
-- Derivation: the content is 900 high (section 1's lowest item ends at 800 + 90, plus the
-- 10-point inset), so scrolling to 600 stops at 900 − 667 = 233. Section 0 ends at 480, so its
-- header stays pinned at the top of the view (y = 233 ≤ 480 − 40). Items [0, 0] (50…170) and
-- [0, 1] (50…130) are above the view; the other 12 meet it.

expectSnapshot("waterfall-top")

scroll(0, 600)
expect(contentOffset().y == 233, "the offset is clamped to the content: 900 − 667 = 233")
expect(#visibleItems() == 12, "12 items meet the view from y = 233 to 900")
expectSnapshot("waterfall-scrolled")
