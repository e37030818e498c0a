/* Unit tests for lib/smpi/provenance.c: the FNV-1a 64 hash against
 * the published test vectors of the FNV reference, file hashing, the
 * provenance record (keys, hashes, quoting, records appended on resume,
 * copied by papsim merge) and reading SimGrid versions back for papsim regress. Needs a writable
 * /tmp (or TMPDIR). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "platform/platform.h"
#include "smpi/provenance.h"

static void hex_of(uint64_t h, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

static void test_known_answers(check_counts *c)
{
    /* Test vectors of the FNV reference (64-bit FNV-1a). */
    static const struct { const char *in, *want; } kat[] = {
        {"", "cbf29ce484222325"},
        {"a", "af63dc4c8601ec8c"},
        {"foobar", "85944171f73967e8"},
    };
    char got[17];
    for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        hex_of(papsim_fnv1a64(PAPSIM_FNV1A64_INIT, kat[i].in, strlen(kat[i].in)), got);
        CHECK_STR(c, got, kat[i].want);
    }
    /* In pieces: the same as at once. */
    uint64_t h = papsim_fnv1a64(PAPSIM_FNV1A64_INIT, "foo", 3);
    hex_of(papsim_fnv1a64(h, "bar", 3), got);
    CHECK_STR(c, got, "85944171f73967e8");
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* The value of the n-th (from 1) "key = value" line with this key. */
static int value_of(const char *path, const char *key, int n, char *out, size_t len)
{
    char line[8192];
    size_t kl = strlen(key);
    FILE *f = fopen(path, "r");
    int rc = -1;
    while (f && rc && fgets(line, sizeof line, f))
        if (!strncmp(line, key, kl) && !strncmp(line + kl, " = ", 3) && --n == 0) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, len, "%s", line + kl + 3);
            rc = 0;
        }
    if (f)
        fclose(f);
    return rc;
}

static int count_lines(const char *path, const char *prefix)
{
    char line[8192];
    int n = 0;
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        n += !strncmp(line, prefix, strlen(prefix));
    if (f)
        fclose(f);
    return n;
}

static void test_files(check_counts *c, const char *dir)
{
    char spec[4200], out[4200], prov[4300], got[4096], want[17];
    papsim_err e = {{0}};
    snprintf(spec, sizeof spec, "%s/spec.ini", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(prov, sizeof prov, "%s/%s", out, PAPSIM_PROVENANCE_FILE);

    CHECK(c, write_file(spec, "foobar") == 0, "cannot write %s", spec);
    CHECK(c, papsim_hash_file(spec, want, &e) == 0, "%s", e.msg);
    CHECK_STR(c, want, "85944171f73967e8");
    CHECK(c, papsim_hash_file("/nonexistent/spec.ini", want, &e) == -1, "missing file hashed");
    CHECK(c, strstr(e.msg, "/nonexistent/spec.ini") != NULL, "message '%s'", e.msg);

    /* A record; a word with a blank and a quote is quoted. */
    char *argv[] = {"papsim", "run", spec, "--cfg=a:b", "it's here"};
    const char *platforms[] = {"default", spec};
    papsim_provenance p = {5, argv, spec, platforms, 2, "3.32.0", NULL, NULL, 0};
    CHECK(c, papsim_provenance_append(out, &p, &e) == 0, "%s", e.msg);
    const char *keys[] = {"papsim_version", "papsim_commit", "simgrid_version", "mpi_library",
                          "spec", "spec_fnv1a64", "platform", "platform_fnv1a64", "command",
                          "date_utc"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        CHECK(c, value_of(prov, keys[i], 1, got, sizeof got) == 0, "no key %s", keys[i]);
    value_of(prov, "papsim_version", 1, got, sizeof got);
    CHECK_STR(c, got, papsim_version_string);
    value_of(prov, "spec_fnv1a64", 1, got, sizeof got);
    CHECK_STR(c, got, "85944171f73967e8");
    value_of(prov, "platform", 1, got, sizeof got);
    CHECK_STR(c, got, "default");
    value_of(prov, "platform_fnv1a64", 1, got, sizeof got);
    hex_of(papsim_fnv1a64(PAPSIM_FNV1A64_INIT, papsim_default_platform_xml,
                          strlen(papsim_default_platform_xml)), want);
    CHECK_STR(c, got, want);
    value_of(prov, "platform_fnv1a64", 2, got, sizeof got);
    CHECK_STR(c, got, "85944171f73967e8");
    value_of(prov, "mpi_library", 1, got, sizeof got);
    CHECK_STR(c, got, "none (SimGrid/SMPI)");
    value_of(prov, "command", 1, got, sizeof got);
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "papsim run %s --cfg=a:b 'it'\\''s here'", spec);
    CHECK_STR(c, got, cmd);
    value_of(prov, "date_utc", 1, got, sizeof got);
    CHECK(c, strlen(got) == 20 && got[4] == '-' && got[10] == 'T' && got[19] == 'Z',
          "date '%s' is not ISO 8601 UTC", got);

    /* A second run (a resume) appends; the header is written once. */
    p.simgrid_version = "3.33.1";
    p.mpi_library = "Open MPI v4.1.4";
    CHECK(c, papsim_provenance_append(out, &p, &e) == 0, "%s", e.msg);
    CHECK(c, count_lines(prov, "[run]") == 2, "%d records", count_lines(prov, "[run]"));
    CHECK(c, count_lines(prov, "# papsim provenance") == 1, "header repeated");
    value_of(prov, "simgrid_version", 1, got, sizeof got);
    CHECK_STR(c, got, "3.32.0");
    value_of(prov, "mpi_library", 2, got, sizeof got);
    CHECK_STR(c, got, "Open MPI v4.1.4");

    /* Read back beside a CSV: distinct versions in order; none for a bare CSV. */
    char csv[4300], versions[256];
    snprintf(csv, sizeof csv, "%s/results.csv", out);
    CHECK(c, papsim_provenance_simgrid_of(csv, versions, sizeof versions) == 1, "not found");
    CHECK_STR(c, versions, "3.32.0, 3.33.1");
    p.simgrid_version = "3.32.0";
    CHECK(c, papsim_provenance_append(out, &p, &e) == 0, "%s", e.msg);
    CHECK(c, papsim_provenance_simgrid_of(csv, versions, sizeof versions) == 1, "not found");
    CHECK_STR(c, versions, "3.32.0, 3.33.1");
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    CHECK(c, papsim_provenance_simgrid_of(csv, versions, sizeof versions) == 0,
          "a directory without provenance.txt gave '%s'", versions);

    /* papsim merge: the records copied after a note of their directory. */
    char merged[4200], mprov[4300];
    snprintf(merged, sizeof merged, "%s/merged", dir);
    snprintf(mprov, sizeof mprov, "%s/%s", merged, PAPSIM_PROVENANCE_FILE);
    CHECK(c, mkdir(merged, 0755) == 0, "cannot create %s", merged);
    CHECK(c, papsim_provenance_copy_records(merged, out, &e) == 0, "%s", e.msg);
    CHECK(c, papsim_provenance_copy_records(merged, out, &e) == 0, "%s", e.msg);
    CHECK(c, papsim_provenance_copy_records(merged, dir, &e) == 0, "no file is no error");
    CHECK(c, count_lines(mprov, "[run]") == 6, "%d records", count_lines(mprov, "[run]"));
    CHECK(c, count_lines(mprov, "# from ") == 6, "%d notes", count_lines(mprov, "# from "));
    CHECK(c, count_lines(mprov, "# papsim provenance") == 1, "header repeated");
    value_of(mprov, "simgrid_version", 2, got, sizeof got);
    CHECK_STR(c, got, "3.33.1");
    unlink(mprov);
    rmdir(merged);

    unlink(prov);
    rmdir(out);
    unlink(spec);
}

int main(void)
{
    check_counts c = {0, 0};
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    test_known_answers(&c);
    snprintf(dir, sizeof dir, "%s/papsim-provenance-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir)) {
        test_files(&c, dir);
        rmdir(dir);
    } else {
        CHECK(&c, 0, "cannot create a temporary directory %s", dir);
    }
    return CHECK_SUMMARY(&c);
}
