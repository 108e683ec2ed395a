#include "chaulbuild.h"

#ifndef HAUL_BUILD_COMMIT
#define HAUL_BUILD_COMMIT "unknown"
#endif

// Its own target, so that the define that changes with every commit recompiles this file alone.
const char *haul_build_commit(void) { return HAUL_BUILD_COMMIT; }
