import Foundation
import TestExpectations
import Testing

/// The CLI's compositional options: orthogonal offsets and paging targets, pictures clipped
/// per orthogonal section, `--estimates`.
@Suite("lualayout run: compositional options")
struct CompositionalCLITests {
    /// Section 0 scrolls orthogonally with groupPaging: 300-wide groups 10 apart after a leading
    /// inset of 20, so group g sits at x = 20 + 310·g; section 1 is a plain 50-high row.
    static let script = """
        local C = compositional
        local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
        return compositional{ sectionProvider = function(cv, sectionIndex, env)
          if sectionIndex == 0 then
            local group = C.group{ axis = "horizontal", width = 300, height = 100, subitems = {item} }
            return C.section{ group = group, interGroupSpacing = 10, contentInsets = {0, 20, 0, 20},
              orthogonalScrollingBehavior = "groupPaging" }
          end
          return C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {item} } }
        end }
        """

    /// Reported frames stay unscrolled (group 0 at x 20, group 1 at 330); the picture draws
    /// section 0 scrolled by 100 (20 → −80, 330 → 230) and section 1 where it is.
    @Test func orthogonalOffsetScrollsThePictureOnly() throws {
        let path = try temporaryFile("carousel.lua", Self.script)
        let table = lualayout("run", path, "--sections", "3,1", "--orthogonal-offset", "0:100", "--format", "table")
        expectEqual(table.status, 0)
        expectContains(table.out, "cell            [0, 0]      20    0    300     100")
        expectContains(table.out, "cell            [0, 1]     330    0    300     100")
        let picture = lualayout("run", path, "--sections", "3,1", "--orthogonal-offset", "0:100", "--format", "svg")
        #expect(picture.out.contains(#"<rect x="-80" y="0" width="300" height="100"/>"#))
        #expect(picture.out.contains(#"<rect x="230" y="0" width="300" height="100"/>"#))
        #expect(picture.out.contains(#"<rect x="0" y="100" width="375" height="50"/>"#))
    }

    /// groupPaging snaps to multiples of 310 (group + spacing): 200 released forward → 310,
    /// backward → 0, without velocity → round(0.645) = 1 → 310.
    @Test func orthogonalTargetsFollowThePagingRule() throws {
        let path = try temporaryFile("carousel.lua", Self.script)
        let result = lualayout(
            "run", path, "--sections", "3,1", "--orthogonal-target", "0:200:1", "--orthogonal-target", "0:200:-1",
            "--orthogonal-target", "0:200")
        expectEqual(result.status, 0)
        #expect(
            result.out.contains(
                #""orthogonalTargets": [{"section": 0, "proposed": 200, "velocity": 1, "target": 310}, {"section": 0, "proposed": 200, "velocity": -1, "target": 0}, {"section": 0, "proposed": 200, "velocity": 0, "target": 310}]"#
            ))
        let table = lualayout("run", path, "--sections", "3,1", "--orthogonal-target", "0:200:1", "--format", "table")
        expectContains(table.out, "section 0 target offset 310 (proposed 200, velocity 1)\n")
    }

    @Test func aTargetForASectionThatDoesNotScrollIsAUsageError() throws {
        let path = try temporaryFile("carousel.lua", Self.script)
        let result = lualayout("run", path, "--sections", "3,1", "--orthogonal-target", "1:10")
        expectEqual(result.status, 2)
        expect(
            result.err
                == "lualayout: --orthogonal-target 1:…: section 1 does not scroll orthogonally (orthogonal sections: 0)\n"
        )
    }

    @Test(arguments: [
        ["--orthogonal-offset", "x"], ["--orthogonal-offset", "0:nan"], ["--orthogonal-target", "0"],
        ["--orthogonal-target", "-1:5"],
    ])
    func malformedValuesAreUsageErrors(_ arguments: [String]) throws {
        let path = try temporaryFile("carousel.lua", Self.script)
        let result = lualayout(["run", path] + arguments)
        expectEqual(result.status, 2)
        expect(result.err.hasPrefix("Error: The value '\(arguments[1])' is invalid for '\(arguments[0])"))
    }

    /// The picture clips section 0's cells (3 of them) to its band (0, 0, 375, 100); section
    /// 1's cell is drawn unclipped.
    @Test func picturesClipOrthogonalSections() throws {
        let path = try temporaryFile("carousel.lua", Self.script)
        let result = lualayout("run", path, "--sections", "3,1", "--format", "svg")
        expectEqual(result.status, 0)
        #expect(
            result.out.contains(#"<clipPath id="region-0"><rect x="0" y="0" width="375" height="100"/></clipPath>"#))
        #expect(result.out.components(separatedBy: #"<g clip-path="url(#region-0)""#).count - 1 == 3)
    }

    /// With `--estimates` the preferred size is never asked: rows stay 44 apart.
    @Test func estimatesSkipSelfSizing() throws {
        let path = try temporaryFile(
            "sizing.lua",
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.estimated(44) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.estimated(44), subitems = {item} }
            local layout = compositional{ section = C.section{ group = group } }
            function layout.preferredSizeForItem(cv, section, item, fitting) return fitting.width, 100 end
            return layout
            """)
        let sized = lualayout("run", path, "--items", "2", "--item", "0:1", "--format", "table")
        expect(sized.out.hasPrefix("content 375×200 "))
        expectContains(sized.out, "[0, 1]     0  100    375     100")
        let estimated = lualayout("run", path, "--items", "2", "--item", "0:1", "--format", "table", "--estimates")
        expect(estimated.out.hasPrefix("content 375×88 "))
        expectContains(estimated.out, "[0, 1]     0  44    375      44")
    }
}
