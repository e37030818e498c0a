/* The MPI-free view of the registries (collectives.def, registry.def). */
#include "papsim_catalog.h"

#include <stdio.h>
#include <string.h>


const papsim_collective_entry papsim_collective_table[] = {
#define PAPSIM_COLLECTIVE(name, mpi, signature, family, traits, smpi, open_mpi, bytes)          \
    {#name, #mpi, #signature, #family, (traits), smpi, open_mpi, bytes},
#include "collectives.def"
};
const char *const papsim_collectives[] = {
#define PAPSIM_COLLECTIVE(name, ...) #name,
#include "collectives.def"
};
const size_t papsim_ncollectives = sizeof papsim_collectives / sizeof papsim_collectives[0];

/* The message-count models the rows name, defined in msgcount_models.c: a row whose
 * model is missing fails to link. */
#define PAPSIM_ALG(coll, name, flags, knobs, msgcount, open_mpi, mpich, desc)                   \
    extern const struct papsim_msgcount_model papsim_msgcount_model_##msgcount;
#include "registry.def"

const papsim_catalog_entry papsim_catalog[] = {
#define PAPSIM_ALG(coll, name, flags, knobs, msgcount, open_mpi, mpich, desc)                   \
    {#coll, #name, (flags), (knobs), &papsim_msgcount_model_##msgcount, #msgcount, open_mpi,    \
     mpich, desc},
#include "registry.def"
};
const size_t papsim_catalog_size = sizeof papsim_catalog / sizeof papsim_catalog[0];

const papsim_collective_entry *papsim_collective_find(const char *collective)
{
    for (size_t i = 0; i < papsim_ncollectives; i++)
        if (strcmp(papsim_collective_table[i].name, collective) == 0)
            return &papsim_collective_table[i];
    return NULL;
}

int papsim_collective_has(const char *collective, unsigned traits)
{
    const papsim_collective_entry *coll = papsim_collective_find(collective);
    return coll && (coll->traits & traits) == traits;
}

void papsim_collective_names_with(unsigned traits, char *buf, size_t len)
{
    size_t used = 0, n = 0, total = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < papsim_ncollectives; i++)
        total += (papsim_collective_table[i].traits & traits) == traits;
    for (size_t i = 0; i < papsim_ncollectives && used < len; i++)
        if ((papsim_collective_table[i].traits & traits) == traits)
            used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                     n++ == 0 ? "" : n == total ? " and " : ", ",
                                     papsim_collective_table[i].name);
}

int papsim_collective_known(const char *collective)
{
    return papsim_collective_find(collective) != NULL;
}

const papsim_catalog_entry *papsim_catalog_find_own(const char *collective, const char *name)
{
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if (strcmp(papsim_catalog[i].collective, collective) == 0 &&
            strcmp(papsim_catalog[i].name, name) == 0)
            return &papsim_catalog[i];
    return NULL;
}

/* Appends "sep item" to buf without overflowing it. */
static void append_item(char *buf, size_t len, const char *item, int *first)
{
    size_t used = strlen(buf);
    if (used < len)
        snprintf(buf + used, len - used, "%s%s", *first ? "" : ", ", item);
    *first = 0;
}

void papsim_catalog_own_names(const char *collective, char *buf, size_t len)
{
    int first = 1;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if (strcmp(papsim_catalog[i].collective, collective) == 0)
            append_item(buf, len, papsim_catalog[i].name, &first);
}

int papsim_collective_has_builtin(const char *collective)
{
    const papsim_collective_entry *coll = papsim_collective_find(collective);
    return coll && !(coll->traits & PAPSIM_C_NO_BUILTIN);
}

void papsim_collective_names(char *buf, size_t len)
{
    int first = 1;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < papsim_ncollectives; i++)
        append_item(buf, len, papsim_collectives[i], &first);
}

static int is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

int papsim_catalog_check_np(const papsim_catalog_entry *entry, int np, char *why, size_t len)
{
    if ((entry->flags & PAPSIM_R_POW2) && !is_power_of_two(np)) {
        snprintf(why, len, "%s/%s needs a power-of-two np (np=%d)", entry->collective, entry->name, np);
        return -1;
    }
    if ((entry->flags & PAPSIM_R_EVEN_NP) && np % 2 != 0) {
        snprintf(why, len, "%s/%s needs an even np (np=%d)", entry->collective, entry->name, np);
        return -1;
    }
    return 0;
}

typedef struct {
    unsigned bit;
    const char *text;
} bit_name;

/* The names of the bits set, "a, b", or "none". */
static void bits_text(unsigned bits, const bit_name *names, size_t n, char *buf, size_t len)
{
    int first = 1;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (bits & names[i].bit)
            append_item(buf, len, names[i].text, &first);
    if (first)
        snprintf(buf, len, "none");
}

void papsim_catalog_flags_text(unsigned flags, char *buf, size_t len)
{
    static const bit_name names[] = {
        {PAPSIM_R_POW2, "power-of-two np"},
        {PAPSIM_R_EVEN_NP, "even np"},
        {PAPSIM_R_COMMUTATIVE, "commutative op"},
        {PAPSIM_R_NO_IN_PLACE, "no MPI_IN_PLACE"},
    };
    bits_text(flags, names, sizeof names / sizeof names[0], buf, len);
}

void papsim_collective_traits_text(unsigned traits, char *buf, size_t len)
{
    static const bit_name names[] = {
        {PAPSIM_C_ROOTED, "rooted"},
        {PAPSIM_C_OP, "op"},
        {PAPSIM_C_VFORM, "v-form"},
        {PAPSIM_C_ONE_BUFFER, "one buffer"},
        {PAPSIM_C_NO_DATA, "no data"},
        {PAPSIM_C_STRICT_KNOBS, "strict knobs"},
        {PAPSIM_C_NO_BUILTIN, "no builtin"},
        {PAPSIM_C_MATRIX, "matrix"},
        {PAPSIM_C_ROOT_SENDS, "root sends"},
    };
    bits_text(traits, names, sizeof names / sizeof names[0], buf, len);
}

void papsim_catalog_knobs_text(unsigned knobs, char *buf, size_t len)
{
    static const struct { unsigned bit; const char *text; } names[] = {
        {PAPSIM_K_SEGMENT_BYTES, "segment_bytes"},
        {PAPSIM_K_SEGMENTS, "segments"},
        {PAPSIM_K_RADIX, "radix"},
        {PAPSIM_K_KNOMIAL_RADIX, "knomial_radix"},
        {PAPSIM_K_MAX_REQUESTS, "max_requests"},
        {PAPSIM_K_KNOWLEDGE, "knowledge"},
        {PAPSIM_K_ESTIMATED, "estimated"},
        {PAPSIM_K_MODEL, "model_alpha model_beta"},
        {PAPSIM_K_SCHEDULE_TIMED, "schedule_timed"},
    };
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if ((knobs & names[i].bit) && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "",
                                     names[i].text);
    if (!used)
        snprintf(buf, len, "none");
}

/* Appends text to buf at *used, never past len. */
static void append_text(char *buf, size_t len, size_t *used, const char *a, const char *b)
{
    if (*used < len)
        *used += (size_t)snprintf(buf + *used, len - *used, "%s%s", a, b);
}

void papsim_catalog_knob_users(unsigned knob, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t c = 0; c < papsim_ncollectives; c++) {
        size_t n = 0, total = 0;
        for (size_t i = 0; i < papsim_catalog_size; i++)
            total += !strcmp(papsim_catalog[i].collective, papsim_collectives[c]) &&
                     (papsim_catalog[i].knobs & knob);
        if (total)
            append_text(buf, len, &used, used ? "; " : "", papsim_collectives[c]);
        for (size_t i = 0; i < papsim_catalog_size; i++)
            if (!strcmp(papsim_catalog[i].collective, papsim_collectives[c]) &&
                (papsim_catalog[i].knobs & knob)) {
                n++;
                append_text(buf, len, &used, n == 1 ? " " : n == total ? " and " : ", ",
                            papsim_catalog[i].name);
            }
    }
}

int papsim_catalog_open_mpi(const papsim_catalog_entry *entry, char *name, size_t len)
{
    const char *colon = entry ? strrchr(entry->open_mpi, ':') : NULL;
    size_t n;
    long id = 0;
    const char *c;

    if (!colon || colon == entry->open_mpi || !colon[1])
        return -1;
    for (c = colon + 1; *c; c++) {
        if (*c < '0' || *c > '9' || id > 1000)
            return -1;
        id = id * 10 + (*c - '0');
    }
    n = (size_t)(colon - entry->open_mpi);
    if (id < 1 || n >= len)
        return -1;
    memcpy(name, entry->open_mpi, n);
    name[n] = '\0';
    return (int)id;
}

int papsim_open_mpi_collective_id(const char *collective)
{
    const papsim_collective_entry *coll = papsim_collective_find(collective);
    return coll ? coll->open_mpi : -1;
}
