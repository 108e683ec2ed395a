#ifndef CHAULSYSTEM_H
#define CHAULSYSTEM_H
#include <stdint.h>

/// Reserves `length` bytes for `fd` from offset 0 without writing them (Linux fallocate, mode 0).
/// Returns 0 on success, or -1 with errno set (EOPNOTSUPP where the file system or platform cannot).
int haul_fallocate(int fd, int64_t length);

/// Gives the blocks of [offset, offset + length) back to the file system, keeping the file's size (Linux
/// fallocate with FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE): the range reads as zeros. Returns 0, or -1 with
/// errno set (EOPNOTSUPP where the platform or file system has no such call).
int haul_punch_hole(int fd, int64_t offset, int64_t length);

/// Starts writing back the dirty pages of `fd` in [offset, offset + length) without waiting for them
/// (Linux sync_file_range with SYNC_FILE_RANGE_WRITE): write-behind, so that a later fdatasync finds little left
/// to do. Returns 0 on success, or -1 with errno set (EOPNOTSUPP where the platform has no such call).
int haul_start_writeback(int fd, int64_t offset, int64_t length);

/// Flushes every file of the file system that holds `fd` to stable storage and waits for it (Linux syncfs): one
/// call makes several finished files durable (`DataFlusher`). Returns 0, or -1 with errno set (ENOSYS where the
/// platform has no such call; Linux reports write-back errors of the file system from 5.8 on).
int haul_syncfs(int fd);

/// Makes the pipe a socket's bytes cross on their way into a file (`haul_splice_from_socket`,
/// `haul_splice_to_file`), as large as the system lets this process make it, up to `wanted` bytes; both ends close
/// on exec. Returns the pipe's capacity in bytes, or -1 with errno set (ENOSYS where the platform has no splice).
int haul_splice_pipe(int fds[2], int wanted);

/// Moves up to `max` bytes waiting on the non-blocking socket `socket` into the pipe's write end without copying
/// them (Linux splice). Returns the count (0: the peer closed), or -1 with errno set (EAGAIN: nothing waiting;
/// EINVAL or ENOSYS: this socket or platform cannot splice).
long haul_splice_from_socket(int socket, int pipe_write, long max);

/// Writes exactly `count` bytes from the pipe's read end into `fd` at `offset` (Linux splice, retrying short
/// moves and EINTR). Returns 0, or -1 with errno set (ENOSPC, EFBIG, EIO: what pwrite would have said).
int haul_splice_to_file(int pipe_read, int fd, int64_t offset, long count);

/// Makes a pipe whose write end wakes `haul_tcp_connect` and `haul_wait_readable` (a cancel): both ends close on
/// exec. Returns 0, or -1 with errno set.
int haul_wake_pipe(int fds[2]);

/// The error `haul_tcp_connect` reports when the host name does not resolve (not an errno value).
#define HAUL_E_RESOLVE (-2)
/// The error `haul_tcp_connect` and `haul_wait_readable` report when `wake_fd` became readable (not an errno value).
#define HAUL_E_WOKEN (-3)

/// Resolves `host` and connects a TCP socket to `port` on the first address that answers, the name and each attempt
/// bounded by what is left of `timeout_ms` (a name is resolved on a thread of its own and abandoned at the deadline
/// or when `wake_fd` becomes readable: `getaddrinfo` itself cannot be interrupted); the socket is blocking, closes on exec, sends without delay and never raises
/// SIGPIPE. Returns the socket, or -1 with `*error` set to an errno value (ECONNREFUSED, ETIMEDOUT ...),
/// HAUL_E_RESOLVE or HAUL_E_WOKEN.
int haul_tcp_connect(const char *host, const char *port, int timeout_ms, int wake_fd, int *error);

/// How many resolutions have begun waiting out `HAUL_TEST_RESOLVER_DELAY_MS` in this process (tests only: a test
/// waits for its request to reach the resolver by this count, not for a fixed time).
int haul_test_delayed_resolutions(void);

/// Waits until `fd` is readable (data, end of stream or an error to read): 1; `timeout_ms` passed: 0; `wake_fd`
/// became readable: HAUL_E_WOKEN; poll failed: -1 with errno set.
int haul_wait_readable(int fd, int wake_fd, int timeout_ms);

/// Runs `body(context)` on a detached thread with a 256 KiB stack: one that finished an earlier job and waits for
/// the next (at most 16 wait, each for up to 10 s), or a new one. Never waits for a busy thread. Returns 0, or an
/// error number (then `body` never runs).
int haul_spawn_detached(void (*body)(void *), void *context);

/// How many finished threads wait for a job now (for tests).
int haul_idle_workers_count(void);

/// Makes `fd` non-blocking. Returns 0, or -1 with errno set.
int haul_set_nonblocking(int fd);

/// Sends all `length` bytes without raising SIGPIPE; on a non-blocking socket whose buffer is full, waits until it
/// drains, at most `timeout_ms` each time (then ETIMEDOUT) or until `wake_fd` becomes readable (then HAUL_E_WOKEN
/// in errno). Returns 0, or -1 with errno set.
int haul_send_all(int fd, const void *bytes, long length, int wake_fd, int timeout_ms);

/// Whether an idle connection kept for reuse is still quiet: open, with nothing to read (a server that closed it,
/// reset it or sent anything unasked makes it readable). 1 when quiet, 0 otherwise.
int haul_socket_is_quiet(int fd);

/// Backs the program's zero-initialised data (its `.bss`) with writable pages now: call it first in `main`, while
/// the process has one thread. A page of it that is read first is mapped to the shared zero page, and its first
/// write after that replaces the mapping, which on a process whose threads run on several processors means a TLB
/// shoot-down: an interrupt to every other processor and a wait for each (costly under a hypervisor). Linux 5.14
/// and later (`MADV_POPULATE_WRITE`); elsewhere, and on older kernels, nothing.
void haul_populate_bss(void);

/// Caps the number of glibc malloc arenas at `count` (mallopt M_ARENA_MAX), unless MALLOC_ARENA_MAX is set in the
/// environment (the user's choice stands). Call it first in `main`, before other threads allocate: by default
/// every thread that meets a locked arena makes another one (up to 8 per processor), and each keeps the memory
/// freed into it, so a process with 50 threads of Dispatch holds several MiB that no one uses (docs/cli.md,
/// "Long lists"). Returns 1 when the cap was set, 0 otherwise (not glibc, or the variable set).
int haul_limit_malloc_arenas(int count);

/// The program's `.bss` as whole pages: 0 with `start` and `end` set, or -1 when there is none to find (not Linux).
int haul_program_bss(uintptr_t *start, uintptr_t *end);

#endif
