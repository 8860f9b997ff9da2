import LayoutOutput

/// The live preview page: the current viewport as SVG, refreshed on every save (WebSocket),
/// errors shown in place, and interactive: click, double click, press and hold, drag and wheel
/// become taps, double taps, long presses, pans with flings and scrolls; press and hold then
/// drag moves an item; Ctrl (or ⌘) + wheel or Shift + drag pinches. The server's simulator runs
/// them (rect-query hooks and the controller's callbacks apply), with selection, highlight and
/// state shown.
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
                "#help { font-size: 12px; color: #666; margin: 4px 0; }",
                "#menu { display: none; position: absolute; z-index: 2; background: #222; border-radius: 8px; padding: 4px; "
                    + "box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3); }",
                "#menu button { background: none; color: #fff; border: none; font-size: 13px; padding: 4px 10px; cursor: pointer; }",
                "#menu button:hover { background: #444; border-radius: 5px; }",
                // A fixed height: the picture never moves under the pointer as calls come and go.
                "#interaction { font-size: 12px; color: #444; margin: 6px 0; font-family: Menlo, monospace; white-space: pre-wrap; "
                    + "height: 7.5em; overflow-y: auto; }",
            ]) + body + HTMLPage.end

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
        <div id="help">Mouse: click = tap · double click = double tap · press and hold (½ s) or right click = long press
          (an edit menu shows its actions as buttons over the item: click one to choose it, click elsewhere to close it);
          hold, then drag = move the item (when the controller defines <code>moveItem</code>; release drops it,
          Esc puts it back) · drag = pan (a quick release flings; past an edge the content rubber-bands and springs back;
          pulled down past the top with a <code>refreshControl</code>, it refreshes) · wheel, arrow keys, ▲▼◀▶ = scroll ·
          pinch = <kbd>Ctrl</kbd> (or <kbd>⌘</kbd>) + wheel (up spreads; ends when the key is released, or
          a trackpad pinch stops) or <kbd>Shift</kbd> + drag (up spreads, down pinches; ends on release).</div>
        <div id="interaction"></div>
        <div id="stage"></div>
        <div id="menu"></div>
        <div id="animation"></div>
        <script>
        // Click = tap, double click = double tap, press and hold or right click = long press (an
        // edit menu's actions become buttons), then a drag moves
        // the item (Escape puts it back), drag = pan (a fling on a quick release), wheel, keys and
        // buttons scroll, Ctrl/⌘ + wheel or Shift + drag pinch. Every gesture joins this page's log,
        // which the server replays on a fresh simulation each time (the layout's hooks and the
        // --controller's callbacks run there): the session is the log, kept by this page alone,
        // with the offset in its URL. What is under way (a finger down, an item being moved, a
        // pinch) is `pending`, replayed after the log until it ends.
        let state = null, latest = null, rendered = 0, log = [], pending = [], busy = false, again = false, timer = null;
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
            const text = log.concat(pending).join(';');
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
          // The picture marks selection and highlight itself (the cells' state colours).
          const paths = list => list.map(p => p[0] + ',' + p[1]);
          const selected = paths(reply.selected), highlighted = paths(reply.highlighted);
          rendered += 1;
          const o = reply.offset;
          document.body.dataset.rendered = String(rendered);
          document.body.dataset.elements = String(stage.querySelectorAll('g[data-index-path]').length);
          document.body.dataset.offset = o.x + ',' + o.y;
          document.body.dataset.total = String(reply.total);
          document.body.dataset.selected = selected.join(' ');
          document.body.dataset.state = JSON.stringify(reply.state);
          document.body.dataset.gestures = String(log.length);
          document.body.dataset.moving = reply.moving ? reply.moving.join(',') : '';
          document.body.dataset.calls = reply.calls.join('|');
          document.body.dataset.refreshing = reply.refreshing ? '1' : '0';
          showMenu(reply.menu);
          // The controller's timers (view:after) run as real time passes: when the next is due,
          // the clock advances to it (`w:` joins the log). Any newer reply schedules afresh.
          clearTimeout(timer);
          if (reply.nextTimer !== null && reply.nextTimer !== undefined) {
            const seconds = Math.ceil(reply.nextTimer * 1000) / 1000;
            timer = setTimeout(() => { log.push('w:' + seconds); render(); }, seconds * 1000);
          }
          document.getElementById('offset').textContent = 'offset ' + reply.offsetText;
          document.getElementById('interaction').textContent = 'selected [' + selected.join(' ') + '] · highlighted ['
            + highlighted.join(' ') + '] · state ' + JSON.stringify(reply.state)
            + (reply.moving ? ' · moving [' + reply.moving.join(',') + ']' : '')
          + (reply.refreshing ? ' · refreshing' : '')
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
        // The edit menu a long press opened: its actions as buttons just above the item (below it
        // at the top of the page); a click chooses one (`m:N`, its position).
        function showMenu(menu) {
          const box = document.getElementById('menu');
          box.innerHTML = '';
          document.body.dataset.menu = menu ? menu.actions.join(' ') : '';
          const cell = menu && stage.querySelector('g[data-index-path="' + menu.indexPath.join(',') + '"]');
          box.style.display = cell ? 'block' : 'none';
          if (!cell) return;
          menu.actions.forEach((name, i) => {
            const button = document.createElement('button');
            button.textContent = name;
            button.dataset.action = name;
            button.addEventListener('click', () => { log.push('m:' + i); render(); });
            box.appendChild(button);
          });
          const r = cell.getBoundingClientRect();
          const top = r.top + scrollY - box.offsetHeight - 6;
          box.style.left = (r.left + scrollX) + 'px';
          box.style.top = (top >= scrollY ? top : r.bottom + scrollY + 6) + 'px';
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
        const point = p => p.x + ',' + p.y;
        let press = null, lastTap = null, pinch = null, modifierHeld = false, shiftHeld = false;
        // The pinch under way: `P` (fingers down) until it ends, then `p` joins the log.
        function pinchTo(scale) {
          pinch.scale = r2(Math.min(Math.max(scale, 0.1), 10));
          pending = ['P:' + point(pinch.at) + ',' + pinch.scale];
          render();
        }
        function endPinch() {
          if (!pinch) return;
          clearTimeout(pinch.timer);
          log.push('p:' + point(pinch.at) + ',' + pinch.scale);
          pinch = null;
          pending = [];
          render();
        }
        // The item being moved: picked up where the press began, following the finger.
        function moving(current, how) {
          return ['b:' + point(current.start), 'u:' + point(current.to)].concat(how ? [how] : []);
        }
        stage.addEventListener('pointerdown', e => {
          const p = viewportPoint(e, false);
          if (!p || e.button !== 0 || pinch) return;
          e.preventDefault();
          stage.setPointerCapture(e.pointerId);
          press = { start: p, x: e.clientX, y: e.clientY, samples: [{ t: e.timeStamp, p }], long: false, dragging: false };
          if (e.shiftKey || shiftHeld) {
            // Shift + drag pinches around the press: up spreads (scale e^(pixels/150)), down pinches.
            press.pinching = true;
            pinch = { at: p, scale: 1 };
            pinchTo(1);
            return;
          }
          // UIKit's long press: 0.5 s without moving.
          press.timer = setTimeout(() => {
            if (!press || press.dragging) return;
            press.long = true;
            pending = [];
            log.push('l:' + point(p));
            render();
          }, 500);
          pending = ['h:' + point(p)];
          render();
        });
        stage.addEventListener('pointermove', e => {
          if (!press) return;
          if (press.pinching) { pinchTo(Math.exp((press.y - e.clientY) / 150)); return; }
          const p = viewportPoint(e, true);
          press.samples.push({ t: e.timeStamp, p });
          if (press.samples.length > 5) press.samples.shift();
          const far = Math.hypot(e.clientX - press.x, e.clientY - press.y) > 8;
          if (press.long && !press.escaped && (press.moving || far)) {
            // After a long press, a drag moves the item (when the controller lets it).
            press.moving = true;
            press.to = p;
            pending = moving(press);
            render();
          } else if (!press.dragging && !press.long && far) {
            press.dragging = true;
            clearTimeout(press.timer);
          }
          if (press.dragging) {
            // The pan in progress: the finger down where it began, now here (past an edge the
            // content rubber-bands); the release replaces it with the drag.
            pending = ['h:' + point(press.start), 'v:' + point(p)];
            render();
          }
        });
        function release(e, cancelled) {
          if (!press) return;
          const current = press;
          press = null;
          clearTimeout(current.timer);
          if (current.pinching) { endPinch(); return; }
          pending = [];
          if (current.moving && !current.escaped) {
            log.push(...moving(current, cancelled ? 'c:' : 'e:'));
            render();
            return;
          }
          if (current.long || cancelled) { render(); return; }
          if (current.dragging) {
            const end = viewportPoint(e, true), s = current.start;
            log.push('d:' + s.x + ',' + s.y + ',' + end.x + ',' + end.y);
            // The fling's velocity from the last samples (points/ms; the content moves against
            // the finger); a release after holding still has none.
            const a = current.samples[0], dt = Math.max(e.timeStamp - a.t, 16);
            const vx = r2(-(end.x - a.p.x) / dt), vy = r2(-(end.y - a.p.y) / dt);
            if (Math.hypot(vx, vy) >= 0.05) log.push('f:' + vx + ',' + vy);
          } else if (lastTap && e.timeStamp - lastTap.t < 400 && log.length === lastTap.index + 1
              && Math.hypot(current.start.x - lastTap.p.x, current.start.y - lastTap.p.y) < 12) {
            // The second tap of a double click: the two taps are one double tap (the controller's
            // didDoubleTap takes priority over selection; without one it is two taps).
            log.pop();
            log.push('D:' + point(lastTap.p));
            lastTap = null;
          } else {
            log.push('t:' + point(current.start));
            lastTap = { t: e.timeStamp, p: current.start, index: log.length - 1 };
          }
          render();
        }
        stage.addEventListener('pointerup', e => release(e, false));
        // A right click is a long press at once (an edit menu, or didLongPress).
        stage.addEventListener('contextmenu', e => {
          e.preventDefault();
          const p = viewportPoint(e, false);
          if (!p || press || pinch) return;
          log.push('l:' + point(p));
          render();
        });
        stage.addEventListener('pointercancel', e => release(e, true));
        document.querySelectorAll('#controls button[data-dx]').forEach(b => b.addEventListener('click', () => {
          if (latest) scrollBy(Number(b.dataset.dx) * latest.bounds.width / 2, Number(b.dataset.dy) * latest.bounds.height / 2);
        }));
        document.getElementById('reset').addEventListener('click', () => {
          log = latest ? ['s:' + latest.offset.x + ',' + latest.offset.y] : [];
          render();
        });
        // The wheel scrolls; with Ctrl or ⌘ (a trackpad's pinch arrives so too) it pinches around the
        // pointer: scale e^(−deltaY/200). The pinch ends when the key is released or, for a trackpad
        // (no key seen), 400 ms after the last wheel event.
        stage.addEventListener('wheel', e => {
          e.preventDefault();
          if (!(e.ctrlKey || e.metaKey || modifierHeld)) { scrollBy(e.deltaX, e.deltaY); return; }
          const p = viewportPoint(e, false);
          if (!pinch && (!p || press)) return;
          if (!pinch) pinch = { at: p, scale: 1 };
          const dy = e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);
          pinchTo(pinch.scale * Math.exp(-dy / 200));
          clearTimeout(pinch.timer);
          if (!modifierHeld) pinch.timer = setTimeout(endPinch, 400);
        }, { passive: false });
        document.addEventListener('keyup', e => {
          if (e.key === 'Shift') shiftHeld = false;
          if (e.key !== 'Control' && e.key !== 'Meta') return;
          modifierHeld = false;
          if (pinch && !(press && press.pinching)) endPinch();
        });
        document.addEventListener('keydown', e => {
          if (e.key === 'Control' || e.key === 'Meta') { modifierHeld = true; return; }
          if (e.key === 'Shift') { shiftHeld = true; return; }
          if (e.key === 'Escape' && press && press.moving && !press.escaped) {
            // Escape puts the moving item back (cancelMove); the rest of the press does nothing.
            press.escaped = true;
            log.push(...moving(press, 'c:'));
            pending = [];
            render();
            return;
          }
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
