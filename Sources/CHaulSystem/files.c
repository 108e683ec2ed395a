// File space and the splice path into a .part file (Linux calls Swift cannot reach without _GNU_SOURCE).
#define _GNU_SOURCE
#include "chaulsystem.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

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

int haul_punch_hole(int fd, int64_t offset, int64_t length) {
#if defined(__linux__)
    return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length);
#else
    (void)fd;
    (void)offset;
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

int haul_syncfs(int fd) {
#if defined(__linux__)
    return syncfs(fd);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int haul_splice_pipe(int fds[2], int wanted) {
#if defined(__linux__)
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    // A larger pipe lets one splice carry up to a megabyte: fewer, larger writes into the page cache. The
    // system may refuse (pipe-max-size, the user's pipe pages); the default size then serves.
    (void)fcntl(fds[1], F_SETPIPE_SZ, wanted);
    int capacity = fcntl(fds[1], F_GETPIPE_SZ);
    return capacity > 0 ? capacity : 65536;
#else
    (void)fds;
    (void)wanted;
    errno = ENOSYS;
    return -1;
#endif
}

long haul_splice_from_socket(int socket, int pipe_write, long max) {
#if defined(__linux__)
    return (long)splice(socket, NULL, pipe_write, NULL, (size_t)max, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
#else
    (void)socket;
    (void)pipe_write;
    (void)max;
    errno = ENOSYS;
    return -1;
#endif
}

int haul_splice_to_file(int pipe_read, int fd, int64_t offset, long count) {
#if defined(__linux__)
    off_t at = (off_t)offset;
    long left = count;
    while (left > 0) {
        ssize_t moved = splice(pipe_read, NULL, fd, &at, (size_t)left, SPLICE_F_MOVE);
        if (moved < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (moved == 0) {
            errno = EIO;
            return -1;
        }
        left -= moved;
    }
    return 0;
#else
    (void)pipe_read;
    (void)fd;
    (void)offset;
    (void)count;
    errno = ENOSYS;
    return -1;
#endif
}
