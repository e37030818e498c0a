/* The MPI-free view of the registry (see registry.def). */
#include "papsim_catalog.h"

#include <stdio.h>
#include <string.h>

#include "plugin.h"

const char *const papsim_collectives[] = {"allgather", "allgatherv", "reduce", "allreduce",
                                         "alltoall", "bcast", "barrier", "reduce_scatter",
                                         "reduce_scatter_block", "alltoallv", "scan",
                                         "exscan", "gather", "scatter", "gatherv",
                                         "scatterv"};
const size_t papsim_ncollectives = sizeof papsim_collectives / sizeof papsim_collectives[0];

/* The message-count models the rows name, defined in msgcount.c: a row whose
 * model is missing fails to link. */
#define PAPSIM_MODEL_DECL(name, flags, knobs, msgcount, open_mpi, mpich, desc)                  \
    extern const struct papsim_msgcount_model papsim_msgcount_model_##msgcount;
#define PAPSIM_ALLGATHER PAPSIM_MODEL_DECL
#define PAPSIM_ALLGATHERV PAPSIM_MODEL_DECL
#define PAPSIM_REDUCE PAPSIM_MODEL_DECL
#define PAPSIM_ALLREDUCE PAPSIM_MODEL_DECL
#define PAPSIM_ALLTOALL PAPSIM_MODEL_DECL
#define PAPSIM_BCAST PAPSIM_MODEL_DECL
#define PAPSIM_BARRIER PAPSIM_MODEL_DECL
#define PAPSIM_REDUCE_SCATTER PAPSIM_MODEL_DECL
#define PAPSIM_REDUCE_SCATTER_BLOCK PAPSIM_MODEL_DECL
#define PAPSIM_ALLTOALLV PAPSIM_MODEL_DECL
#define PAPSIM_SCAN PAPSIM_MODEL_DECL
#define PAPSIM_EXSCAN PAPSIM_MODEL_DECL
#define PAPSIM_GATHER PAPSIM_MODEL_DECL
#define PAPSIM_SCATTER PAPSIM_MODEL_DECL
#define PAPSIM_GATHERV PAPSIM_MODEL_DECL
#define PAPSIM_SCATTERV PAPSIM_MODEL_DECL
#include "registry.def"
#undef PAPSIM_MODEL_DECL

#define PAPSIM_ENTRY(coll, name, flags, knobs, msgcount, open_mpi, mpich, desc)                \
    {coll, #name, (flags), (knobs), &papsim_msgcount_model_##msgcount, #msgcount, open_mpi,     \
     mpich, desc},
const papsim_catalog_entry papsim_catalog[] = {
#define PAPSIM_ALLGATHER(...) PAPSIM_ENTRY("allgather", __VA_ARGS__)
#define PAPSIM_ALLGATHERV(...) PAPSIM_ENTRY("allgatherv", __VA_ARGS__)
#define PAPSIM_REDUCE(...) PAPSIM_ENTRY("reduce", __VA_ARGS__)
#define PAPSIM_ALLREDUCE(...) PAPSIM_ENTRY("allreduce", __VA_ARGS__)
#define PAPSIM_ALLTOALL(...) PAPSIM_ENTRY("alltoall", __VA_ARGS__)
#define PAPSIM_BCAST(...) PAPSIM_ENTRY("bcast", __VA_ARGS__)
#define PAPSIM_BARRIER(...) PAPSIM_ENTRY("barrier", __VA_ARGS__)
#define PAPSIM_REDUCE_SCATTER(...) PAPSIM_ENTRY("reduce_scatter", __VA_ARGS__)
#define PAPSIM_REDUCE_SCATTER_BLOCK(...) PAPSIM_ENTRY("reduce_scatter_block", __VA_ARGS__)
#define PAPSIM_ALLTOALLV(...) PAPSIM_ENTRY("alltoallv", __VA_ARGS__)
#define PAPSIM_SCAN(...) PAPSIM_ENTRY("scan", __VA_ARGS__)
#define PAPSIM_EXSCAN(...) PAPSIM_ENTRY("exscan", __VA_ARGS__)
#define PAPSIM_GATHER(...) PAPSIM_ENTRY("gather", __VA_ARGS__)
#define PAPSIM_SCATTER(...) PAPSIM_ENTRY("scatter", __VA_ARGS__)
#define PAPSIM_GATHERV(...) PAPSIM_ENTRY("gatherv", __VA_ARGS__)
#define PAPSIM_SCATTERV(...) PAPSIM_ENTRY("scatterv", __VA_ARGS__)
#include "registry.def"
};
#undef PAPSIM_ENTRY
const size_t papsim_catalog_size = sizeof papsim_catalog / sizeof papsim_catalog[0];

int papsim_collective_known(const char *collective)
{
    for (size_t i = 0; i < papsim_ncollectives; i++)
        if (strcmp(papsim_collectives[i], collective) == 0)
            return 1;
    return 0;
}

const papsim_catalog_entry *papsim_catalog_find(const char *collective, const char *name)
{
    if (papsim_is_user_algorithm(name))
        return papsim_plugin_find(collective, name);
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

/* SMPI chooses its algorithm of a collective by an smpi/<collective>
 * option; it has none for scan and exscan (one fixed linear pattern each),
 * so they have no builtin:NAME. */
static int has_builtin(const char *collective)
{
    return strcmp(collective, "scan") != 0 && strcmp(collective, "exscan") != 0;
}

void papsim_catalog_names(const char *collective, char *buf, size_t len)
{
    int first = 1;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if (strcmp(papsim_catalog[i].collective, collective) == 0)
            append_item(buf, len, papsim_catalog[i].name, &first);
    for (size_t i = 0; papsim_plugin_at(i, NULL); i++)
        if (strcmp(papsim_plugin_at(i, NULL)->collective, collective) == 0)
            append_item(buf, len, papsim_plugin_at(i, NULL)->name, &first);
    if (has_builtin(collective))
        append_item(buf, len, "builtin:NAME", &first);
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

void papsim_catalog_flags_text(unsigned flags, char *buf, size_t len)
{
    static const struct { unsigned bit; const char *text; } names[] = {
        {PAPSIM_R_POW2, "power-of-two np"},
        {PAPSIM_R_EVEN_NP, "even np"},
        {PAPSIM_R_COMMUTATIVE, "commutative op"},
        {PAPSIM_R_NO_IN_PLACE, "no MPI_IN_PLACE"},
    };
    int first = 1;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (flags & names[i].bit)
            append_item(buf, len, names[i].text, &first);
    if (first)
        snprintf(buf, len, "none");
}

int papsim_algorithm_check(const char *collective, const char *algorithm, int np,
                           const papsim_catalog_entry **entry, char *why, size_t len)
{
    char names[1024];
    *entry = NULL;
    if (!papsim_collective_known(collective)) {
        papsim_collective_names(names, sizeof names);
        snprintf(why, len, "collective '%s' is unknown (valid: %s)", collective, names);
        return -1;
    }
    if (strncmp(algorithm, "builtin:", 8) == 0) {
        if (!has_builtin(collective)) {
            papsim_catalog_names(collective, names, sizeof names);
            snprintf(why, len, "'%s': %s has no builtin: algorithm (SMPI has no smpi/%s option: "
                               "its MPI_%s is one fixed linear pattern; valid: %s)",
                     algorithm, collective, collective,
                     strcmp(collective, "scan") == 0 ? "Scan" : "Exscan", names);
            return -1;
        }
        if (algorithm[8])
            return 0;
        snprintf(why, len, "algorithm 'builtin:' needs a name (builtin:NAME)");
        return -1;
    }
    *entry = papsim_catalog_find(collective, algorithm);
    if (!*entry) {
        papsim_catalog_names(collective, names, sizeof names);
        snprintf(why, len, "'%s' is not a %s algorithm (valid: %s)", algorithm, collective, names);
        return -1;
    }
    return np > 0 ? papsim_catalog_check_np(*entry, np, why, len) : 0;
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
    static const struct {
        const char *name;
        int id;
    } ids[] = {{"allgather", 0},       {"allgatherv", 1},      {"allreduce", 2},
               {"alltoall", 3},        {"alltoallv", 4},       {"barrier", 6},
               {"bcast", 7},           {"exscan", 8},          {"gather", 9},
               {"reduce", 11},         {"reduce_scatter", 12}, {"reduce_scatter_block", 13},
               {"scan", 14},           {"scatter", 15}};
    size_t i;

    for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (strcmp(ids[i].name, collective) == 0)
            return ids[i].id;
    return -1;
}
