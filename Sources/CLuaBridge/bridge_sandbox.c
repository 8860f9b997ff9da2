// bridge_sandbox.c — loading text chunks and the sandboxed standard library.
//
// Invariant: a script can reach no file, process or debug facility, can load no binary chunk
// and define no finalizer (which would run with hooks off); every library function that could
// loop or allocate without the count hook seeing it is bounded or charged before it starts.

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

static int llb_chargedreader(lua_State *L);

int llb_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    return luaL_loadbufferx(L, buffer, size, chunkname, "t");
}

// Calls the original library function (upvalue 1) with the arguments as given.
static int llb_calloriginal(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// `load` with the mode forced to text: binary chunks can break the VM's invariants. The
// arguments are checked here, so errors name `load` and the script's line (the original,
// called from C, would say '?' and no line).
static int llb_textload(lua_State *L) {
    int chunk = lua_type(L, 1);
    luaL_argexpected(L, chunk == LUA_TSTRING || chunk == LUA_TFUNCTION, 1, "string or function");
    luaL_optstring(L, 2, NULL);
    luaL_optstring(L, 3, NULL);
    // load(chunk [, chunkname [, mode [, env]]]): keep env absent when it was not given, since
    // the original `load` tells "no env" from "env = nil" by the argument count.
    int nargs = lua_gettop(L);
    if (nargs < 3) nargs = 3;
    if (nargs > 4) nargs = 4;
    lua_settop(L, nargs);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    if (chunk == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, llb_chargedreader, 1);
        lua_replace(L, 1);
    }
    return llb_calloriginal(L);
}

// `setmetatable` without `__gc`: Lua runs finalizers with debug hooks off, so a looping
// finalizer could never be stopped by the instruction budget. Written out in full (it is
// short) so that its errors name `setmetatable` and the script's line.
static int llb_safesetmetatable(lua_State *L) {
    int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (type == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int has_gc = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (has_gc) return luaL_error(L, "__gc metamethods are not available to layout scripts");
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

// The message handler `xpcall` really gets: the script's handler, except for the
// instruction-budget error. That error is raised inside the count hook, and Lua runs a
// message handler for it with hooks off, where a looping handler could never be stopped.
static int llb_guardedhandler(lua_State *L) {
    lua_settop(L, 1);
    if (llb_getlimits(L)->budget_exceeded) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    return 1;
}

static int llb_guardedxpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, llb_guardedhandler, 1);
    lua_replace(L, 2);
    return llb_calloriginal(L);
}

// C library calls run without the count hook. These two can loop for as long as their
// arguments say without allocating anything, so they are bounded before they start.

// Raises the memory error for `bytes` more than the cap allows, located at the script.
static int llb_refusememory(lua_State *L) {
    llb_limits *limits = llb_getlimits(L);
    limits->memory_exceeded = 1;
    llb_recordlocation(limits);
    return luaL_error(L, "not enough memory");
}

// `string.rep`: an empty result returns at once (the original loops n times copying nothing),
// and a result larger than the memory cap leaves is refused before any copying.
static int llb_boundedrep(lua_State *L) {
    size_t length, separator = 0;
    luaL_checklstring(L, 1, &length);
    lua_Integer count = luaL_checkinteger(L, 2);
    if (!lua_isnoneornil(L, 3)) luaL_checklstring(L, 3, &separator);
    if (count > 0 && length == 0 && separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    llb_limits *limits = llb_getlimits(L);
    if (count > 0 && limits->memory_limit > 0 && limits->enforcing) {
        double total = (double)count * (double)length + (double)(count - 1) * (double)separator;
        if (total > (double)limits->memory_limit) return llb_refusememory(L);
    }
    return llb_calloriginal(L);
}

// Charges the elements first..last (none when last < first) to the instruction budget.
static void llb_chargerange(lua_State *L, lua_Integer first, lua_Integer last) {
    llb_limits *limits = llb_getlimits(L);
    if (last < first || limits->instruction_limit <= 0) return;
    lua_Unsigned count = (lua_Unsigned)last - (lua_Unsigned)first + 1u;
    if (count == 0 || count >= (lua_Unsigned)limits->instructions_left) llb_raisebudget(L, 1);
    limits->instructions_left -= (long long)count;
}

// `table.move(a1, f, e, t [, a2])`: each element moved is charged to the instruction budget,
// so moving 2^40 nils ends in the budget error instead of running for hours.
static int llb_chargedmove(lua_State *L) {
    llb_chargerange(L, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3));
    return llb_calloriginal(L);
}

// `table.insert`, `table.remove` and `table.sort` walk the table's length, which `__len` may
// make as large as it likes: the length is charged to the budget before they start.
static int llb_chargedlength(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    llb_chargerange(L, 1, luaL_len(L, 1));
    return llb_calloriginal(L);
}

// `table.concat(t [, sep [, i [, j]]])`: the range i..j is charged.
static int llb_chargedconcat(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer first = luaL_optinteger(L, 3, 1);
    lua_Integer last = lua_isnoneornil(L, 4) ? luaL_len(L, 1) : luaL_checkinteger(L, 4);
    llb_chargerange(L, first, last);
    return llb_calloriginal(L);
}

// A `load` reader's pieces are charged by size (the parser's work), so a reader that returns
// a megabyte of spaces forever costs instructions instead of none.
static int llb_chargedreader(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
        size_t length = lua_rawlen(L, -1);
        llb_chargerange(L, 1, (lua_Integer)(length / 16 + 1));
    }
    return 1;
}

// `print` writes to stderr so that it never mixes with the layout output on stdout.
static int llb_print(lua_State *L) {
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len);
        if (i > 1) fputc('\t', stderr);
        fwrite(s, 1, len, stderr);
        lua_pop(L, 1);
    }
    fputc('\n', stderr);
    fflush(stderr);
    return 0;
}

void llb_opensandbox(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_pop(L, 5);

    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "load");
    lua_pushcclosure(L, llb_textload, 1);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, llb_print);
    lua_setglobal(L, "print");
    lua_pushcfunction(L, llb_safesetmetatable);
    lua_setglobal(L, "setmetatable");
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, llb_guardedxpcall, 1);
    lua_setglobal(L, "xpcall");

    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_getfield(L, -1, "rep");
    lua_pushcclosure(L, llb_boundedrep, 1);
    lua_setfield(L, -2, "rep");
    lua_pop(L, 1);
    lua_getglobal(L, LUA_TABLIBNAME);
    lua_getfield(L, -1, "move");
    lua_pushcclosure(L, llb_chargedmove, 1);
    lua_setfield(L, -2, "move");
    static const char *const walkers[] = {"insert", "remove", "sort"};
    for (int i = 0; i < 3; i++) {
        lua_getfield(L, -1, walkers[i]);
        lua_pushcclosure(L, llb_chargedlength, 1);
        lua_setfield(L, -2, walkers[i]);
    }
    lua_getfield(L, -1, "concat");
    lua_pushcclosure(L, llb_chargedconcat, 1);
    lua_setfield(L, -2, "concat");
    lua_pop(L, 1);

    // The package library is not opened: `require` is provided by the host and only resolves
    // Lua files beside the script.
}
