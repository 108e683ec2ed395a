#ifndef CHAULSYSTEM_H
#define CHAULSYSTEM_H
#include <stdint.h>

/// Reserves `length` bytes for `fd` from offset 0 without writing them (Linux fallocate, mode 0).
/// Returns 0 on success, or -1 with errno set (EOPNOTSUPP where the file system or platform cannot).
int haul_fallocate(int fd, int64_t length);

#endif
