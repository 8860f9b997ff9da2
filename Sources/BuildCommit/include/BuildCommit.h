// The commit the binary was built from, for `lualayout --version`.
#ifndef LUALAYOUT_BUILDCOMMIT_H
#define LUALAYOUT_BUILDCOMMIT_H

/// The commit the build was made from (`LUALAYOUT_COMMIT` in the build's environment, a
/// `-modified` suffix when the work tree had uncommitted changes), or "" when it was not set.
const char *lualayout_build_commit(void);

#endif
