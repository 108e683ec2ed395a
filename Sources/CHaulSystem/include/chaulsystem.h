#ifndef CHAULSYSTEM_H
#define CHAULSYSTEM_H
#include <stdint.h>

/// Reserves `length` bytes for `fd` from offset 0 without writing them (Linux fallocate, mode 0).
/// Returns 0 on success, or -1 with errno set (EOPNOTSUPP where the file system or platform cannot).
int haul_fallocate(int fd, int64_t length);

/// Starts writing back the dirty pages of `fd` in [offset, offset + length) without waiting for them
/// (Linux sync_file_range with SYNC_FILE_RANGE_WRITE): write-behind, so that a later fdatasync finds little left
/// to do. Returns 0 on success, or -1 with errno set (EOPNOTSUPP where the platform has no such call).
int haul_start_writeback(int fd, int64_t offset, int64_t length);

#endif
