import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

@Suite("Custom layouts: prepare(cv, out)")
struct CustomLayoutTests {
    @Test func placesEveryElementKindWithExtras() throws {
        let elements = try run(
            """
            return { prepare = function(cv, out)
              out:cell(0, 1, 10, 20, 30, 40, {alpha = 0.25, zIndex = 2, hidden = true, tags = {"a", 1, true}})
              out:cell(0, 0, 0, 0, 5, 5)
              out:supplementary("badge", 0, 1, 35, 15, 10, 10, {transform3D = {1,0,0,0, 0,1,0,0, 0,0,1,0, 4,5,0,1}})
              out:decoration("shelf", 0, 0, 0, 60, 320, 8, {zIndex = -1})
              out:contentSize(320, 100)
            end }
            """)
        expect(
            elements.map(\.key) == [
                .cell(0, 0), .cell(0, 1), .supplementary("badge", 0, 1), .decoration("shelf", 0, 0),
            ])
        let cell = elements[1]
        expectEqual(cell.frame, Rect(x: 10, y: 20, width: 30, height: 40))
        expectEqual(cell.alpha, 0.25)
        expectEqual(cell.zIndex, 2)
        expect(cell.hidden)
        expectEqual(cell.custom, ["tags": .array([.string("a"), .number(1), .bool(true)])])
        expectEqual(elements[2].transform3D, .translation(x: 4, y: 5, z: 0))
        expectEqual(elements[3].zIndex, -1)
        expect(elements[0].alpha == 1 && elements[0].zIndex == 0 && !elements[0].hidden && elements[0].custom.isEmpty)
    }

    /// Plain calls are stored by C, others (extras, first use of a kind) by Swift; kinds are
    /// re-learnt on every prepare, so a prepare that meets them in another order is unaffected.
    @Test func fastAndSlowPlacementsMixAcrossPrepares() throws {
        let layout = try ScriptLayout(
            source: """
                local round = 0
                return { prepare = function(cv, out)
                  round = round + 1
                  local kinds = round == 1 and {"a", "b"} or {"b", "a"}
                  for _, kind in ipairs(kinds) do
                    for i = 0, 2 do out:supplementary(kind, 0, i, i * 10, 0, 5, 5) end
                  end
                  for i = 0, 3 do out:cell(0, i, i * 10, 10, 5, 5, i == 2 and {tag = round} or nil) end
                  out:decoration("shelf", 0, 0, 0, 20, 40, 2)
                end }
                """)
        let context = makeContext()
        for round in 1...2 {
            try layout.prepare(in: context)
            let elements = try layout.allLayoutAttributes(context: context)
            expect(
                elements.map(\.key) == [
                    .cell(0, 0), .cell(0, 1), .cell(0, 2), .cell(0, 3),
                    .supplementary("a", 0, 0), .supplementary("a", 0, 1), .supplementary("a", 0, 2),
                    .supplementary("b", 0, 0), .supplementary("b", 0, 1), .supplementary("b", 0, 2),
                    .decoration("shelf", 0, 0),
                ])
            expectEqual(elements[2].custom, ["tag": .number(Double(round))])
            expectEqual(elements[6].frame, Rect(x: 20, y: 0, width: 5, height: 5))
        }
    }

    @Test func contentSizeDefaultsToTheFarEdgesOfWhatWasPlaced() throws {
        let layout = try ScriptLayout(
            source: """
                return { prepare = function(cv, out)
                  out:cell(0, 0, 10, 10, 50, 20)
                  out:cell(0, 1, 100, 5, 20, 30)
                end }
                """)
        try layout.prepare(in: makeContext())
        expectEqual(layout.collectionViewContentSize, Size(width: 120, height: 35))
    }

    @Test func rectQueriesReturnExactlyTheIntersectingElements() throws {
        // 100 cells in rows of 4: cell i at ((i % 4)·60, (i // 4)·60, 50, 50).
        let source = """
            return { prepare = function(cv, out)
              for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, (i % 4) * 60, (i // 4) * 60, 50, 50) end
            end }
            """
        let layout = try ScriptLayout(source: source)
        let context = makeContext(counts: [100])
        try layout.prepare(in: context)
        // Query x 55…125, y 110…170. Row r spans y 60r…60r+50: row 1 (60…110) only touches
        // y 110 → out; row 2 (120…170) is in. Column c spans 60c…60c+50: column 0 ends at 50 → out;
        // columns 1 (60…110) and 2 (120…170) are in. Row 2, columns 1 and 2 → items 9 and 10.
        let hits = try layout.layoutAttributesForElements(
            in: Rect(x: 55, y: 110, width: 70, height: 60), context: context)
        expectEqual(hits.map(\.indexPath), [LayoutIndexPath(0, 9), LayoutIndexPath(0, 10)])
    }

    @Test func queriesAnswerFromPreparedStateWithoutCallingPrepare() throws {
        let layout = try ScriptLayout(
            source: """
                calls = 0
                return {
                  prepare = function(cv, out) calls = calls + 1 out:cell(0, 0, 0, 0, 10, 10) end,
                  attributes = function(cv, a) a.prepareCalls = calls end,
                }
                """)
        let context = makeContext()
        try layout.prepare(in: context)
        _ = try layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100), context: context)
        let item = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 0), context: context)
        expectEqual(item?.custom["prepareCalls"], .number(1))
        expect(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context) == nil)
    }

    @Test func cvExposesBoundsScaleCountsDataAndState() throws {
        let context = makeContext(
            width: 300, height: 200, offset: Point(x: 5, y: 7), scale: 2,
            items: [[.object(["width": .number(120)]), .string("b")], []],
            state: ["rows": .number(4), "mode": .bool(true)])
        let elements = try run(
            """
            return { prepare = function(cv, out)
              local b = cv.bounds
              out:cell(0, 0, b.x, b.y, b.width, b.height, {
                scale = cv.scale, sections = cv.numberOfSections,
                counts = {cv:numberOfItems(0), cv:numberOfItems(1), cv:numberOfItems(9)},
                width = cv:itemData(0, 0).width, second = cv:itemData(0, 1),
                missing = cv:itemData(1, 0) == nil,
                rows = cv.state.rows, mode = cv.state.mode,
              })
            end }
            """, context)
        expectEqual(elements[0].frame, Rect(x: 5, y: 7, width: 300, height: 200))
        expect(
            elements[0].custom == [
                "scale": .number(2), "sections": .number(2), "counts": .array([.number(2), .number(0), .number(0)]),
                "width": .number(120), "second": .string("b"), "missing": .bool(true), "rows": .number(4),
                "mode": .bool(true),
            ])
    }

    /// `cv` and its nested tables are proxies: assignment and `rawset` are both refused, so
    /// nothing one callback does changes what the next one sees.
    @Test func cvCannotBeChangedByAScript() throws {
        let elements = try run(
            """
            return {
              prepare = function(cv, out)
                local ok, message = pcall(function() cv.bounds.width = 1 end)
                local _, raw1 = pcall(rawset, cv, "numberOfSections", 99)
                local _, raw2 = pcall(function() rawset(cv.state, "mode", "hacked") end)
                local keys = 0
                for _ in pairs(cv.bounds) do keys = keys + 1 end
                out:cell(0, 0, 0, 0, 1, 1, {message = message, keys = keys, raw1 = raw1, raw2 = raw2})
              end,
              attributes = function(cv, a)
                a.width2 = cv.bounds.width; a.sections = cv.numberOfSections; a.mode = cv.state.mode or "none"
              end,
            }
            """, makeContext(width: 320, counts: [1]))
        expect(
            elements[0].custom == [
                "message": .string("test.lua:3: cv.bounds is read-only"), "keys": .number(4),
                "raw1": .string("cv is read-only"), "raw2": .string("test.lua:5: cv.state is read-only"),
                "width2": .number(320), "sections": .number(1), "mode": .string("none"),
            ])
    }

    /// `cv.contentSize` is the prepared layout's (a UIKit subclass reads
    /// self.collectionViewContentSize); it is absent while preparing.
    @Test func cvContentSizeIsAvailableOncePrepared() throws {
        let elements = try run(
            """
            local seenInPrepare
            return {
              prepare = function(cv, out)
                seenInPrepare = cv.contentSize == nil
                out:cell(0, 0, 0, 0, 30, 40)
                out:contentSize(300, 400)
              end,
              attributes = function(cv, a)
                a.duringPrepare = seenInPrepare
                a.width2 = cv.contentSize.width; a.height2 = cv.contentSize.height
              end,
            }
            """)
        expectEqual(
            elements[0].custom, ["duringPrepare": .bool(true), "width2": .number(300), "height2": .number(400)])
    }

    /// Whole numbers reach Lua as integers: `"w" .. cv.bounds.width` reads "w320", not
    /// "w320.0", and `math.type` tells them apart from fractions.
    @Test func wholeNumbersArriveAsIntegers() throws {
        let elements = try run(
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 1, 1, {label = "w" .. cv.bounds.width, whole = math.type(cv.state.n), half = math.type(cv.state.h)})
            end }
            """, makeContext(width: 320, state: ["n": .number(3), "h": .number(2.5)]))
        expect(
            elements[0].custom == ["label": .string("w320"), "whole": .string("integer"), "half": .string("float")])
    }

    @Test func seededRandomnessIsReproducibleAcrossPreparesAndLayouts() throws {
        let source = """
            return { prepare = function(cv, out)
              for i = 0, 4 do out:cell(0, i, math.random(0, 1000), 0, 10, 10) end
            end }
            """
        let context = makeContext(counts: [5])
        func xs(_ layout: ScriptLayout) throws -> [Double] {
            try layout.prepare(in: context)
            return try layout.allLayoutAttributes(context: context).map(\.frame.x)
        }
        let first = try ScriptLayout(source: source, options: .init(seed: 42))
        let again = try ScriptLayout(source: source, options: .init(seed: 42))
        let other = try ScriptLayout(source: source, options: .init(seed: 43))
        let firstRun = try xs(first)
        expectEqual(try xs(first), firstRun)  // invalidation does not reshuffle
        expectEqual(try xs(again), firstRun)
        expect(try xs(other) != firstRun)
    }

    @Test func requireLoadsModulesBesideTheScript() throws {
        let directory = try temporaryDirectory()
        try "local M = {} function M.size() return 42 end return M".write(
            toFile: directory + "/sizes.lua", atomically: true, encoding: .utf8)
        try "return {prepare = function(cv, out) local s = require('sizes').size() out:cell(0, 0, 0, 0, s, s) end}"
            .write(
                toFile: directory + "/main.lua", atomically: true, encoding: .utf8)
        let layout = try ScriptLayout(file: directory + "/main.lua")
        let context = makeContext()
        try layout.prepare(in: context)
        expect(
            try layout.allLayoutAttributes(context: context).first?.frame == Rect(x: 0, y: 0, width: 42, height: 42))
        expectEqual(layout.loadedFiles, [directory + "/main.lua", directory + "/sizes.lua"])
    }

    @Test func scrollHooks() throws {
        // Pages of 300: the nearest page to the proposed x, clamped to the last page (content 1000 → max 700).
        let layout = try ScriptLayout(
            source: """
                return {
                  prepare = function(cv, out) out:contentSize(1000, 480) end,
                  shouldInvalidateLayoutForBoundsChange = function(cv, newBounds) return newBounds.width ~= cv.bounds.width end,
                  targetContentOffset = function(cv, proposed, velocity)
                    local page = math.floor(proposed.x / cv.bounds.width + 0.5)
                    return math.min(page * cv.bounds.width, 1000 - cv.bounds.width), proposed.y
                  end,
                }
                """)
        let context = makeContext(width: 300)
        try layout.prepare(in: context)
        expect(
            try layout.shouldInvalidateLayout(
                forBoundsChange: Rect(x: 50, y: 0, width: 300, height: 480), context: context) == false)
        expect(
            try layout.shouldInvalidateLayout(
                forBoundsChange: Rect(x: 0, y: 0, width: 310, height: 480), context: context) == true)
        expect(
            try layout.targetContentOffset(
                forProposedContentOffset: Point(x: 440, y: 0), withScrollingVelocity: .zero, context: context)
                == Point(x: 300, y: 0))
        expect(
            try layout.targetContentOffset(
                forProposedContentOffset: Point(x: 900, y: 3), withScrollingVelocity: .zero, context: context)
                == Point(x: 700, y: 3))
    }
}

@Suite("The rect-query hook attributes(cv, a)")
struct AttributesHookTests {
    @Test func readsAndWritesEveryAttribute() throws {
        let elements = try run(
            """
            return {
              prepare = function(cv, out)
                out:cell(0, 0, 10, 10, 20, 40)
                out:supplementary("header", 0, 0, 0, 0, 100, 10)
              end,
              attributes = function(cv, a)
                a.seen = a.category .. ":" .. (a.kind or "-") .. ":" .. a.section .. ":" .. a.item
                if a.category == "cell" then
                  a.center = {x = 100, y = 100}     -- moves: origin (90, 80)
                  a.size = {40, 20}                 -- keeps the centre: origin (80, 90)
                  a.alpha = 0.5
                  a.zIndex = 7
                  a.transform3D = {2,0,0,0, 0,2,0,0, 0,0,1,0, 0,0,0,1}
                  a.width2 = a.width * 2
                else
                  a.y = a.y + 5
                  a.hidden = true
                end
              end,
            }
            """)
        let cell = elements[0], header = elements[1]
        expectEqual(cell.frame, Rect(x: 80, y: 90, width: 40, height: 20))
        expect(cell.alpha == 0.5 && cell.zIndex == 7)
        expectEqual(cell.transform3D, .scale(x: 2, y: 2, z: 1))
        expectEqual(cell.custom, ["seen": .string("cell:-:0:0"), "width2": .number(80)])
        expectEqual(header.frame, Rect(x: 0, y: 5, width: 100, height: 10))
        expect(header.hidden)
        expectEqual(header.custom, ["seen": .string("supplementary:header:0:0")])
    }

    @Test func flowLayoutsTakeTheHookToo() throws {
        let elements = try run(
            """
            return flow{
              itemSize = {100, 100},
              attributes = function(cv, a) a.deleteButtonHidden = not cv.state.deletionMode end,
            }
            """, makeContext(counts: [2], state: ["deletionMode": .bool(true)]))
        expectEqual(elements.map { $0.custom["deleteButtonHidden"] }, [.bool(false), .bool(false)])
    }

    @Test func anAttributesObjectExpiresWithItsCall() {
        let error = scriptError(
            """
            local kept
            return {
              prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1) out:cell(0, 1, 0, 0, 1, 1) end,
              attributes = function(cv, a)
                if kept then local _ = kept.x end
                kept = a
              end,
            }
            """)
        expectEqual(error?.message, "test.lua:5: attributes object used outside the callback it was passed to")
    }
}
