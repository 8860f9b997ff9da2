import LayoutEngine

/// The animation plan as JSON: the updates, both content sizes, and every element's change
/// with its from/to attributes (element objects as in `run`'s output).
package enum JSONPlanWriter {
    /// Streams the entries through one byte buffer handed to `output` in large chunks (no
    /// String per element; the same text as the element objects of `run`).
    /// `elementsAtProgress`: the elements at `progress` as a custom transition bent them
    /// (default: the plan's linear interpolation).
    package static func write(
        _ plan: AnimationPlan, progress: Double? = nil, elementsAtProgress: [LayoutAttributes]? = nil,
        to output: inout some TextOutputStream
    ) {
        let bytes = OutputBytes()
        writeHead(
            bounds: plan.bounds, contentSizeBefore: plan.contentSizeBefore, contentSizeAfter: plan.contentSizeAfter,
            updates: plan.updates, to: bytes)
        if let progress {
            bytes.append("  \"progress\": ")
            JSONLayoutWriter.writeNumber(progress, to: bytes)
            bytes.append(",\n  \"elementsAtProgress\": [\n    ")
            for (position, element) in (elementsAtProgress ?? plan.attributes(at: progress)).enumerated() {
                if position > 0 { bytes.append(",\n    ") }
                JSONLayoutWriter.writeElement(element, to: bytes)
                bytes.flushIfFull(to: &output)
            }
            bytes.append("\n  ],\n")
        }
        let positions = ordered(plan.entries)
        if positions.isEmpty {
            bytes.append("  \"elements\": []\n}\n")
            bytes.flush(to: &output)
            return
        }
        bytes.append("  \"elements\": [\n")
        plan.entries.withUnsafeBufferPointer { entries in  // read in place: no copy of each entry
            for (position, index) in positions.enumerated() {
                bytes.append(position == 0 ? "    " : ",\n    ")
                writeEntry(entries[index], to: bytes)
                bytes.flushIfFull(to: &output)
            }
        }
        bytes.append("\n  ]\n}\n")
        bytes.flush(to: &output)
    }

    /// Everything before the elements: bounds, both content sizes and the updates.
    static func writeHead(
        bounds: Rect, contentSizeBefore: Size, contentSizeAfter: Size, updates: [CollectionUpdate],
        to bytes: OutputBytes
    ) {
        bytes.append("{\n  \"bounds\": ")
        JSONLayoutWriter.writeRect(bounds, to: bytes)
        bytes.append(",\n  \"contentSizeBefore\": ")
        JSONLayoutWriter.writeSize(contentSizeBefore, to: bytes)
        bytes.append(",\n  \"contentSizeAfter\": ")
        JSONLayoutWriter.writeSize(contentSizeAfter, to: bytes)
        bytes.append(",\n  \"updates\": [")
        bytes.append(text: updates.map(update).joined(separator: ", "))
        bytes.append("],\n")
    }

    package static func string(_ plan: AnimationPlan, progress: Double? = nil) -> String {
        var text = ""
        write(plan, progress: progress, to: &text)
        return text
    }

    /// Output order: category, kind, then the index path after the update (before it for
    /// disappearing elements), appearing before disappearing.
    /// Compares two entries read in place (fields only: an entry is large to copy).
    @inline(__always)
    private static func precedes(_ entries: UnsafeBufferPointer<AnimationPlan.Entry>, _ i: Int, _ j: Int) -> Bool {
        if entries[i].category != entries[j].category {
            return entries[i].category.rawValue < entries[j].category.rawValue
        }
        if entries[i].kind != entries[j].kind { return entries[i].kind < entries[j].kind }
        let pathA = entries[i].indexPathAfter ?? entries[i].indexPathBefore ?? LayoutIndexPath(0, 0)
        let pathB = entries[j].indexPathAfter ?? entries[j].indexPathBefore ?? LayoutIndexPath(0, 0)
        if pathA.section != pathB.section { return pathA.section < pathB.section }
        if pathA.item != pathB.item { return pathA.item < pathB.item }
        return entries[i].indexPathAfter != nil && entries[j].indexPathAfter == nil
    }

    /// The positions of the entries in output order. The planner lists the elements after the
    /// update in output order, then the disappearing ones in their old order: two sorted runs,
    /// merged in one pass; anything else (a hook reordering its list) is sorted.
    static func ordered(_ entries: [AnimationPlan.Entry]) -> [Int] {
        entries.withUnsafeBufferPointer { entries in
            func descends(_ position: Int) -> Bool { precedes(entries, position, position - 1) }
            guard let split = entries.indices.dropFirst().first(where: descends) else { return Array(entries.indices) }
            guard !entries.indices.dropFirst(split + 1).contains(where: descends) else {
                return entries.indices.sorted { precedes(entries, $0, $1) }
            }
            var merged: [Int] = []
            merged.reserveCapacity(entries.count)
            var left = 0, right = split
            while left < split && right < entries.count {
                if precedes(entries, right, left) {
                    merged.append(right)
                    right += 1
                } else {
                    merged.append(left)
                    left += 1
                }
            }
            merged.append(contentsOf: left..<split)
            merged.append(contentsOf: right..<entries.count)
            return merged
        }
    }

    static func entry(_ e: AnimationPlan.Entry) -> String {
        let bytes = OutputBytes(chunk: 512)
        writeEntry(e, to: bytes)
        return bytes.string
    }

    static func writeEntry(_ e: AnimationPlan.Entry, to bytes: OutputBytes) {
        bytes.append("{\"change\": \"")
        switch e.change {
        case .insert: bytes.append("insert")
        case .delete: bytes.append("delete")
        case .move: bytes.append("move")
        case .reload: bytes.append("reload")
        case .persist: bytes.append("persist")
        }
        switch e.category {
        case .cell: bytes.append("\", \"category\": \"cell\"")
        case .supplementary: bytes.append("\", \"category\": \"supplementary\", \"kind\": ")
        case .decoration: bytes.append("\", \"category\": \"decoration\", \"kind\": ")
        }
        if e.category != .cell { JSONLayoutWriter.writeString(e.kind, to: bytes) }
        bytes.append(", \"indexPathBefore\": ")
        writePath(e.indexPathBefore, to: bytes)
        bytes.append(", \"indexPathAfter\": ")
        writePath(e.indexPathAfter, to: bytes)
        bytes.append(", \"from\": ")
        JSONLayoutWriter.writeElement(e.from, to: bytes)
        bytes.append(", \"to\": ")
        JSONLayoutWriter.writeElement(e.to, to: bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    static func writePath(_ p: LayoutIndexPath?, to bytes: OutputBytes) {
        guard let p else { return bytes.append("null") }
        bytes.append(UInt8(ascii: "["))
        bytes.append(p.section)
        bytes.append(", ")
        bytes.append(p.item)
        for component in p.deeper {
            bytes.append(", ")
            bytes.append(component)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    static func update(_ u: CollectionUpdate) -> String {
        func target(_ t: CollectionUpdate.Target?) -> String {
            guard let t else { return "null" }
            return t.item.map { "[\(t.section), \($0)]" } ?? "[\(t.section)]"
        }
        return
            "{\"updateAction\": \"\(u.action.rawValue)\", \"indexPathBeforeUpdate\": \(target(u.before)), \"indexPathAfterUpdate\": \(target(u.after))}"
    }

    static func path(_ p: LayoutIndexPath?) -> String { p.map { "[\($0.section), \($0.item)]" } ?? "null" }
    static func size(_ s: Size) -> String {
        "{\"width\": \(JSONLayoutWriter.number(s.width)), \"height\": \(JSONLayoutWriter.number(s.height))}"
    }
}

/// A self-contained page that plays the update animation and lets the viewer scrub it.
/// The picture is drawn by the same code as `run`'s (`ElementDrawing`, zIndex order, negative
/// zIndex included) at the start of the animation; the page's script then moves each element
/// group, interpolating frames, alpha and transforms exactly as `AnimationPlan.Entry.attributes(at:)`
/// does, and each label's font between its two fitted sizes (so it never spills).
package enum HTMLPlanWriter {
    /// Every `</` as `<\/` (the same string to JSON), byte by byte, so nothing in the data can
    /// close the page's script element.
    static func escapingScriptEnds(_ json: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count)
        var previous: UInt8 = 0
        for byte in json.utf8 {
            if previous == UInt8(ascii: "<"), byte == UInt8(ascii: "/") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
            previous = byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `path`: a custom transition's bent path, sampled — `path[k]` holds every entry (in
    /// `plan.entries` order) at progress k / (path.count − 1); the page then plays and scrubs the
    /// frames and alphas piecewise linearly between the samples instead of the straight line.
    package static func write(
        _ plan: AnimationPlan, title: String, options: SVGLayoutWriter.Options, path: [[LayoutAttributes]]? = nil,
        to output: inout some TextOutputStream
    ) {
        let data = escapingScriptEnds(JSONPlanWriter.string(plan))
        let order = JSONPlanWriter.ordered(plan.entries)
        let entries = order.map { plan.entries[$0] }
        let escaped = SVGLayoutWriter.escape(title)
        output.write(
            HTMLPage.head(
                title: "\(escaped) — LuaLayout update", heading: escaped, look: .player,
                rules: [
                    "#controls { margin: 8px 0 12px; display: flex; gap: 12px; align-items: center; }",
                    "svg { max-width: 100%; height: auto; border: 1px solid #eee; }",
                ]))
        output.write(
            """
            <div id="controls">
              <button id="play">Pause</button>
              <input id="progress" type="range" min="0" max="1000" value="0" style="width: 320px">
              <span id="label">t = 0.00</span>
              <span id="summary"></span>
            </div>

            """)
        let sampled = path.flatMap { $0.count >= 2 ? $0 : nil }
        writePicture(
            plan, entries: entries, extraFrames: sampled.map { $0.flatMap { $0.map(\.frame) } } ?? [],
            options: options, to: &output)
        if let sampled {
            output.write("<script id=\"path\" type=\"application/json\">\n")
            output.write(pathJSON(sampled, order: order))
            output.write("</script>\n")
        }
        output.write(
            """
            <script id="plan" type="application/json">
            \(data)</script>
            <script>
            \(script)</script>

            """)
        output.write(HTMLPage.end)
    }

    /// `{"samples": N, "frames": [[[x, y, width, height, alpha], …N + 1 samples], …each element]}`,
    /// the elements in the page's order.
    static func pathJSON(_ samples: [[LayoutAttributes]], order: [Int]) -> String {
        let n = JSONLayoutWriter.number
        let elements = order.map { index in
            "["
                + samples.map { sample in
                    let a = sample[index]
                    return
                        "[\(n(a.frame.x)), \(n(a.frame.y)), \(n(a.frame.width)), \(n(a.frame.height)), \(n(a.alpha))]"
                }.joined(separator: ", ") + "]"
        }
        return "{\"samples\": \(samples.count - 1), \"frames\": [\n" + elements.joined(separator: ",\n") + "\n]}\n"
    }

    /// The SVG at t = 0: content, every element (hidden ones too, the script shows them when
    /// they appear), the viewport and a caption.
    static func writePicture(
        _ plan: AnimationPlan, entries: [AnimationPlan.Entry], extraFrames: [Rect] = [],
        options: SVGLayoutWriter.Options, to output: inout some TextOutputStream
    ) {
        let before = Rect(origin: .zero, size: plan.contentSizeBefore),
            after = Rect(origin: .zero, size: plan.contentSizeAfter)
        var area = before.union(after).union(plan.bounds)
        for entry in entries {
            for frame in [entry.from.frame, entry.to.frame] where frame.isFinite { area = area.union(frame) }
        }
        for frame in extraFrames where frame.isFinite { area = area.union(frame) }
        let geometry = SVGLayoutWriter.Geometry(area: area, options: options)
        let unit = geometry.unit, n = SVGLayoutWriter.n
        SVGLayoutWriter.writeHeader(geometry, id: "picture", to: &output)
        output.write(
            "  <rect class=\"content\" id=\"content\" x=\"0\" y=\"0\" width=\"\(n(before.width))\" height=\"\(n(before.height))\" stroke-width=\"\(n(unit))\"/>\n"
        )
        output.write("  <g id=\"elements\" data-min-font=\"\(n(ElementDrawing.minimumLabelPixels * unit))\">\n")
        let order = entries.indices.sorted { (entries[$0].from.zIndex, $0) < (entries[$1].from.zIndex, $1) }
        for index in order {
            let entry = entries[index]
            // Deleted elements keep their old label; the others show what they become.
            let shown = entry.change == .delete ? entry.from : entry.to
            let label = ElementDrawing.label(of: shown, field: options.labelField)
            let frames = ElementDrawing.frameText(entry.from.frame) + " → " + ElementDrawing.frameText(entry.to.frame)
            let tooltip = entry.change.rawValue + " · " + ElementDrawing.tooltip(shown, frameText: frames)
            ElementDrawing.write(
                entry.from, label: label, unit: unit,
                animation: .init(entry: index, end: entry.to, tooltip: tooltip), to: &output)
        }
        output.write("  </g>\n")
        output.write(LoopingAnimations.styleElement(for: entries.map(\.to)))
        SVGLayoutWriter.writeViewport(plan.bounds, unit: unit, to: &output)
        let size = { (s: Size) in "\(n(s.width))×\(n(s.height))" }
        let content =
            plan.contentSizeBefore == plan.contentSizeAfter
            ? size(plan.contentSizeAfter) : size(plan.contentSizeBefore) + " → " + size(plan.contentSizeAfter)
        let b = plan.bounds
        SVGLayoutWriter.writeCaption(
            "content \(content) · viewport \(n(b.width))×\(n(b.height)) at \(n(b.x)),\(n(b.y)) · \(entries.count) element\(entries.count == 1 ? "" : "s")",
            geometry, to: &output)
        output.write("</svg>\n")
    }

    /// Moves the drawn groups; `data-entry` is the element's position in `plan.elements`.
    static let script = """
        const plan = JSON.parse(document.getElementById('plan').textContent);
        const layer = document.getElementById('elements');
        const content = document.getElementById('content');
        const minFont = Number(layer.dataset.minFont);
        const counts = {};
        plan.elements.forEach(e => counts[e.change] = (counts[e.change] || 0) + 1);
        document.getElementById('summary').textContent = Object.entries(counts).map(([k, v]) => v + ' ' + k).join(' · ');
        const groups = [];
        layer.querySelectorAll('g[data-entry]').forEach(g => groups[Number(g.dataset.entry)] = g);
        const mix = (a, b, t) => t === 0 ? a : t === 1 ? b : a + (b - a) * t;
        // A custom transition's bent path: frames and alphas sampled at k / samples.
        const pathScript = document.getElementById('path');
        const path = pathScript ? JSON.parse(pathScript.textContent) : null;
        function sampled(i, t) {
          const s = t * path.samples, k = Math.min(path.samples - 1, Math.floor(s)), p = path.frames[i][k], q = path.frames[i][k + 1];
          return p.map((v, j) => mix(v, q[j], s - k));
        }
        const identity = [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1];
        // As SVGLayoutWriter.projectedCorners: p' = p · M around the centre, then the perspective divide.
        function project(x, y, m, cx, cy) {
          const px = x * m[0] + y * m[4] + m[12], py = x * m[1] + y * m[5] + m[13], pw = x * m[3] + y * m[7] + m[15];
          const w = Math.abs(pw) < 1e-9 ? 1e-9 : pw;
          return [cx + px / w, cy + py / w];
        }
        let order = '';
        function render(t) {
          const z = [];
          plan.elements.forEach((e, i) => {
            const a = e.from, b = e.to, g = groups[i];
            if (!g) return;
            const [x, y, w, h, alpha] = path ? sampled(i, t)
              : ['x', 'y', 'width', 'height'].map(k => mix(a.frame[k], b.frame[k], t)).concat([mix(a.alpha, b.alpha, t)]);
            const hidden = t === 0 ? a.hidden : t === 1 ? b.hidden : (a.hidden && b.hidden);
            g.setAttribute('opacity', String(Math.max(0, alpha)));
            g.style.display = hidden ? 'none' : '';
            g.dataset.visible = (!hidden && alpha > 0) ? '1' : '0';
            z.push([t === 0 ? a.zIndex : b.zIndex, i]);
            const shape = g.querySelector('rect, polygon'), text = g.querySelector('text');
            let cx = x + w / 2, cy = y + h / 2;
            if (shape.tagName === 'polygon') {
              const m = (a.transform3D || identity).map((v, k) => mix(v, (b.transform3D || identity)[k], t));
              const corners = [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]].map(([px, py]) => project(px, py, m, cx, cy));
              shape.setAttribute('points', corners.map(p => p.join(',')).join(' '));
              [cx, cy] = project(0, 0, m, cx, cy);
            } else {
              shape.setAttribute('x', x); shape.setAttribute('y', y);
              shape.setAttribute('width', Math.max(0, w)); shape.setAttribute('height', Math.max(0, h));
            }
            const [f0, f1] = text.dataset.font.split(' ').map(Number);
            const font = mix(f0, f1, t);
            text.setAttribute('x', cx); text.setAttribute('y', cy); text.setAttribute('font-size', font);
            text.style.display = font >= minFont ? '' : 'none';
          });
          // Re-stack only when the zIndex order changes (lower first, then plan order).
          z.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
          const key = z.map(p => p[1]).join(',');
          if (key !== order) { order = key; z.forEach(([, i]) => layer.appendChild(groups[i])); }
          content.setAttribute('width', mix(plan.contentSizeBefore.width, plan.contentSizeAfter.width, t));
          content.setAttribute('height', mix(plan.contentSizeBefore.height, plan.contentSizeAfter.height, t));
          document.getElementById('label').textContent = 't = ' + t.toFixed(2);
          document.body.dataset.progress = String(t);
        }
        const slider = document.getElementById('progress');
        const button = document.getElementById('play');
        let playing = !/[?&]t=/.test(location.search), start = null;
        const fixed = new URLSearchParams(location.search).get('t');
        function frame(now) {
          if (!playing) return;
          if (start === null) start = now;
          const cycle = ((now - start) / 1000) % 2;        // 1 s forward, 1 s holding the end
          const t = Math.min(1, cycle);
          slider.value = String(Math.round(t * 1000));
          render(t);
          requestAnimationFrame(frame);
        }
        slider.addEventListener('input', () => { playing = false; button.textContent = 'Play'; render(slider.value / 1000); });
        button.addEventListener('click', () => {
          playing = !playing; button.textContent = playing ? 'Pause' : 'Play';
          if (playing) { start = null; requestAnimationFrame(frame); }
        });
        if (fixed !== null) { button.textContent = 'Play'; slider.value = String(Math.round(Number(fixed) * 1000)); render(Number(fixed)); }
        else { render(0); requestAnimationFrame(frame); }

        """
}
