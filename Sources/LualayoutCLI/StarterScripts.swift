import LayoutTesting

/// What `lualayout init` writes: starter scripts that run as written and a data file both read.
enum StarterScripts {
    /// Two sections of titled items with heights (read by cv:itemData).
    static let data = """
        {"sections": [
          [{"title": "Alpha", "height": 60}, {"title": "Beta", "height": 90}, {"title": "Gamma", "height": 60}, {"title": "Delta", "height": 120}],
          [{"title": "Epsilon", "height": 60}, {"title": "Zeta", "height": 90}]
        ]}

        """

    static func flow(name: String) -> String {
        """
        -- \(name).lua — a flow layout (UICollectionViewFlowLayout), started by `lualayout init`.
        --
        -- Run:    lualayout run \(name).lua --data \(name).json --format table
        -- Check:  lualayout check \(name).lua --data \(name).json
        -- Watch:  lualayout watch \(name).lua --data \(name).json --serve   (reloads on every save)
        -- The whole API (every property, callback and hook): docs/lua-api.md.

        local layout = flow{
          -- Properties, as on UICollectionViewFlowLayout; each may also be a function of cv.
          scrollDirection = "vertical",
          minimumLineSpacing = 10,
          minimumInteritemSpacing = 10,
          sectionInset = {10, 10, 10, 10},   -- top, left, bottom, right
          headerReferenceSize = {0, 40},     -- a 40-point header above every section

          -- A delegate callback (UICollectionViewDelegateFlowLayout), called once per item
          -- per prepare: the item's size, its height read from the data file.
          sizeForItem = function(cv, section, item)
            local data = cv:itemData(section, item)
            local height = type(data) == "table" and data.height or 80
            return 100, height
          end,
        }

        -- A hook (a UIKit override), called for every element a query returns: edit `a`.
        -- Any field that is not a standard attribute is a custom attribute, carried to the output.
        function layout.attributes(cv, a)
          if a.category == "cell" then
            local data = cv:itemData(a.section, a.item)
            a.label = type(data) == "table" and data.title or nil
          end
        end

        -- More hooks, for when you need them (see docs/lua-api.md):
        -- function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds) return false end
        -- function layout.targetContentOffset(cv, proposed, velocity) return proposed.x, proposed.y end
        -- function layout.initialLayoutAttributesForAppearingItem(cv, a) a.alpha = 0 end

        return layout

        """
    }

    static func custom(name: String) -> String {
        """
        -- \(name).lua — a custom layout (a UICollectionViewLayout subclass), started by `lualayout init`.
        --
        -- Run:    lualayout run \(name).lua --data \(name).json --format table
        -- Check:  lualayout check \(name).lua --data \(name).json
        -- Watch:  lualayout watch \(name).lua --data \(name).json --serve   (reloads on every save)
        -- The whole API (out:*, cv, every hook): docs/lua-api.md.

        local SPACING = 8
        local HEADER_HEIGHT = 30

        local layout = {}

        -- prepare runs once per invalidation and places every element through `out`:
        -- a full-width header per section, then its items as rows as high as their data says.
        function layout.prepare(cv, out)
          local width = cv.bounds.width
          local y = 0
          for section = 0, cv.numberOfSections - 1 do
            out:supplementary("header", section, 0, 0, y, width, HEADER_HEIGHT)
            y = y + HEADER_HEIGHT + SPACING
            for item = 0, cv:numberOfItems(section) - 1 do
              local data = cv:itemData(section, item)
              local height = type(data) == "table" and data.height or 60
              -- The optional last table sets alpha, zIndex, … and custom attributes (label).
              out:cell(section, item, 0, y, width, height, {label = type(data) == "table" and data.title or nil})
              y = y + height + SPACING
            end
          end
          out:contentSize(width, y)
        end

        -- A hook (a UIKit override), called for every element a query returns: edit `a`.
        function layout.attributes(cv, a)
          if a.category == "supplementary" then a.zIndex = 1 end
        end

        -- Re-prepare only when the width changes (scrolling keeps the prepared layout).
        function layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds)
          return newBounds.width ~= cv.bounds.width
        end

        -- More hooks, for when you need them (see docs/lua-api.md):
        -- function layout.targetContentOffset(cv, proposed, velocity) return proposed.x, proposed.y end
        -- function layout.initialLayoutAttributesForAppearingItem(cv, a) a.alpha = 0 end

        return layout

        """
    }

    /// A test scenario of the starter `name`.lua that passes as written (`lualayout test`).
    /// `checks` are the layout-specific lines; the snapshot is named after the layout.
    static func test(name: String, checks: String) -> String {
        """
        -- \(name).test.lua — a test of \(name).lua, run by `lualayout test`, started by `lualayout init`.
        -- layout: \(name).lua
        -- options: \(OptionWords.quote("--data=\(name).json"))
        --
        -- The lines above name the layout (relative to this file) and the collection view it runs
        -- in (the options of `lualayout run`). Below: a scenario, run against a headless collection
        -- view: touches and scrolling (tap, drag, scroll, fling), queries (attributesOf,
        -- visibleItems, contentOffset) and checks. The whole API: docs/lua-api.md, "Scenarios".
        --
        -- Run:  lualayout test \(name).test.lua   (or `lualayout test` for every *.test.lua here)

        \(checks)
        -- The visible layout, compared with __snapshots__/\(name).test.lua/\(snapshotName(name)).json: the
        -- first run writes it (commit it); later runs fail on any change, showing what moved, with a
        -- before/after SVG pair. Accept an intended change with `lualayout test --update-snapshots`.
        expectSnapshot("\(snapshotName(name))")

        """
    }

    static let flowChecks = """
        -- The data's first item, Alpha, is 100 wide (sizeForItem) and 60 high (its data).
        local first = attributesOf(0, 0)
        expect(first.width == 100 and first.height == 60, "item [0, 0] is 100×60")
        expect(first.label == "Alpha", "the attributes hook labels it with its title")

        -- The content (430 high) fits in the 667-point view: all six items are visible.
        expect(#visibleItems() == 6, "all six items are visible")

        """

    static let customChecks = """
        -- The data's first item, Alpha, sits below its section's 30-point header and the 8-point
        -- spacing, full width, 60 high (its data).
        local first = attributesOf(0, 0)
        expect(first.y == 38 and first.height == 60, "item [0, 0] is at y = 30 + 8, 60 high")
        expect(first.label == "Alpha", "prepare labels it with its title")

        -- The content (604 high) fits in the 667-point view: all six items are visible.
        expect(#visibleItems() == 6, "all six items are visible")

        """

    static let compositionalChecks = """
        -- Section 0 has a 40-point header, then its 10-point top inset: the first row of two
        -- cells starts at y = 50, as tall as its group (80).
        local first = attributesOf(0, 0)
        expect(first.y == 50 and first.height == 80, "item [0, 0] is at y = 40 + 10, 80 high")
        expect(first.label == "Alpha", "the attributes hook labels it with its title")

        -- Section 0 ends at 50 + 80 + 10 + 80 + 10 = 230; 20 points of interSectionSpacing, the
        -- 40-point header and the inset put section 1's one full-width column (375 − 2 × 10) at 300.
        local list = attributesOf(1, 0)
        expect(list.y == 300 and list.width == 355, "item [1, 0] is at y = 300, 355 wide")

        -- The content (480 high) fits in the 667-point view: all six items are visible.
        expect(#visibleItems() == 6, "all six items are visible")

        """

    /// A safe snapshot name for `name`: letters, digits, `-`, `_` and `.` kept, the rest `-`.
    static func snapshotName(_ name: String) -> String {
        let kept = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        return kept.isEmpty || kept == "." || kept == ".." ? "layout" : String(kept.prefix(100))
    }
}
