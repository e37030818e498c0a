#include "smpi/provenance.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "platform/platform.h"
#include "util/papsim_input.h"

int papsim_hash_file(const char *path, char hex[17], papsim_err *e)
{
    /* a spec or a platform: the larger limit, the platform's */
    return papsim_input_key(path, &papsim_limits_platform, hex, e);
}

/* A command-line word as a shell would need it: bare when it holds only
 * safe characters, else in single quotes. */
static void put_word(FILE *f, const char *w)
{
    if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                        "-_./=:,+@%") == strlen(w)) {
        fputs(w, f);
        return;
    }
    fputc('\'', f);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", f);
        else if (*w == '\n')
            fputc(' ', f); /* one record line per key */
        else
            fputc(*w, f);
    fputc('\'', f);
}

static const char header[] =
    "# papsim provenance: what produced the results in this directory.\n"
    "# One [run] record per `papsim run` (or `papsim calibrate`) here, oldest\n"
    "# first; a resumed or extended sweep appends its record and keeps the\n"
    "# earlier ones.\n"
    "# papsim_version, papsim_commit: papsim and the git commit it was built from\n"
    "# simgrid_version: the SimGrid library smpirun loaded, read at run time\n"
    "# mpi_library: the real MPI's version where one ran\n"
    "# spec_fnv1a64, platform_fnv1a64, plugin_fnv1a64: 64-bit FNV-1a hashes of\n"
    "#   the files' bytes (platform \"default\": papsim's embedded platform XML;\n"
    "#   plugin: a user algorithm's shared object)\n"
    "# command: the command line; date_utc: when the record was written (a\n"
    "#   papsim run: its start), ISO 8601 UTC\n";

/* "KEY = HASH" of the file at path; a platform "default" is papsim's
 * embedded XML, a plugin (plugin non-zero) is read with its own limit. */
static int put_hash(FILE *f, const char *key, const char *path, int plugin, papsim_err *e)
{
    char hex[17];
    if (plugin) {
        if (papsim_input_key(path, &papsim_limits_plugin, hex, e) != 0)
            return -1;
    } else if (!strcmp(path, "default")) {
        uint64_t h = papsim_fnv1a64(PAPSIM_FNV1A64_INIT, papsim_default_platform_xml,
                                    strlen(papsim_default_platform_xml));
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    } else if (papsim_hash_file(path, hex, e) != 0) {
        return -1;
    }
    fprintf(f, "%s = %s\n", key, hex);
    return 0;
}

int papsim_provenance_append(const char *dir, const papsim_provenance *p, papsim_err *e)
{
    char path[4200], date[64];
    struct stat st;
    time_t now = time(NULL);
    struct tm tm;
    int rc = -1;

    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return papsim_fail(e, "'%s': cannot create: %s", dir, strerror(errno));
    snprintf(path, sizeof path, "%s/%s", dir, PAPSIM_PROVENANCE_FILE);
    int fresh = stat(path, &st) != 0 || st.st_size == 0;
    FILE *f = fopen(path, "a");
    if (!f)
        return papsim_fail(e, "%s: cannot write: %s", path, strerror(errno));
    if (!gmtime_r(&now, &tm) || !strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm))
        snprintf(date, sizeof date, "unknown");
    if (fresh)
        fputs(header, f);
    fprintf(f, "\n[run]\npapsim_version = %s\npapsim_commit = %s\n", papsim_version_string,
            papsim_commit_string);
    fprintf(f, "simgrid_version = %s\n", p->simgrid_version ? p->simgrid_version : "unknown");
    fprintf(f, "mpi_library = %s\n", p->mpi_library ? p->mpi_library : "none (SimGrid/SMPI)");
    if (p->spec_path) {
        fprintf(f, "spec = %s\n", p->spec_path);
        if (put_hash(f, "spec_fnv1a64", p->spec_path, 0, e) != 0)
            goto out;
    }
    for (int i = 0; i < p->nplatforms; i++) {
        fprintf(f, "platform = %s\n", p->platforms[i]);
        if (put_hash(f, "platform_fnv1a64", p->platforms[i], 0, e) != 0)
            goto out;
    }
    for (int i = 0; i < p->nplugins; i++) {
        fprintf(f, "plugin = %s\n", p->plugins[i]);
        if (put_hash(f, "plugin_fnv1a64", p->plugins[i], 1, e) != 0)
            goto out;
    }
    fputs("command =", f);
    for (int i = 0; i < p->argc; i++) {
        fputc(' ', f);
        put_word(f, p->argv[i]);
    }
    fprintf(f, "\ndate_utc = %s\n", date);
    rc = 0;
out:
    if (fclose(f) != 0 && rc == 0)
        rc = papsim_fail(e, "%s: write failed", path);
    return rc;
}

int papsim_provenance_copy_records(const char *dir, const char *from_dir, papsim_err *e)
{
    char from[4200], path[4200], *line;
    size_t len;
    int got;
    struct stat st;
    papsim_input in;
    snprintf(from, sizeof from, "%s/%s", from_dir, PAPSIM_PROVENANCE_FILE);
    snprintf(path, sizeof path, "%s/%s", dir, PAPSIM_PROVENANCE_FILE);
    if (lstat(from, &st) != 0 && errno == ENOENT)
        return 0;
    if (papsim_input_open(&in, from, &papsim_limits_record, e) != 0)
        return -1;
    int fresh = stat(path, &st) != 0 || st.st_size == 0;
    FILE *out = fopen(path, "a");
    if (!out) {
        papsim_input_close(&in);
        return papsim_fail(e, "%s: cannot write: %s", path, strerror(errno));
    }
    if (fresh)
        fputs(header, out);
    int in_record = 0; /* past the header */
    while ((got = papsim_input_getline(&in, &line, &len, e)) == 1) {
        if (!strncmp(line, "[run]", 5)) {
            fprintf(out, "\n# from %s\n", from_dir);
            in_record = 1;
        }
        if (in_record && line[0] != '\n') /* the blank line comes with the note */
            fputs(line, out);
    }
    papsim_input_close(&in);
    if (fclose(out) != 0)
        return papsim_fail(e, "%s: write failed", path);
    return got < 0 ? -1 : 0;
}

int papsim_provenance_simgrid_of(const char *csv_path, char *buf, size_t len)
{
    char path[4200], *line;
    size_t line_len;
    struct stat st;
    papsim_input in;
    papsim_err e = {{0}};
    const char *slash = strrchr(csv_path, '/');
    int dirlen = slash ? (int)(slash - csv_path) : 1;
    snprintf(path, sizeof path, "%.*s/%s", dirlen, slash ? csv_path : ".",
             PAPSIM_PROVENANCE_FILE);
    if (slash == csv_path) /* a CSV in / */
        snprintf(path, sizeof path, "/%s", PAPSIM_PROVENANCE_FILE);
    if (lstat(path, &st) != 0 && errno == ENOENT)
        return 0;
    if (papsim_input_open(&in, path, &papsim_limits_record, &e) != 0)
        return -1;
    int found = 0;
    if (len)
        buf[0] = '\0';
    while (papsim_input_getline(&in, &line, &line_len, &e) == 1) {
        const char *key = "simgrid_version = ";
        if (strncmp(line, key, strlen(key)) != 0)
            continue;
        char *v = line + strlen(key);
        v[strcspn(v, "\r\n")] = '\0';
        size_t vl = strlen(v), bl = strlen(buf);
        int seen = 0; /* already listed? */
        for (const char *s = buf; !seen && (s = strstr(s, v)) != NULL; s++)
            seen = (s == buf || s[-1] == ' ') && (s[vl] == '\0' || s[vl] == ',');
        if (!seen)
            snprintf(buf + bl, len - bl, "%s%s", found ? ", " : "", v);
        found = 1;
    }
    papsim_input_close(&in);
    return found;
}
