// A small pool of detached threads for the direct client's requests.
#define _GNU_SOURCE
#include "chaulsystem.h"
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Detached threads, kept for the next job.
 *
 * A list of small files starts one blocking request per file (`DetachedThread`); making and ending a pthread each
 * time (clone3, the stack's mapping and guard page, page faults, the exit) cost about 3 % of the CPU of a 60-file
 * list, measured in pairs (docs/history/benchmarks-rounds.md, round 10). A thread that finishes its job now parks for up to HAUL_WORKER_IDLE_SECONDS waiting for
 * the next one; at most HAUL_WORKER_IDLE_MAX park at once, and one that waits longer ends. A job never waits for a
 * busy worker: when none is idle, a new thread is made, as before. */
#define HAUL_WORKER_IDLE_MAX 16
#define HAUL_WORKER_IDLE_SECONDS 10

struct haul_worker {
    pthread_cond_t wake;
    void (*body)(void *);
    void *context;
    struct haul_worker *next;
};

static pthread_mutex_t haul_workers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct haul_worker *haul_idle_workers = NULL;
static int haul_idle_worker_count = 0;

static void haul_unlink_idle(struct haul_worker *worker) {
    for (struct haul_worker **link = &haul_idle_workers; *link != NULL; link = &(*link)->next) {
        if (*link == worker) {
            *link = worker->next;
            haul_idle_worker_count -= 1;
            return;
        }
    }
}

static void *haul_worker_main(void *argument) {
    struct haul_worker *worker = argument;
    for (;;) {
        worker->body(worker->context);
        pthread_mutex_lock(&haul_workers_lock);
        worker->body = NULL;
        worker->context = NULL;
        if (haul_idle_worker_count >= HAUL_WORKER_IDLE_MAX) {
            pthread_mutex_unlock(&haul_workers_lock);
            break;
        }
        worker->next = haul_idle_workers;
        haul_idle_workers = worker;
        haul_idle_worker_count += 1;
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += HAUL_WORKER_IDLE_SECONDS;
        int waited = 0;
        while (worker->body == NULL && waited != ETIMEDOUT) {
            waited = pthread_cond_timedwait(&worker->wake, &haul_workers_lock, &deadline);
        }
        if (worker->body == NULL) {  // timed out and nobody took it meanwhile: it is still listed
            haul_unlink_idle(worker);
            pthread_mutex_unlock(&haul_workers_lock);
            break;
        }
        pthread_mutex_unlock(&haul_workers_lock);  // `haul_spawn_detached` unlisted it when it gave the job
    }
    pthread_cond_destroy(&worker->wake);
    free(worker);
    return NULL;
}

int haul_spawn_detached(void (*body)(void *), void *context) {
    pthread_mutex_lock(&haul_workers_lock);
    struct haul_worker *idle = haul_idle_workers;
    if (idle != NULL) {
        haul_idle_workers = idle->next;
        haul_idle_worker_count -= 1;
        idle->next = NULL;
        idle->body = body;
        idle->context = context;
        pthread_cond_signal(&idle->wake);
        pthread_mutex_unlock(&haul_workers_lock);
        return 0;
    }
    pthread_mutex_unlock(&haul_workers_lock);

    struct haul_worker *worker = calloc(1, sizeof(*worker));
    if (worker == NULL) return ENOMEM;
    int failure = pthread_cond_init(&worker->wake, NULL);
    if (failure != 0) {
        free(worker);
        return failure;
    }
    worker->body = body;
    worker->context = context;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 256 * 1024);
    pthread_t thread;
    failure = pthread_create(&thread, &attributes, haul_worker_main, worker);
    pthread_attr_destroy(&attributes);
    if (failure != 0) {
        pthread_cond_destroy(&worker->wake);
        free(worker);
    }
    return failure;
}

int haul_idle_workers_count(void) {
    pthread_mutex_lock(&haul_workers_lock);
    int count = haul_idle_worker_count;
    pthread_mutex_unlock(&haul_workers_lock);
    return count;
}
