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
