import LayoutOutput

/// The live preview page: the current viewport as SVG, refreshed on every save (WebSocket),
/// errors shown in place, and interactive: click, press and hold, drag and wheel become taps,
/// long presses, pans with flings and scrolls the server's simulator runs (rect-query hooks and
/// the controller's callbacks apply), with selection, highlight and state shown.
enum PreviewPage {
    static let html =
        HTMLPage.head(
            title: "LuaLayout preview", heading: "LuaLayout preview", look: .preview,
            rules: [
                "#status { margin: 6px 0 10px; font-size: 13px; color: #555; }",
                "#error { display: none; white-space: pre-wrap; background: #fde8ec; color: #8a1030; border: 1px solid #e0245e; "
                    + "padding: 10px; margin: 0 0 10px; font-family: Menlo, monospace; font-size: 12px; }",
                "#controls button { margin-right: 4px; }",
                "#stage svg { max-width: 100%; height: auto; border: 1px solid #eee; touch-action: none; user-select: none; }",
                "#stage { display: inline-block; }",
                "#interaction { font-size: 12px; color: #444; margin: 6px 0; font-family: Menlo, monospace; white-space: pre-wrap; }",
            ] + HTMLPage.selectionRules) + body + HTMLPage.end

    /// The page's body: status, error, controls, the picture, and the script that drives them.
    static let body = """
        <div id="status">connecting…</div>
        <div id="error"></div>
        <div id="controls">
          <button data-dx="0" data-dy="-1">▲</button><button data-dx="0" data-dy="1">▼</button>
          <button data-dx="-1" data-dy="0">◀</button><button data-dx="1" data-dy="0">▶</button>
          <button id="reset" title="forget the gestures (keep the offset)">Reset</button>
          <span id="offset"></span>
        </div>
        <div id="interaction"></div>
        <div id="stage"></div>
        <div id="animation"></div>
        <script>
        // Click = tap, press and hold = long press, drag = pan (a fling on a quick release), wheel,
        // keys and buttons scroll. Every gesture joins this page's log, which the server replays on
        // a fresh simulation each time (the layout's hooks and the --controller's callbacks run
        // there): the session is the log, kept by this page alone, with the offset in its URL.
        let state = null, latest = null, rendered = 0, log = [], pending = null, busy = false, again = false;
        const stage = document.getElementById('stage');
        const params = new URLSearchParams(location.search);
        const start = (params.get('offset') || '').split(',').map(Number);
        if (start.length === 2 && start.every(Number.isFinite)) log.push('s:' + start[0] + ',' + start[1]);
        const r2 = v => Math.round(v * 100) / 100;
        async function render() {
          if (!state) return;
          if (busy) { again = true; return; }
          busy = true;
          try {
            const text = log.concat(pending ? [pending] : []).join(';');
            const response = await fetch('/interact?log=' + encodeURIComponent(text));
            const panel = document.getElementById('interaction');
            if (!response.ok) {
              panel.textContent = 'gesture failed: ' + await response.text();
              document.body.dataset.interactionError = '1';
            } else {
              document.body.dataset.interactionError = '0';
              apply(await response.json());
            }
          } catch (e) {
          } finally {
            busy = false;
            if (again) { again = false; render(); }
          }
        }
        function apply(reply) {
          latest = reply;
          stage.innerHTML = reply.svg;
          const paths = list => list.map(p => p[0] + ',' + p[1]);
          const selected = paths(reply.selected), highlighted = paths(reply.highlighted);
          stage.querySelectorAll('g[data-index-path]').forEach(g => {
            const isCell = g.dataset.kind === undefined;
            g.classList.toggle('is-selected', isCell && selected.includes(g.dataset.indexPath));
            g.classList.toggle('is-highlighted', isCell && highlighted.includes(g.dataset.indexPath));
          });
          rendered += 1;
          const o = reply.offset;
          document.body.dataset.rendered = String(rendered);
          document.body.dataset.elements = String(stage.querySelectorAll('g[data-index-path]').length);
          document.body.dataset.offset = o.x + ',' + o.y;
          document.body.dataset.total = String(reply.total);
          document.body.dataset.selected = selected.join(' ');
          document.body.dataset.state = JSON.stringify(reply.state);
          document.body.dataset.gestures = String(log.length);
          document.getElementById('offset').textContent = 'offset ' + reply.offsetText;
          document.getElementById('interaction').textContent = 'selected [' + selected.join(' ') + '] · highlighted ['
            + highlighted.join(' ') + '] · state ' + JSON.stringify(reply.state)
            + (reply.calls.length ? '\\n' + reply.calls.join('\\n') : '');
          // An animated state change plays below the picture (the timeline's player).
          const animation = document.getElementById('animation');
          animation.innerHTML = '';
          (reply.animations || []).forEach(page => {
            const frame = document.createElement('iframe');
            frame.className = 'animation';
            frame.title = 'animated state change';
            frame.style.cssText = 'width: 100%; height: 520px; border: 1px solid #eee;';
            frame.srcdoc = page;
            animation.appendChild(frame);
          });
          document.body.dataset.animations = String((reply.animations || []).length);
          history.replaceState(null, '', '?offset=' + o.x + ',' + o.y);
        }
        function show(next) {
          state = next;
          document.body.dataset.version = String(state.version);
          const error = document.getElementById('error');
          error.style.display = state.error ? 'block' : 'none';
          error.textContent = state.error ? state.error + '\\n(showing the last good layout)' : '';
          document.getElementById('status').textContent = 'run ' + state.version + ': ' + (state.summary || '');
          render();
        }
        // Scrolls replace a trailing scroll in the log, so wheeling does not grow it.
        function scrollBy(dx, dy) {
          if (!latest) return;
          const x = r2(latest.offset.x + dx), y = r2(latest.offset.y + dy);
          if (log.length && log[log.length - 1].startsWith('s:')) log.pop();
          log.push('s:' + x + ',' + y);
          latest.offset = { x, y };
          render();
        }
        // Client coordinates → viewport points (the picture's scale and margins undone).
        function viewportPoint(e, clamp) {
          const svg = stage.querySelector('svg');
          if (!svg || !latest) return null;
          const p = svg.createSVGPoint();
          p.x = e.clientX; p.y = e.clientY;
          const q = p.matrixTransform(svg.getScreenCTM().inverse());
          let x = q.x - latest.offset.x, y = q.y - latest.offset.y;
          const w = latest.bounds.width, h = latest.bounds.height;
          if (clamp) { x = Math.min(Math.max(0, x), w - 0.01); y = Math.min(Math.max(0, y), h - 0.01); }
          else if (x < 0 || y < 0 || x >= w || y >= h) return null;
          return { x: r2(x), y: r2(y) };
        }
        let press = null;
        stage.addEventListener('pointerdown', e => {
          const p = viewportPoint(e, false);
          if (!p || e.button !== 0) return;
          e.preventDefault();
          stage.setPointerCapture(e.pointerId);
          press = { start: p, x: e.clientX, y: e.clientY, samples: [{ t: e.timeStamp, p }], long: false, dragging: false };
          // UIKit's long press: 0.5 s without moving.
          press.timer = setTimeout(() => {
            if (!press || press.dragging) return;
            press.long = true;
            pending = null;
            log.push('l:' + p.x + ',' + p.y);
            render();
          }, 500);
          pending = 'h:' + p.x + ',' + p.y;
          render();
        });
        stage.addEventListener('pointermove', e => {
          if (!press) return;
          press.samples.push({ t: e.timeStamp, p: viewportPoint(e, true) });
          if (press.samples.length > 5) press.samples.shift();
          if (!press.dragging && !press.long && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 8) {
            press.dragging = true;
            clearTimeout(press.timer);
            pending = null;
          }
        });
        function release(e, cancelled) {
          if (!press) return;
          const current = press;
          press = null;
          clearTimeout(current.timer);
          pending = null;
          if (current.long || cancelled) { render(); return; }
          if (current.dragging) {
            const end = viewportPoint(e, true), s = current.start;
            log.push('d:' + s.x + ',' + s.y + ',' + end.x + ',' + end.y);
            // The fling's velocity from the last samples (points/ms; the content moves against
            // the finger); a release after holding still has none.
            const a = current.samples[0], dt = Math.max(e.timeStamp - a.t, 16);
            const vx = r2(-(end.x - a.p.x) / dt), vy = r2(-(end.y - a.p.y) / dt);
            if (Math.hypot(vx, vy) >= 0.05) log.push('f:' + vx + ',' + vy);
          } else {
            log.push('t:' + current.start.x + ',' + current.start.y);
          }
          render();
        }
        stage.addEventListener('pointerup', e => release(e, false));
        stage.addEventListener('pointercancel', e => release(e, true));
        document.querySelectorAll('#controls button[data-dx]').forEach(b => b.addEventListener('click', () => {
          if (latest) scrollBy(Number(b.dataset.dx) * latest.bounds.width / 2, Number(b.dataset.dy) * latest.bounds.height / 2);
        }));
        document.getElementById('reset').addEventListener('click', () => {
          log = latest ? ['s:' + latest.offset.x + ',' + latest.offset.y] : [];
          render();
        });
        stage.addEventListener('wheel', e => { e.preventDefault(); scrollBy(e.deltaX, e.deltaY); }, { passive: false });
        document.addEventListener('keydown', e => {
          const step = { ArrowUp: [0, -40], ArrowDown: [0, 40], ArrowLeft: [-40, 0], ArrowRight: [40, 0] }[e.key];
          if (step) scrollBy(step[0], step[1]);
        });
        fetch('/state').then(r => r.json()).then(show);
        function connect() {
          const socket = new WebSocket('ws://' + location.host + '/socket');
          socket.onmessage = e => show(JSON.parse(e.data));
          socket.onclose = () => setTimeout(connect, 1000);
        }
        connect();
        </script>

        """
}
