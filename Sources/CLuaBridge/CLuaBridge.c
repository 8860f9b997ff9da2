#include "CLuaBridge.h"

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

// Instructions between two budget checks. The count hook costs the same whatever the step.
#define LLB_HOOK_STEP 1000

static void llb_counthook(lua_State *L, lua_Debug *ar);
static void llb_stopwatchdog(llb_limits *limits);
static void llb_startcall(llb_limits *limits);
static void llb_endcall(llb_limits *limits);
static void llb_recordlocation(llb_limits *limits);
static int llb_chargedreader(lua_State *L);

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

// MARK: - Instruction budget

// Raises the budget error, located at call level `level`. From now on the hook fails at every
// instruction: a script that catches the error with pcall errors again as soon as it runs one
// instruction outside the pcall.
static int llb_raisebudget(lua_State *L, int level) {
    llb_limits *limits = llb_getlimits(L);
    limits->instructions_left = 0;
    if (!limits->budget_exceeded) lua_sethook(L, llb_counthook, LUA_MASKCOUNT, 1);
    limits->budget_exceeded = 1;
    llb_where(L, level);
    if (limits->time_exceeded) {
        lua_pushfstring(L, "time limit exceeded (%s s; raise it with --timeout)", limits->time_text);
    } else {
        lua_pushfstring(L, "instruction budget exceeded (%I instructions; raise it with --max-instructions)",
                        (lua_Integer)limits->instruction_limit);
    }
    lua_concat(L, 2);
    return lua_error(L);
}

static void llb_counthook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    llb_limits *limits = llb_getlimits(L);
    limits->instructions_left -= LLB_HOOK_STEP;
    if (limits->instructions_left <= 0) llb_raisebudget(L, 0);
}

// MARK: - Time limit

// The watchdog of one state. The Lua thread only stores the running call's start and number
// (two atomic stores per outermost call); the watchdog thread sleeps until that call's
// deadline and installs the hook only if the same call is still running then.
typedef struct llb_watchdog {
    pthread_t thread;
    pthread_mutex_t mutex;
    pthread_cond_t wake;
    int stop;                                 // under mutex
    lua_State *L;
    long long limit_ns;
    _Atomic long long started_ns;             // start of the running outermost call
    _Atomic unsigned long long running;       // its number; 0 between calls
    unsigned long long calls;                 // numbers handed out (Lua thread only)
    _Atomic unsigned long long fired;         // the call the hook was installed for
} llb_watchdog;

static long long llb_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void llb_startcall(llb_limits *limits) {
    llb_watchdog *dog = (llb_watchdog *)limits->watchdog;
    if (dog == NULL) return;
    atomic_store_explicit(&dog->running, 0, memory_order_relaxed);
    atomic_store_explicit(&dog->started_ns, llb_monotonic_ns(), memory_order_relaxed);
    atomic_store_explicit(&dog->running, ++dog->calls, memory_order_release);
}

static void llb_endcall(llb_limits *limits) {
    llb_watchdog *dog = (llb_watchdog *)limits->watchdog;
    if (dog != NULL) atomic_store_explicit(&dog->running, 0, memory_order_release);
}

// Runs at the next instruction after the watchdog fired. A hook installed for a call that
// has ended since (a race the watchdog cannot close) puts the state's own hook back.
static void llb_timehook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    llb_limits *limits = llb_getlimits(L);
    llb_watchdog *dog = (llb_watchdog *)limits->watchdog;
    unsigned long long running = atomic_load_explicit(&dog->running, memory_order_acquire);
    if (running == 0 || running != atomic_load_explicit(&dog->fired, memory_order_acquire)) {
        if (limits->counting) lua_sethook(L, llb_counthook, LUA_MASKCOUNT, LLB_HOOK_STEP);
        else lua_sethook(L, NULL, 0, 0);
        return;
    }
    limits->time_exceeded = 1;
    llb_raisebudget(L, 0);
}

static void *llb_watchdogmain(void *argument) {
    llb_watchdog *dog = (llb_watchdog *)argument;
    pthread_mutex_lock(&dog->mutex);
    while (!dog->stop) {
        long long wake_at;
        unsigned long long call = atomic_load_explicit(&dog->running, memory_order_acquire);
        long long started = atomic_load_explicit(&dog->started_ns, memory_order_relaxed);
        long long now = llb_monotonic_ns();
        if (call != 0 && call == atomic_load_explicit(&dog->running, memory_order_acquire) &&
            call != atomic_load_explicit(&dog->fired, memory_order_relaxed) && now - started >= dog->limit_ns) {
            // lua_sethook is the one API function meant to be called asynchronously (lua.c
            // calls it from a signal handler to stop a running script).
            atomic_store_explicit(&dog->fired, call, memory_order_release);
            lua_sethook(dog->L, llb_timehook, LUA_MASKCOUNT, 1);
            wake_at = now + dog->limit_ns;
        } else if (call != 0 && call != atomic_load_explicit(&dog->fired, memory_order_relaxed)) {
            wake_at = started + dog->limit_ns;
        } else {
            wake_at = now + dog->limit_ns;  // idle: a call starting now ends after this wake-up
        }
        struct timespec until = {(time_t)(wake_at / 1000000000LL), (long)(wake_at % 1000000000LL)};
        pthread_cond_timedwait(&dog->wake, &dog->mutex, &until);
    }
    pthread_mutex_unlock(&dog->mutex);
    return NULL;
}

int llb_settimelimit(lua_State *L, double seconds) {
    llb_limits *limits = llb_getlimits(L);
    llb_stopwatchdog(limits);
    limits->time_limit = 0;
    if (!(seconds > 0) || !isfinite(seconds)) return 1;
    if (seconds > 1e9) seconds = 1e9;  // ~30 years: keeps the nanoseconds in range
    llb_watchdog *dog = (llb_watchdog *)calloc(1, sizeof(llb_watchdog));
    if (dog == NULL) return 0;
    dog->L = L;
    dog->limit_ns = (long long)(seconds * 1e9);
    if (dog->limit_ns < 1) dog->limit_ns = 1;
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&dog->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_mutex_init(&dog->mutex, NULL);
    pthread_attr_t thread_attributes;
    pthread_attr_init(&thread_attributes);
    pthread_attr_setstacksize(&thread_attributes, 64 * 1024);
    int failed = pthread_create(&dog->thread, &thread_attributes, llb_watchdogmain, dog);
    pthread_attr_destroy(&thread_attributes);
    if (failed) {
        pthread_cond_destroy(&dog->wake);
        pthread_mutex_destroy(&dog->mutex);
        free(dog);
        return 0;
    }
    limits->watchdog = dog;
    limits->time_limit = seconds;
    snprintf(limits->time_text, sizeof limits->time_text, "%g", seconds);
    return 1;
}

static void llb_stopwatchdog(llb_limits *limits) {
    llb_watchdog *dog = (llb_watchdog *)limits->watchdog;
    if (dog == NULL) return;
    pthread_mutex_lock(&dog->mutex);
    dog->stop = 1;
    pthread_cond_signal(&dog->wake);
    pthread_mutex_unlock(&dog->mutex);
    pthread_join(dog->thread, NULL);
    pthread_cond_destroy(&dog->wake);
    pthread_mutex_destroy(&dog->mutex);
    free(dog);
    limits->watchdog = NULL;
}

// Where the innermost Lua function is running, recorded when an allocation is refused: Lua's
// memory errors carry no location. Reading the call stack allocates nothing, and the program
// counter is saved before every instruction that can allocate, so the line is exact.
static void llb_recordlocation(llb_limits *limits) {
    lua_State *L = limits->state;
    limits->last_line = 0;
    if (L == NULL) return;
#if LUA_VERSION_RELEASE_NUM >= 50406
    // From 5.4.6 a refused stack reallocation leaves the call frames as offsets while the
    // allocator runs: reading them there is unsafe, so memory errors go unlocated.
    (void)L;
#else
    lua_Debug ar;
    for (int level = 0; level < 32 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(limits->last_source, sizeof limits->last_source, "%s", ar.short_src);
            limits->last_line = ar.currentline;
            return;
        }
    }
#endif
}

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

// MARK: - Loading and the sandbox

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
