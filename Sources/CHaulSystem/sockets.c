// The direct HTTP/1.1 client's socket layer: resolve under a deadline and a wake pipe, connect, wait, send.
#define _GNU_SOURCE
#include "chaulsystem.h"
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdlib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int haul_cloexec(int fd) {
    int flags = fcntl(fd, F_GETFD);
    return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

int haul_wake_pipe(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    if (haul_cloexec(fds[0]) != 0 || haul_cloexec(fds[1]) != 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

static long long haul_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// One connect attempt to `address`, until `deadline` (ms of CLOCK_MONOTONIC). Returns the socket or -1 with *error.
static int haul_connect_one(const struct addrinfo *address, long long deadline, int wake_fd, int *error) {
    int fd = socket(address->ai_family, address->ai_socktype, address->ai_protocol);
    if (fd < 0) { *error = errno; return -1; }
    int flags = fcntl(fd, F_GETFL);
    if (haul_cloexec(fd) != 0 || flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
        *error = errno;
        close(fd);
        return -1;
    }
    if (connect(fd, address->ai_addr, address->ai_addrlen) != 0) {
        if (errno != EINPROGRESS) { *error = errno; close(fd); return -1; }
        for (;;) {
            long long left = deadline - haul_now_ms();
            if (left <= 0) { *error = ETIMEDOUT; close(fd); return -1; }
            struct pollfd fds[2] = {{fd, POLLOUT, 0}, {wake_fd, POLLIN, 0}};
            int ready = poll(fds, wake_fd >= 0 ? 2 : 1, (int)(left > 60000 ? 60000 : left));
            if (ready < 0) {
                if (errno == EINTR) continue;
                *error = errno;
                close(fd);
                return -1;
            }
            if (wake_fd >= 0 && fds[1].revents != 0) { *error = HAUL_E_WOKEN; close(fd); return -1; }
            if (fds[0].revents != 0) break;
        }
        int failure = 0;
        socklen_t size = sizeof(failure);
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size) != 0) failure = errno;
        if (failure != 0) { *error = failure; close(fd); return -1; }
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
#ifdef SO_NOSIGPIPE
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
    if (fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) { *error = errno; close(fd); return -1; }
    return fd;
}

/// A name being resolved on a thread of its own, so that the caller can give up at its deadline or when woken:
/// `getaddrinfo` cannot be interrupted, and a resolver that takes 30 s (an unreachable DNS server, with glibc's
/// retries) would otherwise hold the connect timeout and a pause hostage. Shared by the caller and the thread;
/// whichever lets go last frees it.
struct haul_resolution {
    pthread_mutex_t lock;
    int refs;
    int done_fds[2];
    int status;
    struct addrinfo *addresses;
    char *host;
    char *port;
};

static void haul_resolution_release(struct haul_resolution *r) {
    pthread_mutex_lock(&r->lock);
    int left = --r->refs;
    pthread_mutex_unlock(&r->lock);
    if (left > 0) return;
    if (r->addresses != NULL) freeaddrinfo(r->addresses);
    close(r->done_fds[0]);
    close(r->done_fds[1]);
    pthread_mutex_destroy(&r->lock);
    free(r->host);
    free(r->port);
    free(r);
}

static struct addrinfo haul_stream_hints(int flags) {
    struct addrinfo hints;
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV | flags;
    return hints;
}

static int haul_delayed_resolutions = 0;

int haul_test_delayed_resolutions(void) { return __atomic_load_n(&haul_delayed_resolutions, __ATOMIC_SEQ_CST); }

static void *haul_resolve_thread(void *argument) {
    struct haul_resolution *r = argument;
    // Tests stand in for a slow resolver with this (DirectHTTPResolveTests): no DNS server to make slow there.
    const char *delay = getenv("HAUL_TEST_RESOLVER_DELAY_MS");
    if (delay != NULL && atoi(delay) > 0) {
        __atomic_add_fetch(&haul_delayed_resolutions, 1, __ATOMIC_SEQ_CST);
        poll(NULL, 0, atoi(delay));
    }
    struct addrinfo hints = haul_stream_hints(0);
    r->status = getaddrinfo(r->host, r->port, &hints, &r->addresses);
    char done = 1;
    ssize_t ignored = write(r->done_fds[1], &done, 1);
    (void)ignored;
    haul_resolution_release(r);
    return NULL;
}

/// Resolves `host` by `deadline` unless `wake_fd` becomes readable first. An address literal is read at once; a
/// name goes to a thread (see `haul_resolution`). Returns 0 with *addresses, or -1 with *error: HAUL_E_RESOLVE,
/// ETIMEDOUT or HAUL_E_WOKEN.
static int haul_resolve(const char *host, const char *port, long long deadline, int wake_fd,
                        struct addrinfo **addresses, int *error) {
    struct addrinfo hints = haul_stream_hints(AI_NUMERICHOST);
    if (getaddrinfo(host, port, &hints, addresses) == 0 && *addresses != NULL) return 0;
    *addresses = NULL;
    struct haul_resolution *r = calloc(1, sizeof(*r));
    if (r == NULL) { *error = ENOMEM; return -1; }
    r->host = strdup(host);
    r->port = strdup(port);
    r->refs = 2;
    pthread_attr_t attributes;
    pthread_t thread;
    if (r->host == NULL || r->port == NULL || haul_wake_pipe(r->done_fds) != 0) {
        free(r->host);
        free(r->port);
        free(r);
        *error = ENOMEM;
        return -1;
    }
    pthread_mutex_init(&r->lock, NULL);
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int started = pthread_create(&thread, &attributes, haul_resolve_thread, r);
    pthread_attr_destroy(&attributes);
    if (started != 0) {
        // No thread to spare: resolve here, as before (uncancellable, but it works).
        r->refs = 1;
        hints = haul_stream_hints(0);
        r->status = getaddrinfo(host, port, &hints, &r->addresses);
    } else {
        for (;;) {
            long long left = deadline - haul_now_ms();
            if (left <= 0) { *error = ETIMEDOUT; haul_resolution_release(r); return -1; }
            struct pollfd fds[2] = {{r->done_fds[0], POLLIN, 0}, {wake_fd, POLLIN, 0}};
            int ready = poll(fds, wake_fd >= 0 ? 2 : 1, (int)(left > 60000 ? 60000 : left));
            if (ready < 0 && errno != EINTR) { *error = errno; haul_resolution_release(r); return -1; }
            if (ready <= 0) continue;
            if (fds[0].revents != 0) break;
            if (wake_fd >= 0 && fds[1].revents != 0) { *error = HAUL_E_WOKEN; haul_resolution_release(r); return -1; }
        }
    }
    // The thread wrote its result before it said so: it is ours to read, and to take.
    int status = r->status;
    *addresses = r->addresses;
    r->addresses = NULL;
    haul_resolution_release(r);
    if (status != 0 || *addresses == NULL) {
        if (*addresses != NULL) freeaddrinfo(*addresses);
        *addresses = NULL;
        *error = HAUL_E_RESOLVE;
        return -1;
    }
    return 0;
}

int haul_tcp_connect(const char *host, const char *port, int timeout_ms, int wake_fd, int *error) {
    // One deadline for the name and the connect: the connect timeout covers both, as curl's does.
    long long deadline = haul_now_ms() + timeout_ms;
    struct addrinfo *addresses = NULL;
    if (haul_resolve(host, port, deadline, wake_fd, &addresses, error) != 0) return -1;
    int fd = -1;
    *error = ECONNREFUSED;
    for (const struct addrinfo *address = addresses; address != NULL; address = address->ai_next) {
        fd = haul_connect_one(address, deadline, wake_fd, error);
        if (fd >= 0 || *error == HAUL_E_WOKEN || *error == ETIMEDOUT) break;
    }
    freeaddrinfo(addresses);
    return fd;
}

int haul_wait_readable(int fd, int wake_fd, int timeout_ms) {
    for (;;) {
        struct pollfd fds[2] = {{fd, POLLIN, 0}, {wake_fd, POLLIN, 0}};
        int ready = poll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return ready;
        if (wake_fd >= 0 && fds[1].revents != 0) return HAUL_E_WOKEN;
        return 1;
    }
}

int haul_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    return flags < 0 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

int haul_send_all(int fd, const void *bytes, long length, int wake_fd, int timeout_ms) {
#ifdef MSG_NOSIGNAL
    int flags = MSG_NOSIGNAL;
#else
    int flags = 0;
#endif
    const char *next = bytes;
    while (length > 0) {
        ssize_t sent = send(fd, next, (size_t)length, flags);
        if (sent < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
            struct pollfd fds[2] = {{fd, POLLOUT, 0}, {wake_fd, POLLIN, 0}};
            int ready = poll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms);
            if (ready < 0 && errno == EINTR) continue;
            if (ready < 0) return -1;
            if (ready == 0) { errno = ETIMEDOUT; return -1; }
            if (wake_fd >= 0 && fds[1].revents != 0) { errno = HAUL_E_WOKEN; return -1; }
            continue;
        }
        next += sent;
        length -= sent;
    }
    return 0;
}

int haul_socket_is_quiet(int fd) {
    struct pollfd descriptor = {fd, POLLIN, 0};
    int ready;
    do { ready = poll(&descriptor, 1, 0); } while (ready < 0 && errno == EINTR);
    return ready == 0 ? 1 : 0;
}
