import LayoutEngine
import LayoutOutput
import Platform

/// The timeline as a self-contained page (`simulate --format html`): a list of the steps (the
/// event, the delegate calls in order, state changes) beside a picture of the viewport after
/// each step, drawn by `run`'s SVG code (looping animations play), with prev/next buttons and
/// the arrow keys. A step with an animated update also embeds `update`'s page, which plays it.
package struct HTMLTimelineWriter: TimelineWriter {
    package var options: SVGLayoutWriter.Options

    package init(options: SVGLayoutWriter.Options = .init(width: 560, viewportOnly: true)) {
        self.options = options
    }

    package func write(_ document: TimelineDocument, to output: inout any TextOutputStream) {
        let outcome = document.outcome
        let steps = outcome.timeline.steps
        let title = "\(document.scenarioPath) on \(document.layoutPath)"
        output.write(
            HTMLPage.head(
                title: "\(Self.escape(title)) — LuaLayout timeline", heading: Self.escape(title), look: .panels,
                rules: Self.rules))
        let failed = outcome.failedChecks.count
        output.write(
            "<p id=\"result\" class=\"\(outcome.passed ? "passed" : "failed")\">\(outcome.passed ? "passed" : "failed") · "
                + "\(outcome.checks.count - failed) of \(outcome.checks.count) expectations met</p>\n")
        if !outcome.checks.isEmpty {
            output.write("<ul id=\"checks\">\n")
            for check in outcome.checks {
                output.write(
                    "  <li class=\"\(check.passed ? "passed" : "failed")\">line \(check.line): \(Self.escape(check.message))</li>\n"
                )
            }
            output.write("</ul>\n")
        }
        output.write(
            """
            <div id="controls"><button id="prev">◀ Prev</button><span id="position"></span><button id="next">Next ▶</button></div>
            <div id="main">
            <ol id="steps">

            """)
        for (index, step) in steps.enumerated() {
            output.write(
                "  <li data-step=\"\(index)\"><b>#\(index)</b>\(step.line > 0 ? " line \(step.line)" : "") · \(Self.escape(Self.describe(step.event)))"
            )
            if !step.callNames.isEmpty {
                output.write("<div class=\"calls\">\(Self.escape(step.callNames.joined(separator: "\n")))</div>")
            }
            let notes = Self.notes(step)
            if !notes.isEmpty {
                output.write("<div class=\"state\">\(Self.escape(notes.joined(separator: "\n")))</div>")
            }
            output.write("</li>\n")
        }
        output.write("</ol>\n<div id=\"pictures\">\n")
        for (index, step) in steps.enumerated() {
            let paths = { (list: [LayoutIndexPath]) in list.map { "\($0.section),\($0.item)" }.joined(separator: " ") }
            output.write(
                "<section class=\"picture\" data-step=\"\(index)\" data-selected=\"\(paths(step.selected))\" "
                    + "data-highlighted=\"\(paths(step.highlighted))\" hidden>\n")
            let o = step.contentOffset
            output.write(
                "<p>offset \(NumberFormatting.rounded(o.x)),\(NumberFormatting.rounded(o.y)) · selected [\(Self.escape(paths(step.selected)))] · "
                    + "highlighted [\(Self.escape(paths(step.highlighted)))] · state \(Self.escape(JSONLayoutWriter.value(.object(step.state))))</p>\n"
            )
            output.write(SVGLayoutWriter.string(step.snapshot, options: options))
            for plan in step.animations {
                // The update page, as `lualayout update --format html` draws and plays it.
                var page = ""
                HTMLPlanWriter.write(plan, title: "step \(index): animated update", options: options, to: &page)
                output.write(
                    "<iframe class=\"update\" title=\"animated update\" srcdoc=\"\(Self.escape(page))\"></iframe>\n")
            }
            for change in step.animatedChanges {
                // An animated state change, played as an update is.
                var page = ""
                HTMLPlanWriter.write(
                    change.plan,
                    title: "step \(index): state change animated over \(NumberFormatting.rounded(change.duration)) s",
                    options: options, to: &page)
                output.write(
                    "<iframe class=\"update\" title=\"animated state change\" srcdoc=\"\(Self.escape(page))\"></iframe>\n"
                )
            }
            output.write("</section>\n")
        }
        output.write("</div>\n</div>\n<script>\n\(Self.script)</script>\n" + HTMLPage.end)
    }

    package static func string(
        _ document: TimelineDocument, options: SVGLayoutWriter.Options = .init(width: 560, viewportOnly: true)
    ) -> String {
        var stream: any TextOutputStream = ""
        HTMLTimelineWriter(options: options).write(document, to: &stream)
        return stream as! String
    }

    /// The event in words: `tap at 100,200`, `drag 400,300 → 100,300`, `setState deletionMode = true`.
    static func describe(_ event: TimelineEvent) -> String {
        let p = { (point: Point) in "\(NumberFormatting.rounded(point.x)),\(NumberFormatting.rounded(point.y))" }
        switch event {
        case .start: return "start"
        case .tap(let at), .doubleTap(let at), .longPress(let at), .touchDown(let at), .touchMove(let at),
            .touchUp(let at),
            .beginMove(let at), .updateMove(let at):
            return "\(event.name) at \(p(at))"
        case .pinch(let at, let scale, let steps):
            return "pinch at \(p(at)) × \(NumberFormatting.rounded(scale)) in \(steps) steps"
        case .drag(let from, let to): return "drag \(p(from)) → \(p(to))"
        case .scroll(let to): return "scroll to \(p(to))"
        case .fling(let velocity): return "fling \(p(velocity)) pt/ms"
        case .scrollSection(let section, let offset):
            return "scrollSection \(section) to \(NumberFormatting.rounded(offset))"
        case .setBounds(let size):
            return "setBounds \(NumberFormatting.rounded(size.width))×\(NumberFormatting.rounded(size.height))"
        case .reloadData, .endMove, .cancelMove, .finishTransition, .cancelTransition: return event.name
        case .beginTransition(let layout, let transition):
            return "beginTransition to \(layout)" + (transition.map { " with \($0)" } ?? "")
        case .setTransitionProgress(let progress): return "transition progress \(NumberFormatting.rounded(progress))"
        case .updateAnimatedValue(let key, let value): return "animated \(key) = \(JSONLayoutWriter.value(value))"
        case .setState(let key, let value): return "setState \(key) = \(value.map(JSONLayoutWriter.value) ?? "nil")"
        case .batchUpdates(let batch):
            return "performBatchUpdates "
                + batch.collectionUpdates().map { u in
                    let target = u.before ?? u.after
                    return "\(u.action.rawValue) "
                        + (target.map { t in t.item.map { "[\(t.section), \($0)]" } ?? "[\(t.section)]" } ?? "")
                }.joined(separator: ", ")
        case .wait(let seconds): return "wait \(NumberFormatting.rounded(seconds)) s"
        case .chooseMenuAction(let action): return "chooseMenuAction \(action)"
        }
    }

    /// What else the step did: state changes, prepares, flings' landing offsets, animated updates.
    package static func notes(_ step: TimelineStep) -> [String] {
        step.log.compactMap { entry in
            switch entry {
            case .stateChange(let key, let old, let new):
                return
                    "state \(key): \(old.map(JSONLayoutWriter.value) ?? "nil") → \(new.map(JSONLayoutWriter.value) ?? "nil")"
            case .prepare(let reason): return "prepare (\(reason))"
            case .fling(_, _, let target, _):
                return "fling lands at \(NumberFormatting.rounded(target.x)),\(NumberFormatting.rounded(target.y))"
            case .sectionScroll(let section, _, let to):
                return "section \(section) scrolled to \(NumberFormatting.rounded(to))"
            case .sectionFling(let section, _, _, let target, _):
                return "section \(section) fling lands at \(NumberFormatting.rounded(target))"
            case .animatedChange(let plan, let duration):
                return
                    "animated change of \(plan.entries.filter { $0.from != $0.to }.count) elements over \(NumberFormatting.rounded(duration)) s"
            case .batchUpdate(let plan): return "animated update of \(plan.entries.count) elements"
            case .transition(let action, let progress) where action != "progress":
                return "transition \(action) (progress \(NumberFormatting.rounded(progress)))"
            case .editMenu(let path, let actions?):
                return "edit menu on [\(path.section), \(path.item)]: \(actions.joined(separator: ", "))"
            case .editMenu: return "edit menu closed"
            case .refreshing(let on):
                return on ? "refreshing: the top inset grows by the refresh control's 60 points" : "refreshing ended"
            case .springBack(let from, let to):
                return
                    "springs back from \(NumberFormatting.rounded(from.x)),\(NumberFormatting.rounded(from.y)) to \(NumberFormatting.rounded(to.x)),\(NumberFormatting.rounded(to.y))"
            default: return nil
            }
        }
    }

    static func escape(_ text: String) -> String { SVGLayoutWriter.escape(text) }

    /// The timeline's own style rules (the shell gives the font, margins and heading).
    static let rules =
        [
            ".passed { color: #0a7d34; } .failed { color: #b00020; }",
            "#controls { margin: 10px 0; display: flex; gap: 10px; align-items: center; }",
            "#main { display: flex; gap: 16px; align-items: flex-start; }",
            "#steps { list-style: none; padding: 0; margin: 0; width: 380px; max-height: 80vh; overflow: auto; font-size: 13px; }",
            "#steps li { padding: 6px 8px; border-left: 3px solid transparent; cursor: pointer; }",
            "#steps li.current { background: #eef4ff; border-left-color: #4f8ef7; }",
            ".calls, .state { color: #555; font-family: Menlo, monospace; font-size: 11px; white-space: pre-wrap; }",
            ".picture svg { max-width: 100%; height: auto; border: 1px solid #eee; }",
            ".picture iframe { width: 100%; height: 720px; border: 1px solid #eee; }",
        ]

    /// Shows one step at a time: the list item and its picture (which marks selection and highlight).
    static let script = """
        const items = Array.from(document.querySelectorAll('#steps li'));
        const pictures = Array.from(document.querySelectorAll('.picture'));
        let current = 0;
        function show(index) {
          current = Math.max(0, Math.min(items.length - 1, index));
          items.forEach((li, i) => li.classList.toggle('current', i === current));
          pictures.forEach((p, i) => p.hidden = i !== current);
          items[current].scrollIntoView({ block: 'nearest' });
          document.getElementById('position').textContent = 'step ' + current + ' of ' + (items.length - 1);
          document.body.dataset.step = String(current);
          history.replaceState(null, '', '#step-' + current);
        }
        document.getElementById('prev').addEventListener('click', () => show(current - 1));
        document.getElementById('next').addEventListener('click', () => show(current + 1));
        items.forEach((li, i) => li.addEventListener('click', () => show(i)));
        document.addEventListener('keydown', e => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { e.preventDefault(); show(current - 1); }
          if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { e.preventDefault(); show(current + 1); }
        });
        const start = /^#step-(\\d+)$/.exec(location.hash);
        show(start ? Number(start[1]) : 0);

        """
}
