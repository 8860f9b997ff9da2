/// The live preview page: the current viewport as SVG, refreshed on every save (WebSocket),
/// errors shown in place, and scrolling by wheel, keys or buttons (each scroll asks the server
/// for the new viewport, so rect-query hooks apply).
enum PreviewPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>LuaLayout preview</title>
        <style>
          body { font-family: Helvetica, Arial, sans-serif; margin: 20px; color: #222; }
          h1 { font-size: 17px; margin: 0 0 8px; }
          #status { margin: 6px 0 10px; font-size: 13px; color: #555; }
          #error { display: none; white-space: pre-wrap; background: #fde8ec; color: #8a1030; border: 1px solid #e0245e;
                   padding: 10px; margin: 0 0 10px; font-family: Menlo, monospace; font-size: 12px; }
          #controls button { margin-right: 4px; }
          #stage svg { max-width: 100%; height: auto; border: 1px solid #eee; }
        </style>
        </head>
        <body>
        <h1>LuaLayout preview</h1>
        <div id="status">connecting…</div>
        <div id="error"></div>
        <div id="controls">
          <button data-dx="0" data-dy="-1">▲</button><button data-dx="0" data-dy="1">▼</button>
          <button data-dx="-1" data-dy="0">◀</button><button data-dx="1" data-dy="0">▶</button>
          <span id="offset"></span>
        </div>
        <div id="stage"></div>
        <script>
        let state = null, offset = null, rendered = 0;
        const stage = document.getElementById('stage');
        async function render() {
          if (!state || !offset) return;
          const response = await fetch('/render.svg?x=' + offset.x + '&y=' + offset.y);
          if (!response.ok) { return; }
          stage.innerHTML = await response.text();
          rendered += 1;
          document.body.dataset.rendered = String(rendered);
          document.body.dataset.elements = String(stage.querySelectorAll('g[data-index-path]').length);
          document.getElementById('offset').textContent = 'offset ' + offset.x + ',' + offset.y;
        }
        function show(next) {
          const first = state === null;
          state = next;
          if (first || offset === null) offset = { x: state.bounds.x, y: state.bounds.y };
          clamp();
          document.body.dataset.version = String(state.version);
          const error = document.getElementById('error');
          error.style.display = state.error ? 'block' : 'none';
          error.textContent = state.error ? state.error + '\\n(showing the last good layout)' : '';
          document.getElementById('status').textContent = 'run ' + state.version + ': ' + (state.summary || '');
          render();
        }
        function clamp() {
          const maxX = Math.max(0, state.contentSize.width - state.bounds.width);
          const maxY = Math.max(0, state.contentSize.height - state.bounds.height);
          offset.x = Math.min(Math.max(0, offset.x), maxX);
          offset.y = Math.min(Math.max(0, offset.y), maxY);
        }
        function scrollBy(dx, dy) {
          if (!state) return;
          offset.x += dx; offset.y += dy;
          clamp();
          render();
        }
        document.querySelectorAll('#controls button').forEach(b => b.addEventListener('click', () => {
          scrollBy(Number(b.dataset.dx) * state.bounds.width / 2, Number(b.dataset.dy) * state.bounds.height / 2);
        }));
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
        </body>
        </html>
        """
}
