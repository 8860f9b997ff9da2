// The value comes from Package.swift, which defines LUALAYOUT_COMMIT from the build's
// environment; a C definition is the one way SwiftPM passes a string into a build.
#include "BuildCommit.h"

#ifndef LUALAYOUT_COMMIT
#define LUALAYOUT_COMMIT ""
#endif

const char *lualayout_build_commit(void) { return LUALAYOUT_COMMIT; }
