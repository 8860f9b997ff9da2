import Foundation
import LayoutEngine

/// The animation plan as JSON: the updates, both content sizes, and every element's change
/// with its from/to attributes (element objects as in `run`'s output).
public enum JSONPlanWriter {
    public static func write(_ plan: AnimationPlan, progress: Double? = nil, to output: inout some TextOutputStream) {
        output.write("{\n  \"bounds\": \(JSONLayoutWriter.rect(plan.bounds)),\n")
        output.write("  \"contentSizeBefore\": \(size(plan.contentSizeBefore)),\n")
        output.write("  \"contentSizeAfter\": \(size(plan.contentSizeAfter)),\n")
        output.write("  \"updates\": [" + plan.updates.map(update).joined(separator: ", ") + "],\n")
        if let progress {
            output.write("  \"progress\": \(JSONLayoutWriter.number(progress)),\n")
            let elements = plan.attributes(at: progress).map(JSONLayoutWriter.element)
            output.write("  \"elementsAtProgress\": [\n    " + elements.joined(separator: ",\n    ") + "\n  ],\n")
        }
        let entries = plan.entries.sorted(by: order)
        if entries.isEmpty {
            output.write("  \"elements\": []\n}\n")
            return
        }
        output.write("  \"elements\": [\n")
        for (position, entry) in entries.enumerated() {
            output.write("    " + self.entry(entry) + (position == entries.count - 1 ? "\n" : ",\n"))
        }
        output.write("  ]\n}\n")
    }

    public static func string(_ plan: AnimationPlan, progress: Double? = nil) -> String {
        var text = ""
        write(plan, progress: progress, to: &text)
        return text
    }

    /// Output order: category, kind, then the index path after the update (before it for
    /// disappearing elements), appearing before disappearing.
    static func order(_ a: AnimationPlan.Entry, _ b: AnimationPlan.Entry) -> Bool {
        func key(_ e: AnimationPlan.Entry) -> (UInt8, String, Int, Int, Int) {
            let path = e.indexPathAfter ?? e.indexPathBefore ?? LayoutIndexPath(0, 0)
            return (e.category.rawValue, e.kind, path.section, path.item, e.indexPathAfter == nil ? 1 : 0)
        }
        return key(a) < key(b)
    }

    static func entry(_ e: AnimationPlan.Entry) -> String {
        var text = "{\"change\": \"\(e.change.rawValue)\", \"category\": \"\(e.category.name)\""
        if e.category != .cell { text += ", \"kind\": \(JSONLayoutWriter.string(e.kind))" }
        text += ", \"indexPathBefore\": \(path(e.indexPathBefore)), \"indexPathAfter\": \(path(e.indexPathAfter))"
        text += ", \"from\": \(JSONLayoutWriter.element(e.from)), \"to\": \(JSONLayoutWriter.element(e.to))}"
        return text
    }

    static func update(_ u: CollectionUpdate) -> String {
        func target(_ t: CollectionUpdate.Target?) -> String {
            guard let t else { return "null" }
            return t.item.map { "[\(t.section), \($0)]" } ?? "[\(t.section)]"
        }
        return "{\"updateAction\": \"\(u.action.rawValue)\", \"indexPathBeforeUpdate\": \(target(u.before)), \"indexPathAfterUpdate\": \(target(u.after))}"
    }

    static func path(_ p: LayoutIndexPath?) -> String { p.map { "[\($0.section), \($0.item)]" } ?? "null" }
    static func size(_ s: Size) -> String {
        "{\"width\": \(JSONLayoutWriter.number(s.width)), \"height\": \(JSONLayoutWriter.number(s.height))}"
    }
}

/// A self-contained page that plays the update animation and lets the viewer scrub it.
/// Every element is a positioned box; frames, alpha and transforms are interpolated in the
/// page exactly as `AnimationPlan.Entry.attributes(at:)` does.
public enum HTMLPlanWriter {
    public static func write(_ plan: AnimationPlan, title: String, to output: inout some TextOutputStream) {
        let data = JSONPlanWriter.string(plan).replacingOccurrences(of: "</", with: "<\\/")
        output.write("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(SVGLayoutWriter.escape(title)) — LuaLayout update</title>
            <style>
              body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
              h1 { font-size: 18px; margin: 0 0 8px; }
              #controls { margin: 8px 0 12px; display: flex; gap: 12px; align-items: center; }
              #stage { position: relative; background: #fafafa; border: 1px solid #ccc; overflow: hidden; }
              .element { position: absolute; box-sizing: border-box; display: flex; align-items: center;
                         justify-content: center; font-size: 12px; color: #fff; transform-origin: 50% 50%; }
              .cell { background: #4f8ef7; border: 1px solid #1f4fa8; }
              .supplementary { background: #f5a623; border: 1px solid #a86a00; }
              .decoration { background: #c8c8c8; border: 1px dashed #7a7a7a; color: #444; }
              .viewport { position: absolute; border: 2px dashed #e0245e; pointer-events: none; box-sizing: border-box; }
            </style>
            </head>
            <body>
            <h1>\(SVGLayoutWriter.escape(title))</h1>
            <div id="controls">
              <button id="play">Pause</button>
              <input id="progress" type="range" min="0" max="1000" value="0" style="width: 320px">
              <span id="label">t = 0.00</span>
              <span id="summary"></span>
            </div>
            <div id="stage"></div>
            <script id="plan" type="application/json">
            \(data)</script>
            <script>
            const plan = JSON.parse(document.getElementById('plan').textContent);
            const stage = document.getElementById('stage');
            const size = {
              width: Math.max(plan.contentSizeBefore.width, plan.contentSizeAfter.width, plan.bounds.x + plan.bounds.width),
              height: Math.max(plan.contentSizeBefore.height, plan.contentSizeAfter.height, plan.bounds.y + plan.bounds.height)
            };
            const scale = Math.min(1, 900 / Math.max(size.width, 1));
            stage.style.width = (size.width * scale) + 'px';
            stage.style.height = (size.height * scale) + 'px';
            const counts = {};
            plan.elements.forEach(e => counts[e.change] = (counts[e.change] || 0) + 1);
            document.getElementById('summary').textContent = Object.entries(counts).map(([k, v]) => v + ' ' + k).join(' · ');
            const boxes = plan.elements.map(e => {
              const box = document.createElement('div');
              box.className = 'element ' + e.category;
              box.dataset.change = e.change;
              const path = e.indexPathAfter || e.indexPathBefore;
              box.textContent = (e.kind ? e.kind + ' ' : '') + path.join('.');
              stage.appendChild(box);
              return box;
            });
            const viewport = document.createElement('div');
            viewport.className = 'viewport';
            Object.assign(viewport.style, {
              left: plan.bounds.x * scale + 'px', top: plan.bounds.y * scale + 'px',
              width: plan.bounds.width * scale + 'px', height: plan.bounds.height * scale + 'px'
            });
            stage.appendChild(viewport);
            const mix = (a, b, t) => t === 0 ? a : t === 1 ? b : a + (b - a) * t;
            function render(t) {
              plan.elements.forEach((e, i) => {
                const a = e.from, b = e.to, box = boxes[i];
                const f = ['x', 'y', 'width', 'height'].map(k => mix(a.frame[k], b.frame[k], t) * scale);
                const alpha = mix(a.alpha, b.alpha, t);
                const hidden = t === 0 ? a.hidden : t === 1 ? b.hidden : (a.hidden && b.hidden);
                Object.assign(box.style, { left: f[0] + 'px', top: f[1] + 'px', width: f[2] + 'px', height: f[3] + 'px',
                  opacity: alpha, zIndex: String(t === 0 ? a.zIndex : b.zIndex), display: hidden ? 'none' : 'flex' });
                const m0 = a.transform3D, m1 = b.transform3D;
                if (m0 || m1) {
                  const id = [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1];
                  const m = (m0 || id).map((v, k) => mix(v, (m1 || id)[k], t));
                  for (const k of [12, 13, 14]) m[k] *= scale;
                  box.style.transform = 'matrix3d(' + m.join(',') + ')';
                } else {
                  box.style.transform = '';
                }
                box.dataset.visible = (!hidden && alpha > 0) ? '1' : '0';
              });
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
            </script>
            </body>
            </html>

            """)
    }
}
