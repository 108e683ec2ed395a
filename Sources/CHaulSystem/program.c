// What `haul`'s main does first, while one thread runs: the program's .bss given pages.
#define _GNU_SOURCE
#include "chaulsystem.h"
#include <stdlib.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int haul_limit_malloc_arenas(int count) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    if (getenv("MALLOC_ARENA_MAX") != NULL) return 0;
    return mallopt(M_ARENA_MAX, count) == 1 ? 1 : 0;
#else
    (void)count;
    return 0;
#endif
}

#if defined(__linux__)
#include <link.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

struct haul_range {
    uintptr_t start;
    uintptr_t end;
};

// The first object dl_iterate_phdr visits is the program itself. Its .bss is the part of a writable load segment
// past the file's bytes (page-rounded inward at the start, where the segment's last file page holds data too, and
// outward at the end, where the mapping ends); of several such segments the one with the most, since lld also ends
// the RELRO segment with a few pages of padding that turn read-only after relocation.
static int haul_find_program_bss(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct haul_range *range = data;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_W) || header->p_memsz <= header->p_filesz) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr + header->p_filesz;
        uintptr_t end = info->dlpi_addr + header->p_vaddr + header->p_memsz;
        start = (start + page - 1) & ~(page - 1);
        end = (end + page - 1) & ~(page - 1);
        if (end - start > range->end - range->start) {
            range->start = start;
            range->end = end;
        }
    }
    return 1;
}
#endif

int haul_program_bss(uintptr_t *start, uintptr_t *end) {
#if defined(__linux__)
    struct haul_range range = {0, 0};
    dl_iterate_phdr(haul_find_program_bss, &range);
    if (range.end <= range.start) return -1;
    *start = range.start;
    *end = range.end;
    return 0;
#else
    (void)start;
    (void)end;
    return -1;
#endif
}

void haul_populate_bss(void) {
#if defined(__linux__)
    uintptr_t start, end;
    if (haul_program_bss(&start, &end) == 0) (void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#endif
}
