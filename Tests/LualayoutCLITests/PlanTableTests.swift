import Foundation
import TestExpectations
import Testing

/// `--format table` for `transition` and `update` (issue 34, item 17): a row per element, its
/// change and its frame and alpha from → to, then with `--progress` the layout at that point.
@Suite("Plan tables")
struct PlanTableTests {
    /// grid.lua (one column of 128-point items 32 from the edges, spaced (667 − 64 − 3·128)/2 =
    /// 109.5, so y = 32 and 269.5 → 270) to table.lua (rows 375×44 under a 40-point header, 45
    /// apart: y = 40, 85). The header is new: it fades in. At 0.5 each frame is half-way: x
    /// (32 + 0)/2 = 16, y (32 + 40)/2 = 36 and (270 + 85)/2 = 177.5, width (128 + 375)/2 =
    /// 251.5, height (128 + 44)/2 = 86; the header at alpha 0.5.
    @Test func aTransitionAsATable() {
        let result = lualayout(
            "transition", "Examples/grid.lua", "Examples/table.lua", "--items", "2", "--format", "table", "--progress",
            "0.5")
        expectEqual(result.status, 0, "\(result.err)")
        #expect(
            result.out == """
                content 192×667 → 375×129  3 elements: 2 persist, 1 insert
                change   category       kind    before  after   from            to           alpha
                persist  cell                   [0, 0]  [0, 0]  32,32 128×128   0,40 375×44  1 → 1
                persist  cell                   [0, 1]  [0, 1]  32,270 128×128  0,85 375×44  1 → 1
                insert   supplementary  header  -       [0, 0]  0,0 375×40      0,0 375×40   0 → 1

                at progress 0.5:
                content 375×129  bounds 0,0 375×667  3 elements
                category       kind    indexPath   x      y  width  height  alpha   z  hidden  extra
                cell                   [0, 0]     16     36  251.5      86      1   0
                cell                   [0, 1]     16  177.5  251.5      86      1   0
                supplementary  header  [0, 0]      0      0    375      40    0.5  10

                """)
    }

    /// A batch update's plan: delete row 0 of 3 (table.lua): it fades out in place; the others
    /// persist (UIKit moves only what the batch moves), each up a row (45 points). Rows follow
    /// the JSON plan's order: by index path after the update (before it for the deleted row),
    /// the one after before the one gone.
    @Test func anUpdateAsATable() {
        let result = lualayout("update", "Examples/table.lua", "--items", "3", "--delete", "0:0", "--format", "table")
        expectEqual(result.status, 0, "\(result.err)")
        #expect(
            result.out == """
                content 375×174 → 375×129  4 elements: 3 persist, 1 delete
                change   category       kind    before  after   from          to           alpha
                persist  cell                   [0, 1]  [0, 0]  0,85 375×44   0,40 375×44  1 → 1
                delete   cell                   [0, 0]  -       0,40 375×44   0,40 375×44  1 → 0
                persist  cell                   [0, 2]  [0, 1]  0,130 375×44  0,85 375×44  1 → 1
                persist  supplementary  header  [0, 0]  [0, 0]  0,0 375×40    0,0 375×40   1 → 1

                """)
    }
}
