// The C side of the Lua boundary.
//
// Everything that may raise a Lua error (longjmp) lives here, in C, so that no Lua error ever
// unwinds across a Swift frame:
// - Swift functions are exposed to Lua through `llb_pushswiftfunction`: a C trampoline calls
//   the Swift function, which reports failure by return code; the trampoline raises the error
//   after the Swift frame has returned.
// - The memory cap is enforced only while Lua code runs inside `llb_pcall` and never while a
//   Swift function called from Lua is on the stack, so allocations made from Swift cannot fail.
// - Runaway Lua code is stopped by a time limit that costs nothing while the script runs: a
//   watchdog thread installs a hook only once the limit has passed, and the hook raises the
//   located error from C. Exact instruction counting (a count hook) is an opt-in.
#ifndef LUALAYOUT_CLUABRIDGE_H
#define LUALAYOUT_CLUABRIDGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct lua_State lua_State;

/// A Swift function callable from Lua. Returns the number of results it pushed, or
/// `LLB_ERROR_LOCATED` / `LLB_ERROR_RAW` after pushing an error message (the trampoline then
/// raises it, prefixed with the caller's `file:line:` for the located form).
typedef int (*llb_swift_function)(lua_State *L, void *context, int function_id);

#define LLB_ERROR_LOCATED (-1)
#define LLB_ERROR_RAW (-2)

/// Per-state limits and counters, owned by the state (freed by `llb_close`).
typedef struct llb_limits {
    size_t memory_used;
    size_t memory_limit;          // 0 = unlimited
    int enforcing;                // memory cap enforced only while Lua code runs protected
    int memory_exceeded;          // set when an allocation was refused
    long long instruction_limit;  // per protected call; 0 = unlimited
    long long instructions_left;
    int counting;                 // count every VM instruction (a count hook); else only
                                  // library work is charged to instruction_limit
    int budget_exceeded;          // the budget or the time limit stopped the script
    int time_exceeded;            // ... and it was the time limit
    double time_limit;            // seconds per outermost protected call; 0 = none
    char time_text[32];           // time_limit as the message shows it
    void *watchdog;               // the time limit's thread (private to the bridge)
    // Where Lua code was running when an allocation was refused (Lua reports memory errors
    // without a location); last_line is 0 when unknown.
    char last_source[256];
    int last_line;
    lua_State *state;             // the state these limits belong to (for locating)
    int depth;                    // protected calls in progress
} llb_limits;

/// A new state with the capped allocator, or NULL when out of memory. `counting`: run a count
/// hook for the whole budget (exact, reproducible); otherwise only library work is charged.
lua_State *llb_newstate(size_t memory_limit, long long instruction_limit, int counting);

/// Limits every outermost protected call to `seconds` (0: none). A watchdog thread sleeps
/// until the running call's deadline and only then installs a hook, which raises
/// "time limit exceeded" at the script's line; nothing runs per instruction before that.
/// Returns 0 when the thread could not be started.
int llb_settimelimit(lua_State *L, double seconds);
void llb_close(lua_State *L);
llb_limits *llb_getlimits(lua_State *L);

/// `lua_pcall` with a traceback message handler, a fresh instruction budget and the memory cap
/// in force. On error the message (with "\nstack traceback:\n…" appended for runtime errors) is
/// left on the stack. Returns the Lua status code.
int llb_pcall(lua_State *L, int nargs, int nresults);

/// Pushes a Lua function that calls `fn(L, context, function_id)`.
void llb_pushswiftfunction(lua_State *L, llb_swift_function fn, void *context, int function_id);

/// Loads a text chunk (binary chunks are refused). Returns the Lua status code.
int llb_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname);

/// Opens the sandboxed standard libraries: base (without dofile/loadfile), string (without
/// dump), table, math, utf8; `load` only accepts text chunks; `setmetatable` refuses `__gc`;
/// an `xpcall` message handler never runs for the instruction-budget error (Lua would run it
/// with hooks off, out of the budget's reach).
void llb_opensandbox(lua_State *L);

/// Reads a size from the two values on top of the stack (a callback's two results): a table
/// `{w, h}` (array part first) or `{width=, height=}`, or two numbers. The one size reader
/// of the engine (flow properties, callbacks, the C loop). Returns an LLB_SIZE_* code; the
/// Lua type of a wrong first value goes to `wrong_type`. Never raises, pops nothing.
int llb_readsize(lua_State *L, double *width, double *height, int *wrong_type);

/// Receives one chunk of sizes from `llb_collectsizes`: `count` (width, height) pairs, the
/// items after those handed over before. Returns 0 to stop the loop (no error), else 1. Runs
/// inside the protected call but touches no Lua: it must not raise.
typedef int (*llb_sizes_consumer)(void *context, const double *values, long long count);

/// Output of `llb_collectsizes`: one (width, height) pair per item, or the first problem.
typedef struct llb_sizes {
    double *values;        // 2 × chunk doubles: the whole section without a consumer, else reused
    long long count;
    long long chunk;       // pairs handed to `consume` at a time (ignored without one)
    llb_sizes_consumer consume;  // NULL: `values` holds all `count` pairs at the end
    void *context;         // passed to `consume`
    long long done;        // items read and checked so far
    int problem;           // LLB_SIZE_* (0: none)
    int problem_type;      // Lua type of the offending first result
    int stopped;           // the consumer asked to stop
    double bad_width, bad_height;
} llb_sizes;

#define LLB_SIZE_OK 0
#define LLB_SIZE_WRONG_TYPE 1      // not a table nor a number
#define LLB_SIZE_ONE_NUMBER 2      // a number without a second one
#define LLB_SIZE_TABLE_FIELDS 3    // a table without numeric width/height ([1], [2] or named)
#define LLB_SIZE_INVALID 4         // negative, NaN or infinite (bad_width, bad_height)

/// The per-item size loop of a flow section, in C: calls `fn(cv, section, item)` for every
/// item, checks each size as it arrives and stores it, handing the sizes to the consumer a
/// chunk at a time when there is one. Stack: fn, cv, section, light userdata `llb_sizes *`.
/// Run it with `lua_pushcfunction` + `llb_pcall` (see `llb_pushcollectsizes`): the whole
/// loop is one protected call under one time limit. A bad return value raises an error after
/// recording the problem in the `llb_sizes`.
void llb_pushcollectsizes(lua_State *L);

/// The self-sizing loop of a section, in C: calls `fn(cv, section, item, fitting)` for every
/// item, `fitting` one table reused for all (its `width` and `height` set to the item's
/// estimate from `values`), and writes each measured size over its estimate (nil keeps it).
/// Stack: fn, cv, section, light userdata `llb_sizes *` (`values` and `count` used; `done`
/// is the item being measured when a call fails). One protected call, as `llb_collectsizes`.
void llb_pushcollectpreferred(lua_State *L);

/// One element placed by `out:cell/supplementary/decoration` on the fast path.
typedef struct llb_placed {
    double x, y, width, height;
    int32_t section, item;
    int32_t kind;      // the host's kind id (0 for cells)
    int32_t category;  // 0 cell, 1 supplementary, 2 decoration
} llb_placed;

/// A growable array of placed elements, filled by C during a custom prepare. Its memory is
/// charged to the state's memory cap like Lua's own (`limits`, set by `llb_pushplacer`).
typedef struct llb_placements {
    llb_placed *items;
    size_t count;
    size_t capacity;
    size_t limit;      // more elements than this go to the slow path, which reports the error
    int refused;       // set when growing the array would have exceeded the memory cap
    llb_limits *limits;
    // The collection's item count per section: cells must lie inside it, supplementary views
    // in an existing section (as UIKit requires); others go to the slow path, which reports.
    const int64_t *counts;
    int32_t sections;
} llb_placements;

/// Pushes `out:cell` (category 0) / `out:supplementary` (1) / `out:decoration` (2): plain calls
/// without an `extra` table, with integer index paths, finite frames and a kind already known
/// (a string key of `kinds` mapping to the host's id) are appended to `placements` in C; every
/// other call goes to `fallback` (the function on top of the stack, popped), which validates,
/// stores or raises the located error. Stack in: kinds table, fallback; both popped.
void llb_pushplacer(lua_State *L, llb_placements *placements, int category);

/// Frees the items of `placements` (uncharging them) and empties it.
void llb_clearplacements(llb_placements *placements);

/// LUA_REGISTRYINDEX, a macro Swift cannot import.
int llb_registryindex(void);

/// `file:line` of the function at the given stack index (for errors about a callback's return
/// value), written into `buffer`.
void llb_functionlocation(lua_State *L, int idx, char *buffer, size_t size);

/// The location (`file:line:`) of the Lua code at call level `level`, pushed as a string.
void llb_where(lua_State *L, int level);

/// Adds `delta` bytes (negative: releases them) to the memory the cap counts, for host memory
/// a script's calls make the host hold (the objects super queries return). A trampoline
/// refuses the call that pushes the total past the cap.
void llb_charge(lua_State *L, long long delta);

/// The running Lua library's identification (`lua_ident`, "$LuaVersion: Lua 5.4.6  Copyright …
/// $$LuaAuthors: … $"): Swift cannot import an array of unknown size.
static inline const char *llb_ident(void) {
    extern const char lua_ident[];
    return lua_ident;
}

/// Whether the value at `idx` can be called (a function, or a value with `__call`).
int llb_iscallable(lua_State *L, int idx);

#endif
