import LayoutEngine
import LayoutOutput
import Platform

/// What a watch worker says of a good run before it sends the layout: the line's content,
/// worked out where the layout is (a few hundred bytes, whatever the layout's size).
package struct WatchRunReport: Sendable, Equatable {
    /// The run against the baseline the worker was given (`WorkerRequest.baseline`); nil when
    /// it had none (the watcher then compares the layout itself).
    package var diff: LayoutDiff.Summary?
    package var elementCount: Int
    package var contentSize: Size
    /// The worker's steps, when the watch traces its runs (`watch --trace`).
    package var trace: [PhaseTrace.Point]

    package init(diff: LayoutDiff.Summary?, elementCount: Int, contentSize: Size, trace: [PhaseTrace.Point] = []) {
        self.diff = diff
        self.elementCount = elementCount
        self.contentSize = contentSize
        self.trace = trace
    }
}

extension WireWriter {
    package mutating func runReport(_ report: WatchRunReport) {
        if let diff = report.diff {
            byte(1)
            for count in [diff.added, diff.removed, diff.moved, diff.resized, diff.restyled] { int(count) }
            int(diff.largestMoves.count)
            for move in diff.largestMoves {
                key(move.key)
                rect(move.from)
                rect(move.to)
                double(move.distance)
            }
            for number in [
                diff.contentSizeBefore.width, diff.contentSizeBefore.height, diff.contentSizeAfter.width,
                diff.contentSizeAfter.height,
            ] {
                double(number)
            }
        } else {
            byte(0)
        }
        int(report.elementCount)
        double(report.contentSize.width)
        double(report.contentSize.height)
        int(report.trace.count)
        for point in report.trace {
            string(point.process)
            string(point.step)
            int(Int(truncatingIfNeeded: point.wall))
            int(Int(truncatingIfNeeded: point.cpu))
        }
    }

    package mutating func key(_ key: ElementKey) {
        byte(key.category.rawValue)
        string(key.kind)
        int(key.indexPath.section)
        int(key.indexPath.item)
        int(key.indexPath.deeper.count)
        for component in key.indexPath.deeper { int(component) }
    }
}

extension WireReader {
    package mutating func runReport() throws(WireError) -> WatchRunReport {
        var diff: LayoutDiff.Summary?
        if try byte() == 1 {
            let counts = [try int(), try int(), try int(), try int(), try int()]
            guard counts.allSatisfy({ $0 >= 0 }) else { throw WireError("a negative count in a run report") }
            var moves: [LayoutDiff.Move] = []
            for _ in 0..<(try count(minimumSize: 70)) {
                moves.append(LayoutDiff.Move(key: try key(), from: try rect(), to: try rect(), distance: try double()))
            }
            let sizes = [try double(), try double(), try double(), try double()]
            diff = LayoutDiff.Summary(
                added: counts[0], removed: counts[1], moved: counts[2], resized: counts[3], restyled: counts[4],
                largestMoves: moves, contentSizeBefore: Size(width: sizes[0], height: sizes[1]),
                contentSizeAfter: Size(width: sizes[2], height: sizes[3]))
        }
        let elementCount = try int()
        let contentSize = Size(width: try double(), height: try double())
        var trace: [PhaseTrace.Point] = []
        for _ in 0..<(try count(minimumSize: 4)) {
            trace.append(
                PhaseTrace.Point(
                    process: try string(), step: try string(), wall: UInt64(truncatingIfNeeded: try int()),
                    cpu: UInt64(truncatingIfNeeded: try int())))
        }
        return WatchRunReport(diff: diff, elementCount: elementCount, contentSize: contentSize, trace: trace)
    }

    package mutating func key() throws(WireError) -> ElementKey {
        guard let category = ElementCategory(rawValue: try byte()) else { throw WireError("unknown element category") }
        let kind = try string()
        var indexPath = LayoutIndexPath(try int(), try int())
        let deeper = try int()
        guard (0...62).contains(deeper) else { throw WireError("bad index path length \(deeper)") }
        for _ in 0..<deeper { indexPath.deeper.append(try int()) }
        return ElementKey(category: category, kind: kind, indexPath: indexPath)
    }
}
