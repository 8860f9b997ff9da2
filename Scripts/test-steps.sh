# shellcheck shell=bash
# Sourced by Scripts/test: runs its steps, timed, and prints where the time went.
#
#   step NAME COMMAND…            runs COMMAND now; its status is the step's (set -e stops on it)
#   step_beside NAME COMMAND…     starts COMMAND in the background, its output kept for later
#   wait_beside                   waits for every step started beside; prints their output in the
#                                 order they were started; fails if any of them failed
#   step_later NAME               a row (the next index of STEP_NAMES) for a step timed later by
#                                 `step_timed "$STEP_DIR/INDEX" COMMAND…` (inside a step started
#                                 beside, say, to time commands it runs one after another)
#   note_step NAME TEXT           a line printed under the table (what a step skipped, and why)
#
# Each step's wall time is from its start to its end; its CPU time (user + system) is that of
# every process it waited for, from bash's `times` in the subshell that ran it. On exit the
# table is printed, failed steps included. Steps beside each other overlap: their wall times
# add up to more than the total.

STEP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/lualayout-test.XXXXXX")"
STEP_NAMES=()
STEP_KINDS=()
STEP_PIDS=()
STEP_START="${EPOCHREALTIME:-$(date +%s)}"

# Seconds since the epoch, with microseconds where bash gives them (bash 5).
step_now() { echo "${EPOCHREALTIME:-$(date +%s)}"; }

# The children's user + system seconds in FILE, what `times` wrote there (its second line:
# "0m1.5s 0m0.2s"). `times` itself must run in the shell measured, not in a command
# substitution (which would count the substitution's own children).
step_children_cpu() {
  awk 'NR == 2 { total = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); total += p[1] * 60 + p[2] } print total }' "$1"
}

# Runs COMMAND in this (sub)shell and writes "start end cpu status" to FILE.
step_timed() {
  local file=$1 start end status=0
  shift
  start="$(step_now)"
  "$@" || status=$?
  end="$(step_now)"
  times >"$file.times"
  echo "$start $end $(step_children_cpu "$file.times") $status" >"$file"
  return "$status"
}

step() {
  local name=$1 index=${#STEP_NAMES[@]}
  shift
  STEP_NAMES+=("$name")
  STEP_KINDS+=("")
  (step_timed "$STEP_DIR/$index" "$@")
}

step_beside() {
  local name=$1 index=${#STEP_NAMES[@]}
  shift
  STEP_NAMES+=("$name")
  STEP_KINDS+=("beside")
  (step_timed "$STEP_DIR/$index" "$@") >"$STEP_DIR/$index.log" 2>&1 &
  STEP_PIDS+=("$index:$!")
}

step_later() {
  STEP_NAMES+=("$1")
  STEP_KINDS+=("beside")
}

wait_beside() {
  local entry index failed=()
  for entry in "${STEP_PIDS[@]}"; do
    index="${entry%%:*}"
    wait "${entry#*:}" || failed+=("${STEP_NAMES[$index]}")
  done
  for entry in "${STEP_PIDS[@]}"; do
    index="${entry%%:*}"
    echo "━━ ${STEP_NAMES[$index]} ━━"
    cat "$STEP_DIR/$index.log"
  done
  STEP_PIDS=()
  if [ ${#failed[@]} -gt 0 ]; then
    printf 'test: failed: %s\n' "${failed[@]}" >&2
    return 1
  fi
}

note_step() { echo "$1: $2" >>"$STEP_DIR/notes"; }

# Points TMPDIR at a new folder of this run for every step started after it: the temporary
# files of the tests, the tools and Chromium's profiles in one place, removed when the run
# passes, kept (and named under the table) when it fails.
RUN_TMPDIR=""
use_run_tmpdir() {
  RUN_TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/lualayout-suite.XXXXXX")"
  export TMPDIR="$RUN_TMPDIR"
}

step_table() {
  local status=$? index file start end cpu code state total
  # A step still running beside (an earlier step failed): stopped, and shown as such.
  for entry in "${STEP_PIDS[@]}"; do kill "${entry#*:}" 2>/dev/null || true; done
  {
    echo
    echo "Scripts/test: where the time went (seconds; steps run beside others overlap them)"
    printf '%-44s %8s %8s  %-7s %s\n' step wall cpu ran result
    for index in "${!STEP_NAMES[@]}"; do
      file="$STEP_DIR/$index"
      if [ -f "$file" ]; then
        read -r start end cpu code <"$file"
        state=$([ "$code" = 0 ] && echo ok || echo "failed ($code)")
        printf '%-44s %8.1f %8.1f  %-7s %s\n' "${STEP_NAMES[$index]}" \
          "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$cpu" "${STEP_KINDS[$index]}" "$state"
      else
        printf '%-44s %8s %8s  %-7s %s\n' "${STEP_NAMES[$index]}" - - "${STEP_KINDS[$index]}" "not finished"
      fi
    done
    total="$(awk -v a="$STEP_START" -v b="$(step_now)" 'BEGIN { print b - a }')"
    times >"$STEP_DIR/total.times"
    printf '%-44s %8.1f %8.1f\n' "total" "$total" "$(step_children_cpu "$STEP_DIR/total.times")"
    if [ -f "$STEP_DIR/notes" ]; then cat "$STEP_DIR/notes"; fi
    if [ -n "$RUN_TMPDIR" ] && [ "$status" != 0 ]; then echo "temporary files of this run: $RUN_TMPDIR"; fi
  } >&2
  rm -rf "$STEP_DIR"
  if [ -n "$RUN_TMPDIR" ] && [ "$status" = 0 ]; then rm -rf "$RUN_TMPDIR"; fi
  return "$status"
}
trap step_table EXIT
