// bridge_state.c — a Lua state and its limits: the allocator with the memory cap, creation,
// the panic handler, closing.
//
// Invariant: `limits->memory_used` is the exact sum of the sizes of the blocks Lua holds, and
// an allocation that would pass `memory_limit` is refused (NULL, Lua's memory error inside the
// protected call) only while `enforcing` — that is, while Lua code runs under `llb_pcall` and no
// Swift function is on the stack. A refused allocation records where the script was.

#include "bridge_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <float.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

// MARK: - Allocator with a memory cap

static void *llb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    llb_limits *limits = (llb_limits *)ud;
    if (ptr == NULL) osize = 0;  // osize then encodes the object type, not a size
    if (nsize == 0) {
        free(ptr);
        limits->memory_used -= osize;
        return NULL;
    }
    if (nsize > osize && limits->enforcing && limits->memory_limit > 0 &&
        limits->memory_used - osize + nsize > limits->memory_limit) {
        limits->memory_exceeded = 1;
        llb_recordlocation(limits);
        return NULL;  // Lua turns this into a memory error inside the protected call
    }
    void *block = realloc(ptr, nsize);
    if (block != NULL) limits->memory_used = limits->memory_used - osize + nsize;
    return block;
}

static int llb_panic(lua_State *L) {
    // Unreachable by design (every call into Lua is protected); abort loudly if it happens.
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "lualayout: unprotected Lua error: %s\n", message ? message : "?");
    abort();
    return 0;
}

lua_State *llb_newstate(size_t memory_limit, long long instruction_limit, int counting) {
    llb_limits *limits = (llb_limits *)calloc(1, sizeof(llb_limits));
    if (limits == NULL) return NULL;
    limits->memory_limit = memory_limit;
    limits->instruction_limit = instruction_limit;
    limits->counting = counting && instruction_limit > 0;
    lua_State *L = lua_newstate(llb_alloc, limits);
    if (L == NULL) {
        free(limits);
        return NULL;
    }
    limits->state = L;
    lua_atpanic(L, llb_panic);
    // When counting, the hook stays installed for the state's whole life, so no Lua code runs
    // uncounted. (Finalizers, which run with hooks off, cannot be defined: see
    // llb_safesetmetatable.)
    limits->instructions_left = instruction_limit;
    if (limits->counting) lua_sethook(L, llb_counthook, LUA_MASKCOUNT, LLB_HOOK_STEP);
    return L;
}

llb_limits *llb_getlimits(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (llb_limits *)ud;
}

void llb_close(lua_State *L) {
    llb_limits *limits = llb_getlimits(L);
    llb_stopwatchdog(limits);
    limits->enforcing = 0;
    lua_close(L);
    free(limits);
}
