/* 64-bit FNV-1a, the one hash papsim uses for case ids and file hashes:
 * stable across machines and runs. Start with PAPSIM_FNV1A64_INIT and feed
 * bytes in any number of pieces. Header-only, so papbench and the library
 * share it without a link dependency. */
#ifndef PAPSIM_FNV1A_H
#define PAPSIM_FNV1A_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define PAPSIM_FNV1A64_INIT UINT64_C(0xcbf29ce484222325)

static inline uint64_t papsim_fnv1a64(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

/* 1 if s is a hash as papsim prints one (case ids, content keys): 16
 * lowercase hex digits, "%016llx". */
static inline int papsim_is_key16(const char *s)
{
    return strlen(s) == 16 && strspn(s, "0123456789abcdef") == 16;
}

#endif
