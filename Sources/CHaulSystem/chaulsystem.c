#define _GNU_SOURCE
#include "chaulsystem.h"
#include <errno.h>
#include <fcntl.h>

int haul_fallocate(int fd, int64_t length) {
#if defined(__linux__)
    return fallocate(fd, 0, 0, (off_t)length);
#else
    (void)fd;
    (void)length;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int haul_start_writeback(int fd, int64_t offset, int64_t length) {
#if defined(__linux__)
    return sync_file_range(fd, (off_t)offset, (off_t)length, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
    (void)offset;
    (void)length;
    errno = EOPNOTSUPP;
    return -1;
#endif
}
