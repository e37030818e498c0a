/* The registered user algorithms: see plugin.h. */
#include "plugin.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "papsim_plugin.h"

/* At most this many user algorithms per process, and this large a file. */
#define PLUGIN_MAX 64
#define PLUGIN_FILE_MAX ((size_t)256 << 20)

typedef struct {
    char path[PATH_MAX];
    papsim_plugin_declaration decl;
    char name[sizeof PAPSIM_USER_PREFIX + PAPSIM_PLUGIN_NAME_MAX];
    papsim_catalog_entry entry;
    void *handle; /* dlopen's, once opened */
    papsim_plugin_fn *fn;
} plugin;

static plugin plugins[PLUGIN_MAX];
static size_t nplugins;

/* What every refusal ends with: how to make a file papsim reads. */
#define REBUILD_HINT "papsim new COLLECTIVE NAME writes a file with its declaration"

int papsim_is_user_algorithm(const char *name)
{
    return name && strncmp(name, PAPSIM_USER_PREFIX, sizeof PAPSIM_USER_PREFIX - 1) == 0;
}

/* The whole file at path into *data (at most PLUGIN_FILE_MAX bytes). */
static int read_file(const char *path, unsigned char **data, size_t *size, char *why, size_t len)
{
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, len, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > PLUGIN_FILE_MAX) {
        snprintf(why, len, "%s: not a regular file of at most %zu MiB: give the shared object "
                           "built from your algorithm's C file", path, PLUGIN_FILE_MAX >> 20);
        fclose(f);
        return -1;
    }
    *size = (size_t)st.st_size;
    *data = malloc(*size ? *size : 1);
    if (!*data || fread(*data, 1, *size, f) != *size) {
        snprintf(why, len, "%s: cannot read: %s", path, *data ? "short read" : "out of memory");
        free(*data);
        *data = NULL;
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}

/* The declaration in the file's bytes: exactly one magic, then the fixed
 * head (version, size) of every interface version, then this version's
 * layout. */
static int find_declaration(const char *path, const unsigned char *data, size_t size,
                            papsim_plugin_declaration *decl, char *why, size_t len)
{
    static const char magic[16] = PAPSIM_PLUGIN_MAGIC;
    const unsigned char *at = NULL, *p = data;
    unsigned head[2];
    int found = 0;

    if (size < 18 || memcmp(data, "\177ELF", 4) != 0 || data[16] + 256 * data[17] != 3) {
        snprintf(why, len, "%s: not a shared object (ELF ET_DYN): build your algorithm's C file "
                           "with -shared -fPIC (%s)", path, REBUILD_HINT);
        return -1;
    }
    while ((p = memmem(p, size - (size_t)(p - data), magic, sizeof magic)) != NULL) {
        found++;
        at = at ? at : p;
        p += sizeof magic;
    }
    if (found == 0) {
        snprintf(why, len, "%s: holds no papsim algorithm declaration: add "
                           "PAPSIM_PLUGIN_ALGORITHM(...) (papsim/papsim_plugin.h) to its C file "
                           "and rebuild (%s)", path, REBUILD_HINT);
        return -1;
    }
    if (found > 1) {
        snprintf(why, len, "%s: holds %d papsim algorithm declarations: build one algorithm "
                           "per shared object", path, found);
        return -1;
    }
    if ((size_t)(data + size - at) < sizeof magic + sizeof head) {
        snprintf(why, len, "%s: its declaration is cut short: rebuild it", path);
        return -1;
    }
    memcpy(head, at + sizeof magic, sizeof head);
    if (head[0] != PAPSIM_PLUGIN_ABI_VERSION) {
        snprintf(why, len, "%s: built against papsim's plugin interface version %u, but this "
                           "papsim reads version %d: rebuild it against this papsim "
                           "(pkg-config papsim-smpi / papsim-mpi, or find_package(papsim))",
                 path, head[0], PAPSIM_PLUGIN_ABI_VERSION);
        return -1;
    }
    if (head[1] != sizeof *decl || (size_t)(data + size - at) < sizeof *decl) {
        snprintf(why, len, "%s: its declaration has %u bytes, interface version %d has %zu: "
                           "rebuild it against this papsim", path, head[1],
                 PAPSIM_PLUGIN_ABI_VERSION, sizeof *decl);
        return -1;
    }
    memcpy(decl, at, sizeof *decl);
    return 0;
}

static int terminated(const char *field, size_t size) { return memchr(field, '\0', size) != NULL; }

static int is_identifier(const char *s, int lower_only)
{
    if (!*s || (*s >= '0' && *s <= '9'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_' ||
              (!lower_only && *s >= 'A' && *s <= 'Z')))
            return 0;
    return 1;
}

/* papsim's message-count model called `name` (a msgcount_name of its
 * catalog), or NULL. */
static const struct papsim_msgcount_model *model_named(const char *name)
{
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if (!strcmp(papsim_catalog[i].msgcount_name, name))
            return papsim_catalog[i].msgcount;
    return NULL;
}

/* Every field of the declaration, as papsim's own registry rows are
 * checked; fills the catalog entry of pl. */
static int check_declaration(const char *path, plugin *pl, char *why, size_t len)
{
    papsim_plugin_declaration *d = &pl->decl;
    char names[1024], ompi[PAPSIM_PLUGIN_NAME_MAX];
    papsim_catalog_entry probe;

    if (!terminated(d->collective, sizeof d->collective) || !terminated(d->name, sizeof d->name) ||
        !terminated(d->function, sizeof d->function) || !terminated(d->msgcount, sizeof d->msgcount) ||
        !terminated(d->open_mpi, sizeof d->open_mpi) || !terminated(d->mpich, sizeof d->mpich) ||
        !terminated(d->mpi, sizeof d->mpi) || !terminated(d->description, sizeof d->description)) {
        snprintf(why, len, "%s: a text field of its declaration is too long: shorten it and "
                           "rebuild", path);
        return -1;
    }
    if (!papsim_collective_known(d->collective)) {
        papsim_collective_names(names, sizeof names);
        snprintf(why, len, "%s: declares collective '%s', which papsim does not know: use one "
                           "of %s (the first argument of PAPSIM_PLUGIN_ALGORITHM)",
                 path, d->collective, names);
        return -1;
    }
    if (!is_identifier(d->name, 1)) {
        snprintf(why, len, "%s: declares the name '%s': use lower-case letters, digits and _ "
                           "(at most %d)", path, d->name, PAPSIM_PLUGIN_NAME_MAX - 1);
        return -1;
    }
    if (papsim_catalog_find_own(d->collective, d->name)) {
        snprintf(why, len, "%s: declares %s '%s', the name of one of papsim's own %s "
                           "algorithms: rename it (the second argument of "
                           "PAPSIM_PLUGIN_ALGORITHM)", path, d->collective, d->name, d->collective);
        return -1;
    }
    if (d->flags & ~(unsigned)PAPSIM_R_ALL) {
        snprintf(why, len, "%s: declares restriction flags 0x%x that papsim does not know "
                           "(known: PAPSIM_R_POW2, PAPSIM_R_EVEN_NP, PAPSIM_R_COMMUTATIVE, "
                           "PAPSIM_R_NO_IN_PLACE): use only those, or rebuild against the "
                           "papsim that defines them", path, d->flags & ~(unsigned)PAPSIM_R_ALL);
        return -1;
    }
    if (d->knobs & ~(unsigned)PAPSIM_K_ALL) {
        snprintf(why, len, "%s: declares knobs 0x%x that papsim does not know (known: the "
                           "PAPSIM_K_* of papsim/papsim_catalog.h): use only those, or rebuild "
                           "against the papsim that defines them",
                 path, d->knobs & ~(unsigned)PAPSIM_K_ALL);
        return -1;
    }
    if (d->msgcount[0] && !model_named(d->msgcount)) {
        snprintf(why, len, "%s: declares the message-count model '%s', which papsim does not "
                           "have: name one of the msgcount column of `papsim list --format csv`, "
                           "or \"\" for the default estimate", path, d->msgcount);
        return -1;
    }
    probe.open_mpi = d->open_mpi;
    if (d->open_mpi[0] && papsim_catalog_open_mpi(&probe, ompi, sizeof ompi) < 0) {
        snprintf(why, len, "%s: declares the Open MPI counterpart '%s': write it NAME:ID as "
                           "`ompi_info --param coll tuned --level 9` lists it, or \"\"",
                 path, d->open_mpi);
        return -1;
    }
    if (!is_identifier(d->function, 0)) {
        snprintf(why, len, "%s: declares the function '%s', which is not a C identifier",
                 path, d->function);
        return -1;
    }
    snprintf(pl->name, sizeof pl->name, "%s%s", PAPSIM_USER_PREFIX, d->name);
    pl->entry = (papsim_catalog_entry){d->collective, pl->name, d->flags, d->knobs,
                                       d->msgcount[0] ? model_named(d->msgcount) : NULL,
                                       d->msgcount, d->open_mpi, d->mpich, d->description};
    return 0;
}

static plugin *find_path(const char *real)
{
    for (size_t i = 0; i < nplugins; i++)
        if (!strcmp(plugins[i].path, real))
            return &plugins[i];
    return NULL;
}

/* The file was built for mpi ("SMPI", "Open MPI", ...; NULL: any). */
static int check_mpi(const char *path, const plugin *pl, const char *mpi, char *why, size_t len)
{
    if (!mpi || !strcmp(pl->decl.mpi, mpi))
        return 0;
    snprintf(why, len, "%s: built with %s's mpi.h, but this program runs on %s: give the "
                       "build for %s (%s)", path, pl->decl.mpi, mpi, mpi,
             strcmp(mpi, "SMPI") ? "pkg-config papsim-mpi: NAME.mpi.so"
                                 : "pkg-config papsim-smpi: NAME.smpi.so");
    return -1;
}

int papsim_plugin_register(const char *path, const char *mpi, char *why, size_t len)
{
    char real[PATH_MAX];
    unsigned char *data = NULL;
    size_t size = 0;
    plugin *pl;
    int rc;

    if (!realpath(path, real)) {
        snprintf(why, len, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if ((pl = find_path(real)) != NULL)
        return check_mpi(path, pl, mpi, why, len);
    if (nplugins == PLUGIN_MAX) {
        snprintf(why, len, "%s: more than %d user algorithms", path, PLUGIN_MAX);
        return -1;
    }
    pl = &plugins[nplugins];
    memset(pl, 0, sizeof *pl);
    if (read_file(path, &data, &size, why, len) != 0)
        return -1;
    rc = find_declaration(path, data, size, &pl->decl, why, len);
    free(data);
    if (rc != 0 || check_declaration(path, pl, why, len) != 0)
        return -1;
    if (check_mpi(path, pl, mpi, why, len) != 0)
        return -1;
    const papsim_catalog_entry *other = papsim_plugin_find(pl->entry.collective, pl->name);
    if (other) {
        const char *other_path = NULL;
        for (size_t i = 0; i < nplugins; i++)
            if (&plugins[i].entry == other)
                other_path = plugins[i].path;
        snprintf(why, len, "%s: declares %s %s, which %s declares too: rename one of them",
                 path, pl->entry.collective, pl->name, other_path ? other_path : "another file");
        return -1;
    }
    snprintf(pl->path, sizeof pl->path, "%s", real);
    nplugins++;
    return 0;
}

int papsim_plugin_open(const char *path, const char *mpi, char *why, size_t len)
{
    char real[PATH_MAX];
    plugin *pl;
    void *sym;

    if (papsim_plugin_register(path, mpi, why, len) != 0)
        return -1;
    if (!realpath(path, real) || !(pl = find_path(real))) {
        snprintf(why, len, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (pl->fn)
        return 0;
    if (!pl->handle && !(pl->handle = dlopen(real, RTLD_NOW | RTLD_LOCAL))) {
        const char *err = dlerror();
        size_t n = strlen(real);
        if (err && !strncmp(err, real, n) && !strncmp(err + n, ": ", 2))
            err += n + 2; /* dlerror names the file too */
        snprintf(why, len, "%s: does not load: %s: rebuild it against this papsim for %s",
                 path, err ? err : "unknown error", mpi ? mpi : "this MPI");
        return -1;
    }
    sym = dlsym(pl->handle, "papsim_plugin");
    if (!sym || memcmp(sym, &pl->decl, sizeof pl->decl) != 0) {
        snprintf(why, len, "%s: the declaration the loaded file exports differs from the one "
                           "in its bytes: rebuild it", path);
        return -1;
    }
    sym = dlsym(pl->handle, pl->decl.function);
    if (!sym) {
        snprintf(why, len, "%s: declares the function %s, which the file does not define "
                           "(or not as an exported symbol): define it without static",
                 path, pl->decl.function);
        return -1;
    }
    /* POSIX: a function's address from dlsym converts to a function pointer. */
    memcpy(&pl->fn, &sym, sizeof pl->fn);
    return 0;
}

static const plugin *find_named(const char *collective, const char *name)
{
    for (size_t i = 0; i < nplugins; i++)
        if (!strcmp(plugins[i].entry.collective, collective) && !strcmp(plugins[i].name, name))
            return &plugins[i];
    return NULL;
}

const papsim_catalog_entry *papsim_plugin_find(const char *collective, const char *name)
{
    const plugin *pl = find_named(collective, name);
    return pl ? &pl->entry : NULL;
}

papsim_plugin_fn *papsim_plugin_function(const char *collective, const char *name)
{
    const plugin *pl = find_named(collective, name);
    return pl ? pl->fn : NULL;
}

const char *papsim_plugin_path(const char *collective, const char *name)
{
    const plugin *pl = find_named(collective, name);
    return pl ? pl->path : NULL;
}

size_t papsim_plugin_count(void) { return nplugins; }

const papsim_catalog_entry *papsim_plugin_at(size_t i, const char **path)
{
    if (i >= nplugins)
        return NULL;
    if (path)
        *path = plugins[i].path;
    return &plugins[i].entry;
}
