// bridge_collect.c — the batched collectors of the hot paths: a flow's sizes, self-sizing
// preferred sizes, and a custom prepare's placements.
//
// Invariant: each collector checks every value as it arrives (finite numbers, whole index
// paths inside the collection, the memory cap before growing) and leaves anything it cannot
// accept to the general Swift reader, which reports it; it never raises for a bad value.

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

// MARK: - Flow sizes

int llb_readsize(lua_State *L, double *width, double *height, int *wrong_type) {
    int isnum_w = 0, isnum_h = 0;
    switch (lua_type(L, -2)) {
    case LUA_TNUMBER:
        *width = (double)lua_tonumberx(L, -2, NULL);
        if (lua_type(L, -1) != LUA_TNUMBER) return LLB_SIZE_ONE_NUMBER;
        *height = (double)lua_tonumberx(L, -1, NULL);
        return LLB_SIZE_OK;
    case LUA_TTABLE:
        // {w, h} when the array part holds the width, else {width=, height=}.
        if (lua_rawgeti(L, -2, 1) == LUA_TNUMBER) {
            *width = (double)lua_tonumberx(L, -1, &isnum_w);
            lua_pop(L, 1);
            if (lua_rawgeti(L, -2, 2) == LUA_TNUMBER) *height = (double)lua_tonumberx(L, -1, &isnum_h);
            lua_pop(L, 1);
        } else {
            lua_pop(L, 1);
            lua_pushliteral(L, "width");
            if (lua_rawget(L, -3) == LUA_TNUMBER) *width = (double)lua_tonumberx(L, -1, &isnum_w);
            lua_pop(L, 1);
            lua_pushliteral(L, "height");
            if (lua_rawget(L, -3) == LUA_TNUMBER) *height = (double)lua_tonumberx(L, -1, &isnum_h);
            lua_pop(L, 1);
        }
        return (isnum_w && isnum_h) ? LLB_SIZE_OK : LLB_SIZE_TABLE_FIELDS;
    default:
        if (wrong_type) *wrong_type = lua_type(L, -2);
        return LLB_SIZE_WRONG_TYPE;
    }
}

// The hot path of a flow with `sizeForItem`: two numbers, checked as they arrive (a NaN
// fails every comparison), then the general reader for tables and the errors. Integers (the
// usual answer) are read without lua_tonumberx's call to the VM's converter; the results of
// up to LLB_SIZES_STACKED calls stay on the stack and go in one lua_settop.
#define LLB_SIZES_STACKED 1024

static int llb_collectsizes(lua_State *L) {
    llb_sizes *sizes = (llb_sizes *)lua_touserdata(L, 4);
    long long count = sizes->count;
    long long chunk = sizes->consume ? sizes->chunk : count;
    if (chunk < 1) chunk = 1;
    double *values = sizes->values;
    long long filled = 0;  // pairs in `values` not yet handed over (without a consumer: all)
    long long stacked = 0; // pairs of results left on the stack
    if (!lua_checkstack(L, 2 * LLB_SIZES_STACKED + 8)) return luaL_error(L, "stack overflow");
    for (long long item = 0; item < count; item++) {
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_pushinteger(L, (lua_Integer)item);
        lua_call(L, 3, 2);
        double width, height;
        if (lua_isinteger(L, -2)) width = (double)lua_tointegerx(L, -2, NULL);
        else if (lua_type(L, -2) == LUA_TNUMBER) width = (double)lua_tonumberx(L, -2, NULL);
        else goto general;
        if (lua_isinteger(L, -1)) height = (double)lua_tointegerx(L, -1, NULL);
        else if (lua_type(L, -1) == LUA_TNUMBER) height = (double)lua_tonumberx(L, -1, NULL);
        else goto general;
        goto check;
    general:
        width = 0;
        height = 0;
        {
            int problem = llb_readsize(L, &width, &height, &sizes->problem_type);
            if (problem != LLB_SIZE_OK) {
                sizes->problem = problem;
                return luaL_error(L, "sizeForItem returned an invalid value");
            }
        }
    check:
        if (!(width >= 0 && height >= 0 && width <= DBL_MAX && height <= DBL_MAX)) {
            sizes->problem = LLB_SIZE_INVALID;
            sizes->bad_width = width;
            sizes->bad_height = height;
            return luaL_error(L, "sizeForItem returned an invalid value");
        }
        if (++stacked == LLB_SIZES_STACKED) {
            lua_settop(L, 4);
            stacked = 0;
        }
        values[2 * filled] = width;
        values[2 * filled + 1] = height;
        filled++;
        sizes->done = item + 1;
        if (sizes->consume && (filled == chunk || item + 1 == count)) {
            lua_settop(L, 4);
            stacked = 0;
            int more = sizes->consume(sizes->context, values, filled);
            filled = 0;
            if (!more) {
                sizes->stopped = 1;
                return 0;
            }
        }
    }
    lua_settop(L, 4);
    return 0;
}

void llb_pushcollectsizes(lua_State *L) { lua_pushcfunction(L, llb_collectsizes); }

// MARK: - Self-sizing: preferredSizeForItem for a section

// A dimension as the host pushes one (LuaState.push(Double)): an integer when it is whole.
static void llb_pushdimension(lua_State *L, double value) {
    if (value == floor(value) && fabs(value) < 9007199254740992.0 && !(value == 0 && signbit(value)))
        lua_pushinteger(L, (lua_Integer)value);
    else
        lua_pushnumber(L, value);
}

static int llb_collectpreferred(lua_State *L) {
    llb_sizes *sizes = (llb_sizes *)lua_touserdata(L, 4);
    double *values = sizes->values;
    if (!lua_checkstack(L, 12)) return luaL_error(L, "stack overflow");
    lua_createtable(L, 0, 2);  // 5: `fitting`, reused: its two fields are set again for every item
    lua_pushliteral(L, "width");   // 6
    lua_pushliteral(L, "height");  // 7
    for (long long item = 0; item < sizes->count; item++) {
        sizes->done = item;
        lua_pushvalue(L, 6);
        llb_pushdimension(L, values[2 * item]);
        lua_rawset(L, 5);
        lua_pushvalue(L, 7);
        llb_pushdimension(L, values[2 * item + 1]);
        lua_rawset(L, 5);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_pushinteger(L, (lua_Integer)item);
        lua_pushvalue(L, 5);
        lua_call(L, 4, 2);
        if (lua_type(L, -2) != LUA_TNIL) {  // nil keeps the estimate
            double width = 0, height = 0;
            int problem = llb_readsize(L, &width, &height, &sizes->problem_type);
            if (problem != LLB_SIZE_OK) {
                sizes->problem = problem;
                return luaL_error(L, "preferredSizeForItem returned an invalid value");
            }
            if (!(width >= 0 && height >= 0 && width <= DBL_MAX && height <= DBL_MAX)) {
                sizes->problem = LLB_SIZE_INVALID;
                sizes->bad_width = width;
                sizes->bad_height = height;
                return luaL_error(L, "preferredSizeForItem returned an invalid value");
            }
            values[2 * item] = width;
            values[2 * item + 1] = height;
        }
        lua_settop(L, 7);
    }
    sizes->done = sizes->count;
    lua_settop(L, 4);
    return 0;
}

void llb_pushcollectpreferred(lua_State *L) { lua_pushcfunction(L, llb_collectpreferred); }

// MARK: - Custom prepare: placing elements

static int llb_integral(lua_State *L, int idx, int32_t *out) {
    if (lua_type(L, idx) != LUA_TNUMBER) return 0;
    lua_Number value = lua_tonumberx(L, idx, NULL);
    if (!(value >= 0 && value <= 2147483647.0) || value != floor(value)) return 0;
    *out = (int32_t)value;
    return 1;
}

static int llb_finite(lua_State *L, int idx, double *out) {
    if (lua_type(L, idx) != LUA_TNUMBER) return 0;
    *out = (double)lua_tonumberx(L, idx, NULL);
    return isfinite(*out);
}

static int llb_place(lua_State *L) {
    llb_placements *placements = (llb_placements *)lua_touserdata(L, lua_upvalueindex(1));
    int category = (int)lua_tointeger(L, lua_upvalueindex(2));
    int first = category == 0 ? 2 : 3;  // argument 1 is `out`
    llb_placed placed;
    placed.category = category;
    placed.kind = 0;
    if (lua_gettop(L) != first + 5 || lua_type(L, 1) != LUA_TTABLE) goto slow;
    if (category != 0) {
        if (lua_type(L, 2) != LUA_TSTRING) goto slow;
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(4)) != LUA_TNUMBER) {
            lua_pop(L, 1);
            goto slow;
        }
        placed.kind = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    if (!llb_integral(L, first, &placed.section) || !llb_integral(L, first + 1, &placed.item)) goto slow;
    if (!llb_finite(L, first + 2, &placed.x) || !llb_finite(L, first + 3, &placed.y) ||
        !llb_finite(L, first + 4, &placed.width) || !llb_finite(L, first + 5, &placed.height)) goto slow;
    if (placed.width < 0 || placed.height < 0) goto slow;
    // Far edges that overflow (1e308 + 1e308) go to the slow path, which reports the line.
    if (!isfinite(placed.x + placed.width) || !isfinite(placed.y + placed.height)) goto slow;
    if (category != 2 && placed.section >= placements->sections) goto slow;
    if (category == 0 && placed.item >= placements->counts[placed.section]) goto slow;
    if (placements->count >= placements->limit) goto slow;  // closed, or full
    if (placements->count == placements->capacity) {
        size_t capacity = placements->capacity ? placements->capacity * 2 : 1024;
        size_t added = (capacity - placements->capacity) * sizeof(llb_placed);
        llb_limits *limits = placements->limits;
        if (limits->memory_limit > 0 && limits->memory_used + added > limits->memory_limit) {
            placements->refused = 1;  // the slow path reports the memory error
            goto slow;
        }
        llb_placed *items = (llb_placed *)realloc(placements->items, capacity * sizeof(llb_placed));
        if (items == NULL) goto slow;
        limits->memory_used += added;
        placements->items = items;
        placements->capacity = capacity;
    }
    placements->items[placements->count++] = placed;
    return 0;

slow:
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 0);
    return 0;
}

void llb_pushplacer(lua_State *L, llb_placements *placements, int category) {
    placements->limits = llb_getlimits(L);
    // Stack: kinds, fallback → upvalues (placements, category, fallback, kinds).
    lua_pushlightuserdata(L, placements);
    lua_pushinteger(L, category);
    lua_pushvalue(L, -3);  // fallback
    lua_pushvalue(L, -5);  // kinds
    lua_pushcclosure(L, llb_place, 4);
    lua_replace(L, -3);    // closure where kinds was
    lua_pop(L, 1);         // fallback
}

void llb_clearplacements(llb_placements *placements) {
    if (placements->limits) placements->limits->memory_used -= placements->capacity * sizeof(llb_placed);
    placements->refused = 0;
    free(placements->items);
    placements->items = NULL;
    placements->count = 0;
    placements->capacity = 0;
}
