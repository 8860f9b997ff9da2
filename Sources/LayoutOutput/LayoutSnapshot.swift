import LayoutEngine

/// What one run of a layout produced: the viewport, the content size and the elements of the
/// queried rect, in output order (an array, or the prepared store read as it is written).
/// Every output format renders one of these.
public struct LayoutSnapshot: Sendable, Equatable {
    public var bounds: Rect
    public var contentSize: Size
    public var elements: ElementList
    /// The proposed and targeted content offsets, when scroll targeting was asked for.
    public var targetContentOffset: TargetOffset?
    /// How many elements the whole layout has, when `elements` are those of a rect.
    public var totalElements: Int?
    /// Orthogonal sections, each drawn clipped to its frame, and which elements (by index in
    /// `elements`) scroll inside which of them.
    public var regions: [ScrollRegion] = []
    public var regionOfElement: [Int: Int] = [:]
    /// Where orthogonal sections come to rest (`--orthogonal-target`).
    public var orthogonalTargets: [OrthogonalTarget] = []

    public struct OrthogonalTarget: Sendable, Equatable {
        public var section: Int
        public var proposed: Double
        public var velocity: Double
        public var target: Double

        public init(section: Int, proposed: Double, velocity: Double, target: Double) {
            self.section = section
            self.proposed = proposed
            self.velocity = velocity
            self.target = target
        }
    }

    public struct TargetOffset: Sendable, Equatable {
        public var proposed: Point
        public var velocity: Point
        public var target: Point

        public init(proposed: Point, velocity: Point, target: Point) {
            self.proposed = proposed
            self.velocity = velocity
            self.target = target
        }
    }

    public init(bounds: Rect, contentSize: Size, elements: [LayoutAttributes], targetContentOffset: TargetOffset? = nil)
    {
        self.bounds = bounds
        self.contentSize = contentSize
        self.elements = ElementList(elements)
        self.targetContentOffset = targetContentOffset
    }

    public init(bounds: Rect, contentSize: Size, elements: ElementList, targetContentOffset: TargetOffset? = nil) {
        self.bounds = bounds
        self.contentSize = contentSize
        self.elements = elements
        self.targetContentOffset = targetContentOffset
    }
}
