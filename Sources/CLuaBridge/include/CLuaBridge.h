// The C side of the Lua boundary.
//
// Everything that may raise a Lua error (longjmp) lives here, in C, so that no Lua error ever
// unwinds across a Swift frame:
// - Swift functions are exposed to Lua through `llb_pushswiftfunction`: a C trampoline calls
//   the Swift function, which reports failure by return code; the trampoline raises the error
//   after the Swift frame has returned.
// - The memory cap is enforced only while Lua code runs inside `llb_pcall` and never while a
//   Swift function called from Lua is on the stack, so allocations made from Swift cannot fail.
// - The instruction budget is a count hook that raises from C.
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
    int budget_exceeded;
} llb_limits;

/// A new state with the capped allocator, or NULL when out of memory.
lua_State *llb_newstate(size_t memory_limit, long long instruction_limit);
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
/// dump), table, math, utf8; `load` only accepts text chunks.
void llb_opensandbox(lua_State *L);

/// Macro wrappers for Swift.
int llb_upvalueindex(int i);
int llb_registryindex(void);
void llb_pop(lua_State *L, int n);
void llb_newtable(lua_State *L);
int llb_isnoneornil(lua_State *L, int idx);
double llb_tonumber(lua_State *L, int idx, int *isnum);
const char *llb_tostring(lua_State *L, int idx, size_t *len);
void llb_insert(lua_State *L, int idx);
void llb_remove(lua_State *L, int idx);

/// `file:line` of the function at the given stack index (for errors about a callback's return
/// value), written into `buffer`.
void llb_functionlocation(lua_State *L, int idx, char *buffer, size_t size);

/// The location (`file:line:`) of the Lua code at call level `level`, pushed as a string.
void llb_where(lua_State *L, int level);

#endif
