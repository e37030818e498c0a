/* Rank placement against W. J. Loch, "Sparbit: a new logarithmic-cost and
 * data locality-aware MPI Allgather algorithm", Master's dissertation, Santa
 * Catarina State University (UDESC), Joinville, Brazil, 2021, Ch. 5:
 * with m machines of c slots and p = m*c, sequential mapping puts rank r on
 * machine floor(r/c) and cyclic mapping on machine r mod m. Its
 * Figures 15, 17a/b and 18a/b are reproduced cell for cell through the
 * hostfile API (lib/platform/hostfile.h), and the rule for p != m*c
 * (fewer ranks, odd p, oversubscription up to 2 ranks per core) is pinned
 * down. MPI-free. argv[1] (or env PAPSIM_SOURCE_DIR) is the source tree,
 * for platforms/yahoo.xml and cervino.xml. */
#include "check.h"

#include "platform/hostfile.h"
#include "platform/platform.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_HOSTS 64
#define MAX_RANKS 2048

/* An in-memory platform of m hosts "M0" .. "M<m-1>" with c cores each. */
typedef struct {
    papsim_platform p;
    char *names[MAX_HOSTS];
    char buf[MAX_HOSTS][16];
} machines;

static void make_machines(machines *x, int m, int c)
{
    memset(x, 0, sizeof *x);
    for (int i = 0; i < m; i++) {
        snprintf(x->buf[i], sizeof x->buf[i], "M%d", i);
        x->names[i] = x->buf[i];
    }
    x->p.source = "machines";
    x->p.nhosts = m;
    x->p.hosts = x->names;
    x->p.cores_per_host = c;
    snprintf(x->p.topology, sizeof x->p.topology, "FLAT");
}

/* ---- the figures of Loch 2021 ------------------------------------------ */

/* A figure as Loch 2021 draws it: one column per machine, one row per
 * slot level; cell (row k, column j) is the k-th rank placed on machine j. */
typedef struct {
    const char *name;
    int machines, cores;
    papsim_mapping mapping;
    int cell[5][5];      /* [row][machine] */
} figure;

static const figure figures[] = {
    {"Fig. 15a sequential 4 x 4", 4, 4, PAPSIM_MAP_SEQUENTIAL,
     {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}},
    {"Fig. 15b cyclic 4 x 4", 4, 4, PAPSIM_MAP_CYCLIC,
     {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}}},
    {"Fig. 17a sequential 4 machines x 5 cores", 4, 5, PAPSIM_MAP_SEQUENTIAL,
     {{0, 5, 10, 15}, {1, 6, 11, 16}, {2, 7, 12, 17}, {3, 8, 13, 18},
      {4, 9, 14, 19}}},
    {"Fig. 17b sequential 5 machines x 4 cores", 5, 4, PAPSIM_MAP_SEQUENTIAL,
     {{0, 4, 8, 12, 16}, {1, 5, 9, 13, 17}, {2, 6, 10, 14, 18},
      {3, 7, 11, 15, 19}}},
    {"Fig. 18a cyclic 4 machines x 5 cores", 4, 5, PAPSIM_MAP_CYCLIC,
     {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15},
      {16, 17, 18, 19}}},
    {"Fig. 18b cyclic 5 machines x 4 cores", 5, 4, PAPSIM_MAP_CYCLIC,
     {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14},
      {15, 16, 17, 18, 19}}},
};

/* Builds the figure's table from a placement: table[k][j] = the k-th rank
 * (in rank order) on machine j, -1 where a machine has fewer. */
static void table_of(const int *host, int np, int m, int table[5][5])
{
    int level[MAX_HOSTS] = {0};
    for (int k = 0; k < 5; k++)
        for (int j = 0; j < 5; j++)
            table[k][j] = -1;
    for (int r = 0; r < np; r++)
        if (host[r] >= 0 && host[r] < m && level[host[r]] < 5)
            table[level[host[r]]++][host[r]] = r;
}

static void test_figures(check_counts *c, const char *dir)
{
    for (size_t f = 0; f < sizeof figures / sizeof figures[0]; f++) {
        const figure *x = &figures[f];
        int m = x->machines, cores = x->cores, np = m * cores;
        int host[MAX_RANKS], table[5][5];
        machines pl;
        papsim_err e = {{0}};
        make_machines(&pl, m, cores);
        /* ranks_per_node 0 = the cores per host, c in Loch 2021 */
        CHECK(c, papsim_hostfile_assign(&pl.p, x->mapping, np, 0, host, &e)
                     == 0, "%s: %s", x->name, e.msg);
        table_of(host, np, m, table);
        for (int k = 0; k < cores; k++)
            for (int j = 0; j < m; j++)
                CHECK(c, table[k][j] == x->cell[k][j],
                      "%s: row %d machine M%d holds rank %d, Loch 2021 %d",
                      x->name, k, j, table[k][j], x->cell[k][j]);

        /* The hostfile smpirun reads says the same, line r = rank r. */
        char path[4096], line[32];
        snprintf(path, sizeof path, "%s/fig%zu.txt", dir, f);
        CHECK(c, papsim_hostfile_write(&pl.p, x->mapping, np, 0, path, &e)
                     == 0, "%s", e.msg);
        FILE *in = fopen(path, "r");
        int r = 0, same = in != NULL;
        while (in && fgets(line, sizeof line, in)) {
            line[strcspn(line, "\n")] = '\0';
            same &= r < np && strcmp(line, pl.names[host[r]]) == 0;
            r++;
        }
        if (in)
            fclose(in);
        CHECK(c, same && r == np, "%s: hostfile has %d lines matching", x->name,
              r);
        unlink(path);
    }
}

/* ---- the formulas for every p = m*c in range ------------------------- */

static void test_formulas(check_counts *c)
{
    int host[MAX_RANKS], bad_seq = 0, bad_cyc = 0, cases = 0;
    for (int m = 1; m <= 20; m++) {
        for (int cores = 1; cores <= 64 && m * cores <= MAX_RANKS; cores++) {
            machines pl;
            papsim_err e = {{0}};
            int np = m * cores;
            make_machines(&pl, m, cores);
            if (papsim_hostfile_assign(&pl.p, PAPSIM_MAP_SEQUENTIAL, np, 0,
                                       host, &e) != 0) {
                bad_seq++;
                continue;
            }
            for (int r = 0; r < np; r++)
                bad_seq += host[r] != r / cores;
            if (papsim_hostfile_assign(&pl.p, PAPSIM_MAP_CYCLIC, np, 0, host,
                                       &e) != 0) {
                bad_cyc++;
                continue;
            }
            for (int r = 0; r < np; r++)
                bad_cyc += host[r] != r % m;
            cases++;
        }
    }
    CHECK(c, bad_seq == 0, "sequential != floor(r/c) in %d ranks", bad_seq);
    CHECK(c, bad_cyc == 0, "cyclic != r mod m in %d ranks", bad_cyc);
    CHECK(c, cases == 20 * 64, "%d shapes checked", cases);
}

/* ---- p != m*c -------------------------------------------------------- */

/* Expects placement `want` (np entries) for (m hosts x cores, np, rpn). */
static void expect_placement(check_counts *c, const char *what, int m,
                             int cores, papsim_mapping map, int np, int rpn,
                             const int *want)
{
    machines pl;
    papsim_err e = {{0}};
    int host[MAX_RANKS];
    make_machines(&pl, m, cores);
    int rc = papsim_hostfile_assign(&pl.p, map, np, rpn, host, &e);
    CHECK(c, rc == 0, "%s: %s", what, e.msg);
    if (rc != 0)
        return;
    for (int r = 0; r < np; r++)
        CHECK(c, host[r] == want[r], "%s: rank %d on M%d, want M%d", what, r,
              host[r], want[r]);
}

/* Expects a refusal whose message holds `word`. */
static void expect_refused(check_counts *c, const char *what, int m,
                           int cores, int np, int rpn, const char *word)
{
    machines pl;
    papsim_err e = {{0}};
    int host[MAX_RANKS];
    make_machines(&pl, m, cores);
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_SEQUENTIAL, np, rpn,
                                    host, &e) == -1, "%s must be refused",
          what);
    CHECK(c, strstr(e.msg, word) != NULL, "%s: '%s' lacks '%s'", what, e.msg,
          word);
}

static void test_uneven(check_counts *c)
{
    /* Fewer ranks than slots: p = 5 on 16 x 8 (the smallest Yahoo count
     * of Loch 2021). One node is enough for 5 ranks at 8 per node, so both
     * mappings keep them on M0; with 1 rank per node they spread. */
    static const int all0[5] = {0, 0, 0, 0, 0};
    static const int spread[5] = {0, 1, 2, 3, 4};
    expect_placement(c, "p=5 seq", 16, 8, PAPSIM_MAP_SEQUENTIAL, 5, 0, all0);
    expect_placement(c, "p=5 cyc", 16, 8, PAPSIM_MAP_CYCLIC, 5, 0, all0);
    expect_placement(c, "p=5 seq c=1", 16, 8, PAPSIM_MAP_SEQUENTIAL, 5, 1,
                     spread);
    expect_placement(c, "p=5 cyc c=1", 16, 8, PAPSIM_MAP_CYCLIC, 5, 1, spread);

    /* Odd p: p = 13, c = 8 uses m = 2 nodes. Sequential fills M0 and puts
     * the remaining 5 on M1; cyclic deals even ranks to M0, odd to M1. */
    static const int seq13[13] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
    static const int cyc13[13] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
    expect_placement(c, "p=13 seq", 16, 8, PAPSIM_MAP_SEQUENTIAL, 13, 0, seq13);
    expect_placement(c, "p=13 cyc", 16, 8, PAPSIM_MAP_CYCLIC, 13, 0, cyc13);

    /* p = 19 on the Fig. 17a/18a shape (4 x 5): one slot short. */
    static const int seq19[19] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1,
                                  2, 2, 2, 2, 2, 3, 3, 3, 3};
    static const int cyc19[19] = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1,
                                  2, 3, 0, 1, 2, 3, 0, 1, 2};
    expect_placement(c, "p=19 seq 4x5", 4, 5, PAPSIM_MAP_SEQUENTIAL, 19, 0,
                     seq19);
    expect_placement(c, "p=19 cyc 4x5", 4, 5, PAPSIM_MAP_CYCLIC, 19, 0, cyc19);

    /* p = 21 with the default c = 5 needs a fifth machine. */
    expect_refused(c, "p=21 on 4x5", 4, 5, 21, 0, "needs 5 nodes");
}

/* For every p and c on 16 x 8: both mappings use the same ceil(p/c) nodes,
 * at most c ranks each, and the counts the rule in hostfile.h states. */
static void test_invariants(check_counts *c)
{
    int host[MAX_RANKS], bad = 0, checked = 0;
    machines pl;
    make_machines(&pl, 16, 8);
    for (int rpn = 1; rpn <= 16; rpn++) {
        for (int np = 1; np <= 16 * rpn; np++) {
            int m = (np + rpn - 1) / rpn, count[2][16] = {{0}};
            for (int map = 0; map < 2; map++) {
                papsim_err e = {{0}};
                if (papsim_hostfile_assign(&pl.p, map ? PAPSIM_MAP_CYCLIC
                                                      : PAPSIM_MAP_SEQUENTIAL,
                                           np, rpn, host, &e) != 0) {
                    bad++;
                    continue;
                }
                for (int r = 0; r < np; r++)
                    count[map][host[r]]++;
            }
            for (int h = 0; h < 16; h++) {
                int seq_want = h < m - 1    ? rpn
                               : h == m - 1 ? np - (m - 1) * rpn
                                            : 0;
                int cyc_want = h < m ? np / m + (h < np % m) : 0;
                bad += count[0][h] != seq_want || count[1][h] != cyc_want ||
                       count[1][h] > rpn;
            }
            checked++;
        }
    }
    CHECK(c, bad == 0, "%d placements break the rule", bad);
    CHECK(c, checked == 16 * 16 * 17 / 2, "%d placements checked", checked);
}

/* Oversubscription up to 2 ranks per core, only when asked for. */
static void test_oversubscription(check_counts *c)
{
    int host[MAX_RANKS], bad = 0;
    machines pl;
    papsim_err e = {{0}};

    /* Yahoo at the largest count of Loch 2021: 256 = 16 machines x 16 ranks
     * (8 cores, 2 per core): the formulas hold with c = 16. */
    make_machines(&pl, 16, 8);
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_SEQUENTIAL, 256, 16, host,
                                    &e) == 0, "%s", e.msg);
    for (int r = 0; r < 256; r++)
        bad += host[r] != r / 16;
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_CYCLIC, 256, 16, host, &e)
                 == 0, "%s", e.msg);
    for (int r = 0; r < 256; r++)
        bad += host[r] != r % 16;
    CHECK(c, bad == 0, "256 on 16 x 8 at 16 per node: %d misplaced", bad);

    /* p = 133, the first Yahoo count above one rank per core: with c = 16
     * sequential fills 8 nodes and puts 5 ranks on the ninth; cyclic deals
     * over those 9 nodes. */
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_SEQUENTIAL, 133, 16, host,
                                    &e) == 0 && host[127] == 7 &&
                 host[128] == 8 && host[132] == 8, "%s", e.msg);
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_CYCLIC, 133, 16, host, &e)
                 == 0 && host[8] == 8 && host[9] == 0 && host[132] == 132 % 9,
          "%s", e.msg);

    /* Cervino: 320 = 5 x 64 (32 cores, 2 per core). */
    make_machines(&pl, 5, 32);
    bad = 0;
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_SEQUENTIAL, 320, 64, host,
                                    &e) == 0, "%s", e.msg);
    for (int r = 0; r < 320; r++)
        bad += host[r] != r / 64;
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_CYCLIC, 320, 64, host, &e)
                 == 0, "%s", e.msg);
    for (int r = 0; r < 320; r++)
        bad += host[r] != r % 5;
    CHECK(c, bad == 0, "320 on 5 x 32 at 64 per node: %d misplaced", bad);

    /* The default c (= cores) never oversubscribes, and says how to. */
    expect_refused(c, "p=129 on 16x8", 16, 8, 129, 0,
                   "needs 17 nodes but platform 'machines' has 16 hosts (to "
                   "oversubscribe, set ranks per node to 9: at most 2 per "
                   "core)");
    /* More than 2 per core is refused. */
    expect_refused(c, "c=17 on 8 cores", 16, 8, 17, 17,
                   "17 ranks per node: hosts of platform 'machines' have only "
                   "8 cores (at most 16 ranks per node, 2 per core)");
    /* Beyond 2 per core on every host: refused, without the hint. */
    make_machines(&pl, 16, 8);
    CHECK(c, papsim_hostfile_assign(&pl.p, PAPSIM_MAP_SEQUENTIAL, 257, 16, host,
                                    &e) == -1 &&
                 strstr(e.msg, "needs 17 nodes") &&
                 !strstr(e.msg, "oversubscribe"), "%s", e.msg);
}

/* ---- the shipped testbeds ---------------------------------------------- */

/* yahoo.xml: sequential at 8 per node keeps ranks 0..39 on leaf A (hosts
 * 0-4) and 40..127 on leaf B; cyclic puts rank r on yahoo-(r mod 16). */
static void test_yahoo(check_counts *c, const char *srcdir)
{
    char path[4096];
    papsim_platform p;
    papsim_err e = {{0}};
    int host[MAX_RANKS], bad = 0;
    snprintf(path, sizeof path, "%s/platforms/yahoo.xml", srcdir);
    if (papsim_platform_load(path, &p, &e) != 0) {
        CHECK(c, 0, "%s", e.msg);
        return;
    }
    CHECK(c, p.ngroups == 2 && p.groups[0].count == 5, "leaf A has 5 hosts");
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_SEQUENTIAL, 128, 0, host, &e)
                 == 0, "%s", e.msg);
    for (int r = 0; r < 128; r++)
        bad += (host[r] < 5) != (r < 40);
    CHECK(c, bad == 0, "sequential: %d ranks on the wrong leaf", bad);
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 128, 0, host, &e)
                 == 0, "%s", e.msg);
    for (int r = 0; r < 128; r++) {
        char want[16];
        snprintf(want, sizeof want, "yahoo-%d", r % 16);
        bad += strcmp(p.hosts[host[r]], want) != 0;
    }
    CHECK(c, bad == 0, "cyclic: %d ranks misplaced", bad);
    papsim_platform_free(&p);

    snprintf(path, sizeof path, "%s/platforms/cervino.xml", srcdir);
    if (papsim_platform_load(path, &p, &e) != 0) {
        CHECK(c, 0, "%s", e.msg);
        return;
    }
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 320, 64, host, &e)
                 == 0 && strcmp(p.hosts[host[319]], "cervino-4") == 0,
          "cervino 320 cyclic: %s", e.msg);
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 321, 64, host, &e)
                 == -1, "cervino 321 must be refused");
    papsim_platform_free(&p);
}

int main(int argc, char **argv)
{
    check_counts c = {0, 0};
    const char *srcdir = argc > 1 ? argv[1] : getenv("PAPSIM_SOURCE_DIR");
    char dir[] = "/tmp/papsim_test_mapping_XXXXXX";
    if (!srcdir || !mkdtemp(dir)) {
        fprintf(stderr, "usage: test_mapping SOURCE_DIR (or set "
                        "PAPSIM_SOURCE_DIR); needs a writable /tmp\n");
        return 2;
    }
    test_figures(&c, dir);
    test_formulas(&c);
    test_uneven(&c);
    test_invariants(&c);
    test_oversubscription(&c);
    test_yahoo(&c, srcdir);
    rmdir(dir);
    return CHECK_SUMMARY(&c);
}
