// bridge_call.c — crossing the boundary: protected calls with tracebacks, the trampoline through
// which Lua calls Swift, and the small wrappers of Lua macros Swift cannot call.
//
// Invariant: every call into Lua goes through `llb_pcall`, so a Lua error never unwinds a
// Swift frame; a Swift function called from Lua reports failure by return code and the
// trampoline raises the Lua error only after the Swift frame has returned.

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

// MARK: - Protected calls

// The message (kept whole: it may hold NUL bytes), a newline and the traceback.
static int llb_messagehandler(lua_State *L) {
    int type = lua_type(L, 1);
    if (type == LUA_TSTRING || type == LUA_TNUMBER) {
        lua_pushvalue(L, 1);
        lua_tolstring(L, -1, NULL);
    } else if (!(luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)) {
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    lua_pushliteral(L, "\n");
    luaL_traceback(L, L, NULL, 1);
    lua_concat(L, 3);
    return 1;
}

int llb_pcall(lua_State *L, int nargs, int nresults) {
    llb_limits *limits = llb_getlimits(L);
    int base = lua_gettop(L) - nargs;  // the function's index
    lua_pushcfunction(L, llb_messagehandler);
    lua_insert(L, base);

    // A nested protected call (Lua → Swift → Lua) shares the outer call's budget. Depth, not
    // `enforcing` (which a trampoline turns off), tells the outermost call.
    int saved_enforcing = limits->enforcing;
    int outermost = limits->depth == 0;
    if (outermost) {
        limits->last_line = 0;
        limits->memory_exceeded = 0;
        limits->budget_exceeded = 0;
        limits->time_exceeded = 0;
        limits->instructions_left = limits->instruction_limit;
        // The previous call may have left the step-1 hook of a stopped script behind.
        if (limits->counting) lua_sethook(L, llb_counthook, LUA_MASKCOUNT, LLB_HOOK_STEP);
        else if (lua_gethook(L) != NULL) lua_sethook(L, NULL, 0, 0);
        llb_startcall(limits);
    }
    limits->enforcing = 1;
    limits->depth++;
    int status = lua_pcall(L, nargs, nresults, base);
    limits->depth--;
    if (outermost) llb_endcall(limits);
    limits->enforcing = saved_enforcing;
    lua_remove(L, base);
    return status;
}

// MARK: - Trampoline into Swift

static int llb_trampoline(lua_State *L) {
    llb_swift_function fn = (llb_swift_function)lua_touserdata(L, lua_upvalueindex(1));
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    int function_id = (int)lua_tointeger(L, lua_upvalueindex(3));

    // Swift code never sees a failing allocation: the cap is checked once Swift has returned.
    llb_limits *limits = llb_getlimits(L);
    int saved_enforcing = limits->enforcing;
    limits->enforcing = 0;
    int results = fn(L, context, function_id);
    limits->enforcing = saved_enforcing;

    if (results == LLB_ERROR_LOCATED) {
        llb_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (results == LLB_ERROR_RAW) return lua_error(L);
    if (saved_enforcing && limits->memory_limit > 0 && limits->memory_used > limits->memory_limit) {
        limits->memory_exceeded = 1;
        llb_recordlocation(limits);
        return luaL_error(L, "not enough memory");
    }
    return results;
}

void llb_pushswiftfunction(lua_State *L, llb_swift_function fn, void *context, int function_id) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushinteger(L, function_id);
    lua_pushcclosure(L, llb_trampoline, 3);
}

// MARK: - Macros

int llb_registryindex(void) { return LUA_REGISTRYINDEX; }

void llb_functionlocation(lua_State *L, int idx, char *buffer, size_t size) {
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) {
        snprintf(buffer, size, "%s:%d", ar.short_src, ar.linedefined);
    } else {
        snprintf(buffer, size, "%s", ar.short_src);
    }
}

void llb_charge(lua_State *L, long long delta) {
    llb_limits *limits = llb_getlimits(L);
    if (delta < 0 && (size_t)(-delta) > limits->memory_used) limits->memory_used = 0;
    else limits->memory_used = (size_t)((long long)limits->memory_used + delta);
}

int llb_iscallable(lua_State *L, int idx) {
    if (lua_type(L, idx) == LUA_TFUNCTION) return 1;
    int has_call = luaL_getmetafield(L, idx, "__call") != LUA_TNIL;
    if (has_call) lua_pop(L, 1);
    return has_call;
}

void llb_where(lua_State *L, int level) {
    lua_Debug ar;
    if (lua_getstack(L, level, &ar)) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}
