import LayoutEngine
import LayoutOutput
import Platform

/// What a timeline writer is given: the timeline, the checks, and the files involved.
package struct TimelineDocument {
    package var layoutPath: String
    package var scenarioPath: String
    package var controllerPath: String?
    package var outcome: ScenarioOutcome

    package init(layoutPath: String, scenarioPath: String, controllerPath: String?, outcome: ScenarioOutcome) {
        self.layoutPath = layoutPath
        self.scenarioPath = scenarioPath
        self.controllerPath = controllerPath
        self.outcome = outcome
    }
}

/// The seam for timeline formats (`lualayout simulate --format …`): JSON here, HTML elsewhere.
package protocol TimelineWriter {
    func write(_ document: TimelineDocument, to output: inout any TextOutputStream)
}

/// The timeline as JSON: the files, whether it passed, the checks, and every step with its
/// event, log (delegate calls, state changes, prepares, bounds changes, flings, animated
/// updates with their plan, selection and highlight changes), offset, selection, state and
/// the visible layout after it (as `run` writes a layout).
package struct JSONTimelineWriter: TimelineWriter {
    package init() {}

    package func write(_ document: TimelineDocument, to output: inout any TextOutputStream) {
        let outcome = document.outcome
        output.write("{\n  \"layout\": \(JSONLayoutWriter.string(document.layoutPath)),\n")
        output.write("  \"scenario\": \(JSONLayoutWriter.string(document.scenarioPath)),\n")
        output.write("  \"controller\": \(document.controllerPath.map(JSONLayoutWriter.string) ?? "null"),\n")
        output.write("  \"passed\": \(outcome.passed),\n")
        output.write("  \"checks\": [" + outcome.checks.map(Self.check).joined(separator: ", ") + "],\n")
        output.write("  \"steps\": [\n")
        for (index, step) in outcome.timeline.steps.enumerated() {
            output.write(Self.step(step, index: index))
            output.write(index == outcome.timeline.steps.count - 1 ? "\n" : ",\n")
        }
        output.write("  ]\n}\n")
    }

    package static func string(_ document: TimelineDocument) -> String {
        var stream: any TextOutputStream = ""
        JSONTimelineWriter().write(document, to: &stream)
        return stream as! String
    }

    static func check(_ check: ScenarioCheck) -> String {
        "{\"line\": \(check.line), \"message\": \(JSONLayoutWriter.string(check.message)), \"passed\": \(check.passed)}"
    }

    static func path(_ path: LayoutIndexPath?) -> String {
        path.map { "[\($0.section), \($0.item)]" } ?? "null"
    }

    static func point(_ point: Point) -> String { JSONLayoutWriter.point(point) }

    static func event(_ event: TimelineEvent) -> String {
        var text = "{\"type\": \"\(event.name)\""
        switch event {
        case .start: break
        case .tap(let p), .doubleTap(let p), .longPress(let p), .touchDown(let p), .touchUp(let p), .touchMove(let p),
            .beginMove(let p),
            .updateMove(let p):
            text += ", \"point\": \(point(p))"
        case .pinch(let p, let scale, let steps):
            text += ", \"point\": \(point(p)), \"scale\": \(JSONLayoutWriter.number(scale)), \"steps\": \(steps)"
        case .drag(let from, let to): text += ", \"from\": \(point(from)), \"to\": \(point(to))"
        case .scroll(let to): text += ", \"offset\": \(point(to))"
        case .fling(let velocity): text += ", \"velocity\": \(point(velocity))"
        case .scrollSection(let section, let offset):
            text += ", \"section\": \(section), \"offset\": \(JSONLayoutWriter.number(offset))"
        case .setBounds(let size):
            text +=
                ", \"width\": \(JSONLayoutWriter.number(size.width)), \"height\": \(JSONLayoutWriter.number(size.height))"
        case .reloadData, .endMove, .cancelMove, .finishTransition, .cancelTransition: break
        case .beginTransition(let layout, let transition):
            text += ", \"layout\": \(JSONLayoutWriter.string(layout))"
            if let transition { text += ", \"transition\": \(JSONLayoutWriter.string(transition))" }
        case .setTransitionProgress(let progress): text += ", \"progress\": \(JSONLayoutWriter.number(progress))"
        case .updateAnimatedValue(let key, let value):
            text += ", \"key\": \(JSONLayoutWriter.string(key)), \"value\": \(JSONLayoutWriter.value(value))"
        case .setState(let key, let value):
            text += ", \"key\": \(JSONLayoutWriter.string(key)), \"value\": \(JSONLayoutWriter.value(value ?? .null))"
        case .batchUpdates(let batch):
            text += ", \"updates\": [" + batch.collectionUpdates().map(update).joined(separator: ", ") + "]"
        case .wait(let seconds): text += ", \"seconds\": \(JSONLayoutWriter.number(seconds))"
        case .chooseMenuAction(let action): text += ", \"action\": \(JSONLayoutWriter.string(action))"
        }
        return text + "}"
    }

    static func update(_ u: CollectionUpdate) -> String {
        func target(_ t: CollectionUpdate.Target?) -> String {
            guard let t else { return "null" }
            return t.item.map { "[\(t.section), \($0)]" } ?? "[\(t.section)]"
        }
        return "{\"action\": \"\(u.action.rawValue)\", \"before\": \(target(u.before)), \"after\": \(target(u.after))}"
    }

    static func logEntry(_ entry: CollectionViewEvent) -> String {
        switch entry {
        case .delegateCall(let name, let indexPath, let result):
            return "{\"type\": \"delegateCall\", \"name\": \"\(name)\", \"indexPath\": \(path(indexPath))"
                + (result.map { ", \"result\": \($0)" } ?? "") + "}"
        case .stateChange(let key, let old, let new):
            return
                "{\"type\": \"stateChange\", \"key\": \(JSONLayoutWriter.string(key)), \"old\": \(JSONLayoutWriter.value(old ?? .null)), \"new\": \(JSONLayoutWriter.value(new ?? .null))}"
        case .prepare(let reason):
            return "{\"type\": \"prepare\", \"reason\": \(JSONLayoutWriter.string(reason))}"
        case .boundsChange(let from, let to, let invalidated):
            return
                "{\"type\": \"boundsChange\", \"from\": \(JSONLayoutWriter.rect(from)), \"to\": \(JSONLayoutWriter.rect(to)), \"invalidated\": \(invalidated)}"
        case .fling(let velocity, let proposed, let target, let duration):
            return
                "{\"type\": \"fling\", \"velocity\": \(point(velocity)), \"proposed\": \(point(proposed)), \"target\": \(point(target)), \"duration\": \(JSONLayoutWriter.number(duration))}"
        case .sectionScroll(let section, let from, let to):
            return
                "{\"type\": \"sectionScroll\", \"section\": \(section), \"from\": \(JSONLayoutWriter.number(from)), \"to\": \(JSONLayoutWriter.number(to))}"
        case .sectionFling(let section, let velocity, let proposed, let target, let duration):
            return
                "{\"type\": \"sectionFling\", \"section\": \(section), \"velocity\": \(JSONLayoutWriter.number(velocity)), \"proposed\": \(JSONLayoutWriter.number(proposed)), \"target\": \(JSONLayoutWriter.number(target)), \"duration\": \(JSONLayoutWriter.number(duration))}"
        case .animatedChange(let plan, let duration):
            let planText = JSONPlanWriter.string(plan).splitLines().filter { !$0.isEmpty }.joined(
                separator: "\n        ")
            return
                "{\"type\": \"animatedChange\", \"duration\": \(JSONLayoutWriter.number(duration)), \"plan\": \(planText)}"
        case .batchUpdate(let plan):
            let planText = JSONPlanWriter.string(plan).splitLines().filter { !$0.isEmpty }.joined(
                separator: "\n        ")
            return "{\"type\": \"batchUpdate\", \"plan\": \(planText)}"
        case .transition(let action, let progress):
            return
                "{\"type\": \"transition\", \"action\": \"\(action)\", \"progress\": \(JSONLayoutWriter.number(progress))}"
        case .select(let p): return "{\"type\": \"select\", \"indexPath\": \(path(p))}"
        case .deselect(let p): return "{\"type\": \"deselect\", \"indexPath\": \(path(p))}"
        case .highlight(let p): return "{\"type\": \"highlight\", \"indexPath\": \(path(p))}"
        case .unhighlight(let p): return "{\"type\": \"unhighlight\", \"indexPath\": \(path(p))}"
        case .editMenu(let p, let actions):
            return "{\"type\": \"editMenu\", \"indexPath\": \(path(p)), \"actions\": "
                + (actions.map { "[" + $0.map(JSONLayoutWriter.string).joined(separator: ", ") + "]" } ?? "null") + "}"
        case .refreshing(let on): return "{\"type\": \"refreshing\", \"on\": \(on)}"
        case .springBack(let from, let to):
            return "{\"type\": \"springBack\", \"from\": \(point(from)), \"to\": \(point(to))}"
        }
    }

    static func step(_ step: TimelineStep, index: Int) -> String {
        var text =
            "    {\"index\": \(index), \"line\": \(step.line), \"time\": \(JSONLayoutWriter.number(step.time)),\n"
        text += "     \"event\": \(event(step.event)),\n"
        text += "     \"log\": ["
        text += step.log.isEmpty ? "" : "\n      " + step.log.map(logEntry).joined(separator: ",\n      ") + "\n     "
        text += "],\n"
        text +=
            "     \"contentOffset\": \(point(step.contentOffset)), \"selected\": ["
            + step.selected.map(path).joined(separator: ", ")
        text += "], \"highlighted\": [" + step.highlighted.map(path).joined(separator: ", ") + "],\n"
        text += "     \"state\": \(JSONLayoutWriter.value(.object(step.state))),\n"
        if let menu = step.menu {
            text +=
                "     \"menu\": {\"indexPath\": \(path(menu.indexPath)), \"actions\": ["
                + menu.actions.map(JSONLayoutWriter.string).joined(separator: ", ") + "]},\n"
        }
        let layout = JSONLayoutWriter.string(step.snapshot).splitLines().filter { !$0.isEmpty }.joined(
            separator: "\n     ")
        text += "     \"layout\": \(layout)}"
        return text
    }
}
