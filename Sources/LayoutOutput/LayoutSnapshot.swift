import LayoutEngine

/// What one run of a layout produced: the viewport, the content size and the elements of the
/// queried rect, in output order (an array, or the prepared store read as it is written).
/// Every output format renders one of these.
package struct LayoutSnapshot: Sendable, Equatable {
    package var bounds: Rect
    package var contentSize: Size
    package var elements: ElementList
    /// The proposed and targeted content offsets, when scroll targeting was asked for.
    package var targetContentOffset: TargetOffset?
    /// How many elements the whole layout has, when `elements` are those of a rect.
    package var totalElements: Int?
    /// Orthogonal sections, each drawn clipped to its frame, and which elements (by index in
    /// `elements`) scroll inside which of them.
    package var regions: [ScrollRegion] = []
    package var regionOfElement: [Int: Int] = [:]
    /// Where orthogonal sections come to rest (`--orthogonal-target`).
    package var orthogonalTargets: [OrthogonalTarget] = []
    /// The colour of a background fixed to the viewport (`#RRGGBB`: a controller's
    /// `backgroundView`), drawn behind the content; nil: none.
    package var background: String?
    /// The cells the view shows selected and highlighted (a simulation's, the preview's):
    /// pictures paint each in the colour its state calls for (`ElementPaint`). Empty for `run`.
    package var selected: Set<LayoutIndexPath> = []
    package var highlighted: Set<LayoutIndexPath> = []
    /// The refresh control's 60-point band (content coordinates, just above the content) while
    /// it is refreshing: pictures draw its spinner there. Nil when not refreshing.
    package var refreshControl: Rect?

    package struct OrthogonalTarget: Sendable, Equatable {
        package var section: Int
        package var proposed: Double
        package var velocity: Double
        package var target: Double

        package init(section: Int, proposed: Double, velocity: Double, target: Double) {
            self.section = section
            self.proposed = proposed
            self.velocity = velocity
            self.target = target
        }
    }

    package struct TargetOffset: Sendable, Equatable {
        package var proposed: Point
        package var velocity: Point
        package var target: Point

        package init(proposed: Point, velocity: Point, target: Point) {
            self.proposed = proposed
            self.velocity = velocity
            self.target = target
        }
    }

    /// The elements as drawn (frames scrolled, regions clipping them).
    package mutating func draw(_ drawn: DrawnElements) {
        elements = ElementList(drawn.elements)
        regions = drawn.regions
        regionOfElement = drawn.regionOfElement
    }

    package init(
        bounds: Rect, contentSize: Size, elements: [LayoutAttributes], targetContentOffset: TargetOffset? = nil
    ) {
        self.bounds = bounds
        self.contentSize = contentSize
        self.elements = ElementList(elements)
        self.targetContentOffset = targetContentOffset
    }

    package init(bounds: Rect, contentSize: Size, elements: ElementList, targetContentOffset: TargetOffset? = nil) {
        self.bounds = bounds
        self.contentSize = contentSize
        self.elements = elements
        self.targetContentOffset = targetContentOffset
    }
}
