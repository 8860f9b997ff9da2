// bridge_internal.h — what the bridge's C files share and Swift never sees.
//
// The bridge is one concern per file, as Lua's own sources are: bridge_state.c (the state, its
// allocator and memory cap), bridge_limits.c (the instruction budget and the time limit),
// bridge_call.c (protected calls, the trampoline into Swift, macro wrappers), bridge_sandbox.c
// (loading and the sandboxed library), bridge_collect.c (the batched value collectors). Each
// file's header states the invariant it keeps.
#ifndef LUALAYOUT_BRIDGE_INTERNAL_H
#define LUALAYOUT_BRIDGE_INTERNAL_H

#include "CLuaBridge.h"

#include <lua.h>

// Instructions between two budget checks. The count hook costs the same whatever the step.
#define LLB_HOOK_STEP 1000

// bridge_limits.c
void llb_counthook(lua_State *L, lua_Debug *ar);
void llb_endcall(llb_limits *limits);
int llb_raisebudget(lua_State *L, int level);
void llb_recordlocation(llb_limits *limits);
void llb_startcall(llb_limits *limits);
void llb_stopwatchdog(llb_limits *limits);

#endif
