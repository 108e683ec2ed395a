#ifndef CHAULBUILD_H
#define CHAULBUILD_H

/// The commit `haul` was built from, as HAUL_BUILD_COMMIT gave it to the build (Package.swift), or "unknown".
const char *haul_build_commit(void);

#endif
