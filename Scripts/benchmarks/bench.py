"""Scripts/bench: every performance target of LuaLayout in one table, each with its baseline
from the same run and the ratio. Whole-process figures are timed here (median CPU time of the
runs, user + system, and peak memory, from the kernel's accounting of each child); in-process
ones (best thread CPU time) come from the lualayout-bench binary. See docs/performance.md.

Usage: Scripts/bench [--quick] [--json] [--no-peers] [--svg FILE] [--no-build] [--only watch]
  --quick     100k items, 3 runs, no peers: bounded, for CI
  --only watch  the watch rows alone (save → report against `run`s of the same layout)
  --json      one JSON object instead of the table
  --svg FILE  also write the plot of time against item count (LuaLayout and the peers)
  --from-json FILE  print the table of a run saved with --json, without measuring
Environment: LUALAYOUT, LUALAYOUT_BENCH (the binaries), LUA (the interpreter), BENCH_VENV (the
virtualenv for the peers, default .build/bench-venv, created when missing).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "Scripts", "benchmarks")
args = sys.argv[1:]
QUICK = "--quick" in args
AS_JSON = "--json" in args
PEERS = "--no-peers" not in args and not QUICK
SVG = args[args.index("--svg") + 1] if "--svg" in args else None
WATCH_ONLY = "--only" in args and args[args.index("--only") + 1] == "watch"
ITEMS = 100_000 if QUICK else 1_000_000
N25 = 100_000  # the realistic-work and watch rows' item count
RUNS = 3 if QUICK else 5
BINARY = os.environ.get("LUALAYOUT", os.path.join(ROOT, ".build", "release", "lualayout"))
IN_PROCESS = os.environ.get("LUALAYOUT_BENCH", os.path.join(ROOT, ".build", "release", "lualayout-bench"))
LUA = os.environ.get("LUA", "lua5.4")
notes = []


def log(message):
    print(message, file=sys.stderr, flush=True)


def run_once(command):
    """CPU seconds (user + system: on a shared machine wall time measures the neighbours too)
    and peak resident bytes of one whole process (output to a file)."""
    with tempfile.TemporaryFile() as sink:
        child = subprocess.Popen(command, stdout=sink, stderr=subprocess.PIPE, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = usage.ru_utime + usage.ru_stime
        child.returncode = os.waitstatus_to_exitcode(status)
        error = child.stderr.read().decode(errors="replace")
        child.stderr.close()
        if child.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} exited {child.returncode}: {error[-400:]}")
        return elapsed, usage.ru_maxrss * 1024


def whole(command, runs=RUNS):
    """Median CPU seconds and peak bytes over `runs` runs after one warm-up."""
    run_once(command)
    results = [run_once(command) for _ in range(runs)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def lualayout(*arguments):
    output = os.path.join(tempfile.gettempdir(), f"lualayout-bench-{os.getpid()}.out")
    return [BINARY, *arguments, "-o", output]


def viewport(script, items):
    return lualayout("run", script, "--items", str(items), "--rect", "0,0,375,667")


rows = []


def row(target, name, value, unit, baseline_name, baseline, bar, kind="ratio"):
    """kind 'ratio': value/baseline must be ≤ bar; 'absolute': value must be ≤ bar."""
    ratio = value / baseline if baseline else None
    if kind == "reference":  # a floor shown for comparison: no bar of its own
        met = None
    else:
        met = (ratio is not None and ratio <= bar) if kind == "ratio" else value <= bar
    rows.append(dict(target=target, name=name, value=value, unit=unit, baseline_name=baseline_name,
                     baseline=baseline, ratio=ratio, bar=bar, kind=kind, met=met))


def scaled(value, unit):
    if unit == "s":
        return f"{value * 1e3:.1f} ms" if value >= 1e-3 else f"{value * 1e6:.2f} µs"
    if unit == "B":
        return f"{value / 1e6:.1f} MB" if value >= 1e6 else f"{value:.0f} B"
    return f"{value:.3g} {unit}"


def print_table(rows, notes):
    """The Markdown table of docs/performance.md."""
    print("| target | benchmark | result | baseline (same run) | ratio | bar | met |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        baseline = f"{r['baseline_name']}: {scaled(r['baseline'], r['unit'] if r['unit'] != 'B' or r['baseline'] > 1000 else 'B')}" \
            if r["baseline"] is not None else r["baseline_name"]
        ratio = f"{r['ratio']:.2f}×" if r["ratio"] is not None and r["kind"] != "absolute" else "—"
        if r["kind"] == "ratio":
            bar = f"≤ {r['bar']}×"
        elif r["kind"] == "absolute":
            bar = f"≤ {scaled(r['bar'], r['unit'])}"
        else:
            bar = "—"
        met = "" if r["met"] is None else ("yes" if r["met"] else "**no**")
        print(f"| {r['target']} | {r['name']} | {scaled(r['value'], r['unit'])} | {baseline} | {ratio} | {bar} | {met} |")
    for note in notes:
        print(f"\nNote: {note}")


# A saved run (--from-json FILE, written by --json): print its table again.
if "--from-json" in args:
    saved = json.load(open(args[args.index("--from-json") + 1]))
    print_table(saved["rows"], saved["notes"])
    sys.exit(0)


def wall_once(command, before=None):
    """Wall seconds of one whole process (the -o row: a stall waits, it does not compute)."""
    if before:
        before()
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=True)
    return time.perf_counter() - start


def watch_saves(items, edits, saves, baselines):
    """Paired wall seconds: from each save of a watched layout to its report line (`lualayout
    watch --trace`), and a whole run of each of `baselines` after it, once the watcher is idle
    again (the same machine load, nothing of the watcher's overlapping a baseline). The saves
    cycle through `edits` (script texts, each written in place and closed, as an editor saves);
    the first warms up. Returns the pairs (save, [baseline…]) and each save's trace steps."""
    folder = tempfile.mkdtemp(prefix="lualayout-bench-watch-")
    script = os.path.join(folder, "watched.lua")
    with open(script, "w") as f:
        f.write(edits[-1])
    traces = tempfile.TemporaryFile(mode="w+")
    watch = subprocess.Popen([BINARY, "watch", script, "--items", str(items), "--trace"], stdout=subprocess.PIPE,
                             stderr=traces, cwd=ROOT, text=True, bufsize=1)
    pairs, written = [], []
    try:
        if not watch.stdout.readline().startswith("[1]"):
            raise RuntimeError("watch did not report its first run")
        for n in range(saves + 1):
            time.sleep(0.3)
            written.append(time.clock_gettime_ns(time.CLOCK_MONOTONIC))
            start = time.perf_counter()
            with open(script, "w") as f:
                f.write(edits[n % len(edits)])
            line = watch.stdout.readline()
            saved = time.perf_counter() - start
            if not line.startswith("["):
                raise RuntimeError(f"watch: {line!r}")
            time.sleep(0.3)  # the watcher takes the layout and starts the next worker after its line
            ran = []
            for baseline in baselines:
                ran.append(wall_once(baseline))
                time.sleep(0.05)
            if n > 0:
                pairs.append((saved, ran))
    finally:
        watch.kill()
        watch.wait()
        os.remove(script)
        os.rmdir(folder)
    traces.seek(0)
    return pairs, watch_steps(traces.read(), written)


def watch_steps(log, written):
    """Each traced save's steps: {step: (milliseconds since the step before, CPU milliseconds)},
    with the time from the write to the watcher seeing it (`save → seen`, the inotify wake-up)."""
    runs = {}
    for line in log.splitlines():
        if " trace: " not in line:
            continue
        label, rest = line.split(" trace: ", 1)
        run = runs.setdefault(int(label.strip("[]")), {})
        if rest.startswith("t0 = "):
            run["t0"] = float(rest.split()[2])
            continue
        timing, step = rest.split(") ", 1)
        since = float(timing.split()[0])
        step_ms = float(timing.split("(+")[1].split(",")[0])
        cpu = timing.split("cpu ")[1]
        if since < 0:
            continue
        run.setdefault("steps", []).append((step, step_ms, None if cpu == "—" else float(cpu)))
    saves = []
    for number, ns in enumerate(written[1:], start=3):  # [1] the first run, [2] the warm-up save
        run = runs.get(number)
        if not run or "t0" not in run:
            continue
        steps = {"save → seen (inotify wake-up)": ((run["t0"] * 1e9 - ns) / 1e6, None)}
        for step, step_ms, cpu in run.get("steps", []):
            steps[step] = (step_ms, cpu)
        saves.append(steps)
    return saves


# watch (issue 36): a 100,000-item flow with Lua sizes; each save changes the line spacing
# (every element moves) or one item's size near the end (a few move). Each save is paired with
# a `run` of the same layout writing every element to a file (JSON) and with a `run` that
# prepares only (`--rect 0,0,1,1`: no element in the output), both after the watcher is idle.
def watch_rows():
    log("36. watch: save → report …")
    with open(os.path.join(BENCH, "flow-sizes.lua")) as f:
        flow_sizes = f.read()
    spacing_edits = [flow_sizes.replace("minimumLineSpacing = 8", f"minimumLineSpacing = {8 + k}") for k in (1, 0)]
    one_item_edits = [flow_sizes.replace("return 40 + (item % 7) * 9",
                                         f"if item == {N25 - 3} then return {w}, 50 end\n    return 40 + (item % 7) * 9")
                      for w in (60, 70)]
    full_run = lualayout("run", "Scripts/benchmarks/flow-sizes.lua", "--items", str(N25))
    prepare_run = lualayout("run", "Scripts/benchmarks/flow-sizes.lua", "--items", str(N25), "--rect", "0,0,1,1")
    for what, edits, checks in (
            ("every element moves", spacing_edits,
             ((0, "run of the same layout, every element to a file (wall)", 1.0),
              (1, "run that prepares only, --rect 0,0,1,1 (wall)", 1.5))),
            ("one item resized", one_item_edits,
             ((0, "run of the same layout, every element to a file (wall)", 0.5),))):
        pairs, traced = watch_saves(N25, edits, 2 * RUNS + 1, [full_run, prepare_run])
        for index, name, bar in checks:
            ratios = [saved / ran[index] for saved, ran in pairs]
            ratio = statistics.median(ratios)
            run_wall = statistics.median(ran[index] for _, ran in pairs)
            row("36", f"watch, {N25:,}-item flow with Lua sizes: save → report, {what} (wall, paired)",
                run_wall * ratio, "s", name, run_wall, bar)
            notes.append(f"watch, {what}, against the {name.split(',')[0]}: pair ratios "
                         f"{min(ratios):.2f}–{max(ratios):.2f}")
        steps = {}
        for save in traced:
            for step, (ms, cpu) in save.items():
                steps.setdefault(step, []).append((ms, cpu))
        timeline = []
        for step, values in steps.items():
            wall = statistics.median(v[0] for v in values)
            cpus = [v[1] for v in values if v[1] is not None]
            timeline.append(f"{step} {wall:.2f}" + (f" (cpu {statistics.median(cpus):.2f})" if cpus else ""))
        notes.append(f"watch, {what}: steps of a save (`watch --trace`, median ms of {len(traced)} saves, each since "
                     f"the step before): " + "; ".join(timeline))


def report():
    if AS_JSON:
        print(json.dumps(dict(items=ITEMS, runs=RUNS, quick=QUICK, rows=rows, notes=notes), indent=1))
    else:
        print_table(rows, notes)


# --only watch: the watch rows alone (they need only the lualayout binary).
if WATCH_ONLY:
    watch_rows()
    report()
    sys.exit(0)


# --- In-process figures -----------------------------------------------------------------
log(f"in-process figures ({IN_PROCESS}) …")
inproc = json.loads(subprocess.run([IN_PROCESS] + (["--quick"] if QUICK else []), cwd=ROOT,
                                   capture_output=True, text=True, check=True).stdout)

# --- 1. Flow with a Lua sizeForItem against plain lua5.4 ---------------------------------
log("1. flow with a Lua sizeForItem …")
flow, _ = whole(viewport("Scripts/benchmarks/flow-sizes.lua", ITEMS))
plain_flow, _ = whole([LUA, "Scripts/benchmarks/flow-plain.lua", str(ITEMS), "1"])
row("1", f"flow, {ITEMS:,} items, Lua sizeForItem (whole process)", flow, "s",
    "plain lua5.4, same algorithm", plain_flow, 0.5)
counted, _ = whole(viewport("Scripts/benchmarks/flow-sizes.lua", ITEMS) + ["--max-instructions", "1000000000"])
row("1", "  … with --max-instructions (exact counting)", counted, "s", "plain lua5.4", plain_flow, 0.5)

# --- 2. Output writers against the prepare alone -----------------------------------------
log("2. output …")
prepare_alone, _ = whole(viewport("Scripts/benchmarks/fixed.lua", ITEMS))
for form in ("json", "table", "svg"):
    command = lualayout("run", "Scripts/benchmarks/fixed.lua", "--items", str(ITEMS), "--format", form)
    written, _ = whole(command)
    row("2", f"run --format {form}, {ITEMS:,} elements (whole process)", written, "s",
        "prepare alone (whole process)", prepare_alone, 2.0)
    # The kernel's share no writer can remove: putting the same bytes into the page cache,
    # timed as dd writing that many zeros over an existing file (as -o replaces one).
    size = os.path.getsize(command[-1])
    floor, _ = whole(["dd", "if=/dev/zero", f"of={command[-1]}.dd", "bs=1M", f"count={size}",
                      "iflag=count_bytes", "status=none"])
    os.remove(command[-1] + ".dd")
    row("2", f"  … kernel floor: dd writing the same {size / 1e6:.1f} MB (whole process)", floor, "s",
        "prepare alone (whole process)", prepare_alone, None, kind="reference")
    notes.append(f"run --format {form}: the writer's own share (beyond the prepare alone and the kernel "
                 f"floor) is {max(written - prepare_alone - floor, 0) * 1e3:.0f} ms")
batch = os.path.join(tempfile.gettempdir(), f"lualayout-bench-batch-{os.getpid()}.json")
step = ITEMS // 1000
with open(batch, "w") as file:
    json.dump({"delete": [[0, k * step] for k in range(1000)],
               "insert": [[0, k * step + 1] for k in range(1000)]}, file)
update, _ = whole(lualayout("update", "Scripts/benchmarks/fixed.lua", "--items", str(ITEMS), "--batch", batch))
row("2", f"update, {ITEMS:,} items, 1000 deletes + 1000 inserts (whole process)", update, "s",
    "—", None, 1.5, kind="absolute")

# --- 3. The engine alone against a native loop ---------------------------------------------
row("3", f"engine alone, {ITEMS:,}-item fixed flow (in process)", inproc["engine_fixed"], "s",
    "native loop writing the 64-byte records", inproc["floor_fixed"], 1.5)

# --- #12: the compositional grid against the flow's fixed-size grid -----------------------
row("12", f"compositional grid, {ITEMS:,} items (in process)", inproc["compositional_grid"], "s",
    "flow fixed-size grid, same count", inproc["flow_grid"], 2.0)

# --- 4. Custom prepare against plain lua5.4 building tables --------------------------------
log("4. custom prepare …")
cells, _ = whole(viewport("Scripts/benchmarks/cells.lua", ITEMS))
plain_cells, _ = whole([LUA, "Scripts/benchmarks/cells-plain.lua", str(ITEMS)])
row("4", f"custom prepare, {ITEMS:,} × out:cell (whole process)", cells, "s",
    "plain lua5.4 building the frames as tables", plain_cells, 0.7)

# --- 5. Start-up --------------------------------------------------------------------------
log("5. start-up …")
startup, small_peak = whole(viewport("Scripts/benchmarks/fixed.lua", 1), runs=RUNS * 4)
lua_startup, _ = whole([LUA, "-e", ""], runs=RUNS * 4)
row("5", "start-up, --items 1 (whole process)", startup, "s", "lua5.4 -e ''", lua_startup, 0.008, kind="absolute")

# --- 6. Memory and queries ------------------------------------------------------------------
log("6. memory …")
_, peak = whole(viewport("Scripts/benchmarks/fixed.lua", ITEMS), runs=1)
row("6", f"peak memory per element, {ITEMS:,} items (whole process)", peak / ITEMS, "B",
    "peak of --items 1 (whole process)", small_peak, 100, kind="absolute")
row("6", f"viewport query, {inproc['query_items']:,} items (in process)", inproc["query_large"], "s",
    "10,000 items", inproc["query_10k"], 20e-6, kind="absolute")

# --- #25: realistic work, each against its baseline in the same run -------------------------
log("25. self-sizing, compositional JSON, -o over a large file …")
sizing, _ = whole(viewport("Scripts/benchmarks/compositional-sizing.lua", N25))
plain_sizing, _ = whole([LUA, "Scripts/benchmarks/compositional-sizing-plain.lua", str(N25)])
row("25", f"compositional self-sizing list, {N25:,} items, estimated + preferredSizeForItem (whole process)",
    sizing, "s", "plain lua5.4, same arithmetic", plain_sizing, 1.0)
compositional_json, _ = whole(lualayout("run", "Scripts/benchmarks/compositional-list.lua", "--items", str(N25)))
flow_json, _ = whole(lualayout("run", "Scripts/benchmarks/fixed.lua", "--items", str(N25)))
row("25", f"compositional list, {N25:,} items, absolute heights, JSON to a file (whole process)",
    compositional_json, "s", "flow fixed grid, JSON to a file", flow_json, 1.5)


# -o over an existing large file (the previous run's) against writing a new one (removed,
# untimed, before each run); paired runs, the median of the ratios.
big = os.path.join(tempfile.gettempdir(), f"lualayout-bench-big-{os.getpid()}.json")
write_big = [BINARY, "run", "Scripts/benchmarks/fixed.lua", "--items", "1000000", "-o", big]


def remove_big():
    if os.path.exists(big):
        os.remove(big)


wall_once(write_big)
over, new = [], []
for _ in range(RUNS + 2):
    over.append(wall_once(write_big))
    new.append(wall_once(write_big, before=remove_big))
big_size = os.path.getsize(big)
remove_big()
ratio_over = statistics.median(a / b for a, b in zip(over, new))
row("25", f"-o over an existing {big_size / 1e6:.0f} MB JSON, 1,000,000 items (wall, paired)",
    statistics.median(new) * ratio_over, "s", "writing a new file", statistics.median(new), 1.1)


watch_rows()

# --- Peers -------------------------------------------------------------------------------
PEER_SIZES = [1_000, 10_000, 100_000]
peers = {}
if PEERS:
    log("peers: Yoga (poga) and Taffy (stretchable) in a local virtualenv …")
    venv = os.environ.get("BENCH_VENV", os.path.join(ROOT, ".build", "bench-venv"))
    python = os.path.join(venv, "bin", "python")
    try:
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, timeout=300)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "poga", "stretchable"], check=True,
                       capture_output=True, timeout=1800)
        peers = json.loads(subprocess.run([python, os.path.join(BENCH, "peers.py")] + [str(n) for n in PEER_SIZES],
                                          capture_output=True, text=True, check=True, timeout=1800).stdout)
        for name in ("yoga", "taffy"):
            if f"{name}_error" in peers:
                notes.append(f"{name} skipped: {peers[name + '_error']}")
    except (subprocess.SubprocessError, OSError) as error:
        notes.append(f"peers skipped (offline, or the install failed: {type(error).__name__})")
for n in PEER_SIZES:
    if not PEERS:
        break
    fixed, lua = inproc[f"grid_fixed_{n}"], inproc[f"grid_lua_{n}"]
    yoga, taffy = peers.get(f"yoga_{n}"), peers.get(f"taffy_{n}")
    for name, value in ((f"grid {n:,}: LuaLayout flow, fixed size", fixed),
                        (f"grid {n:,}: LuaLayout flow, Lua sizeForItem", lua)):
        rows.append(dict(target="peers", name=name + " (compute)", value=value, unit="s",
                         baseline_name="Yoga" if yoga else "—", baseline=yoga,
                         ratio=value / yoga if yoga else None, bar=None, kind="peer", met=None))
    for name, value in (("Yoga (poga)", yoga), ("Taffy (stretchable)", taffy)):
        if value is not None:
            rows.append(dict(target="peers", name=f"grid {n:,}: {name} (compute)", value=value, unit="s",
                             baseline_name="Yoga", baseline=yoga, ratio=value / yoga if yoga else None,
                             bar=None, kind="peer", met=None))


# --- The plot -------------------------------------------------------------------------------
def plot(path):
    """Log-log lines of compute time against item count: plain SVG, no plotting library."""
    import math
    series = [("LuaLayout, fixed size", "grid_fixed", inproc, "#1f6feb"),
              ("LuaLayout, Lua sizeForItem", "grid_lua", inproc, "#8250df"),
              ("Yoga (poga)", "yoga", peers, "#d1242f"), ("Taffy (stretchable)", "taffy", peers, "#1a7f37")]
    points = {label: [(n, source[f"{key}_{n}"]) for n in PEER_SIZES if f"{key}_{n}" in source]
              for label, key, source, _ in series}
    values = [t for line in points.values() for _, t in line]
    if not values:
        return
    width, height, left, right, top, bottom = 640, 400, 70, 190, 20, 50
    low, high = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    high = max(high, low + 1)
    nlow, nhigh = math.log10(PEER_SIZES[0]), math.log10(PEER_SIZES[-1])

    def x(n):
        return left + (math.log10(n) - nlow) / (nhigh - nlow) * (width - left - right)

    def y(t):
        return top + (high - math.log10(t)) / (high - low) * (height - top - bottom)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for decade in range(low, high + 1):
        label = scaled(10.0 ** decade, "s")
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(10.0 ** decade):.1f}" '
                     f'y2="{y(10.0 ** decade):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y(10.0 ** decade) + 4:.1f}" text-anchor="end">{label}</text>')
    for n in PEER_SIZES:
        parts.append(f'<text x="{x(n):.1f}" y="{height - bottom + 18}" text-anchor="middle">{n:,}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 8}" text-anchor="middle">'
                 f'items (100×100 grid, gap 10, 1000 wide); compute time, log scales</text>')
    for index, (label, _, _, colour) in enumerate(series):
        line = points[label]
        if not line:
            continue
        path_data = " ".join(f"{'M' if i == 0 else 'L'}{x(n):.1f},{y(t):.1f}" for i, (n, t) in enumerate(line))
        parts.append(f'<path d="{path_data}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for n, t in line:
            parts.append(f'<circle cx="{x(n):.1f}" cy="{y(t):.1f}" r="3" fill="{colour}"/>')
        legend_y = top + 16 + index * 20
        parts.append(f'<line x1="{width - right + 12}" x2="{width - right + 32}" y1="{legend_y - 4}" '
                     f'y2="{legend_y - 4}" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{width - right + 38}" y="{legend_y}">{label}</text>')
    parts.append("</svg>")
    with open(path, "w") as file:
        file.write("\n".join(parts) + "\n")


if SVG:
    plot(SVG)

# --- Report --------------------------------------------------------------------------------
report()
