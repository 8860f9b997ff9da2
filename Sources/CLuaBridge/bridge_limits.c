// bridge_limits.c — stopping runaway scripts: the instruction budget (a count hook) and the
// time limit (a watchdog thread per state that installs a hook once a call's deadline passes).
//
// Invariant: the budget and time errors are raised only from a hook, at a Lua instruction,
// never across a Swift frame; once a state's budget is spent the hook fails at every
// instruction, so a script that catches the error with pcall cannot go on. The watchdog never
// touches the state except to install the hook, and only for the call that is still running.

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

// MARK: - Instruction budget

// Raises the budget error, located at call level `level`. From now on the hook fails at every
// instruction: a script that catches the error with pcall errors again as soon as it runs one
// instruction outside the pcall.
int llb_raisebudget(lua_State *L, int level) {
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

void llb_counthook(lua_State *L, lua_Debug *ar) {
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

void llb_startcall(llb_limits *limits) {
    llb_watchdog *dog = (llb_watchdog *)limits->watchdog;
    if (dog == NULL) return;
    atomic_store_explicit(&dog->running, 0, memory_order_relaxed);
    atomic_store_explicit(&dog->started_ns, llb_monotonic_ns(), memory_order_relaxed);
    atomic_store_explicit(&dog->running, ++dog->calls, memory_order_release);
}

void llb_endcall(llb_limits *limits) {
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

void llb_stopwatchdog(llb_limits *limits) {
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
void llb_recordlocation(llb_limits *limits) {
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
