/* Unit tests for the platform loader, radical and topology checks, and rank
 * placement (drivers/common/platform.c, platform_topo.c, hostfile.c).
 * argv[1] (or env PAPSIM_SOURCE_DIR) is the source tree, for platforms/. */
#include "check.h"

#include "../../drivers/common/hostfile.h"
#include "../../drivers/common/platform.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const char *file;
    int nhosts, cores;
    const char *topology, *params, *last_host;
} expected_platform;

static const expected_platform shipped[] = {
    {"default.xml", 4, 16, "FLAT", "", "node-3"},
    {"salimi-beni-cluster.xml", 32, 32, "FLAT", "", "node-31"},
    {"fat-tree-256.xml", 256, 4, "FAT_TREE", "2;16,16;1,16;1,1", "node-255"},
    {"dragonfly-256.xml", 256, 4, "DRAGONFLY", "4,2;4,1;4,1;4", "node-255"},
    {"torus-256.xml", 256, 4, "TORUS", "8,8,4", "node-255"},
    {"crossbar.xml", 64, 1, "FLAT", "", "node-63"},
};

static void test_shipped_platforms(check_counts *c, const char *srcdir)
{
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        const expected_platform *x = &shipped[i];
        char path[4096];
        papsim_platform p;
        papsim_err e = {{0}};
        snprintf(path, sizeof path, "%s/platforms/%s", srcdir, x->file);
        int rc = papsim_platform_load(path, &p, &e);
        CHECK(c, rc == 0, "%s: %s", x->file, e.msg);
        if (rc != 0)
            continue;
        CHECK(c, p.nhosts == x->nhosts, "%s: %d hosts", x->file, p.nhosts);
        CHECK(c, p.cores_per_host == x->cores, "%s: %d cores", x->file,
              p.cores_per_host);
        CHECK_STR(c, p.topology, x->topology);
        CHECK_STR(c, p.topo_parameters, x->params);
        CHECK_STR(c, p.hosts[0], "node-0");
        CHECK_STR(c, p.hosts[p.nhosts - 1], x->last_host);
        CHECK_STR(c, p.source, path);
        papsim_platform_free(&p);
    }
}

static void test_embedded_default(check_counts *c)
{
    papsim_platform p;
    papsim_err e = {{0}};
    CHECK(c, papsim_platform_load("default", &p, &e) == 0, "%s", e.msg);
    CHECK_STR(c, p.source, "default");
    CHECK(c, p.nhosts == 4 && p.cores_per_host == 16, "%d x %d", p.nhosts,
          p.cores_per_host);
    papsim_platform_free(&p);

    char path[] = "/tmp/papsim_default_XXXXXX";
    int fd = mkstemp(path);
    CHECK(c, fd >= 0, "mkstemp");
    close(fd);
    CHECK(c, papsim_platform_write_default(path, &e) == 0, "%s", e.msg);
    CHECK(c, papsim_platform_load(path, &p, &e) == 0, "%s", e.msg);
    CHECK(c, p.nhosts == 4, "reloaded default: %d hosts", p.nhosts);
    papsim_platform_free(&p);
    unlink(path);
    CHECK(c, papsim_platform_write_default("/nonexistent/dir/x.xml", &e) != 0,
          "writing into a missing directory must fail");
    CHECK(c, strstr(e.msg, "cannot write") != NULL, "%s", e.msg);
}

static void test_radicals(check_counts *c)
{
    static const long want[] = {0, 1, 2, 3, 8, 9, 10, 11};
    long *v = NULL, n = 0;
    papsim_err e = {{0}};
    CHECK(c, papsim_radical_expand("0-3,8-11", &v, &n, &e) == 0, "%s", e.msg);
    CHECK(c, n == 8, "count %ld", n);
    for (long i = 0; i < n && i < 8; i++)
        CHECK(c, v[i] == want[i], "value %ld is %ld", i, v[i]);
    free(v);
    CHECK(c, papsim_radical_expand("7", &v, &n, &e) == 0 && n == 1 && v[0] == 7,
          "single number");
    free(v);

    static const struct { const char *radical, *word; } bad[] = {
        {"3-1", "backwards"}, {"0-3;2", "neither"}, {"", "neither"},
        {"a-3", "neither"},   {"0-3,,5", "neither"}, {"-2", "neither"},
        {"0-99999999", "more than"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        e.msg[0] = '\0';
        CHECK(c, papsim_radical_expand(bad[i].radical, &v, &n, &e) == -1,
              "'%s' must fail", bad[i].radical);
        CHECK(c, strstr(e.msg, bad[i].word) != NULL, "'%s': %s",
              bad[i].radical, e.msg);
    }
}

static void test_topologies(check_counts *c)
{
    static const struct { const char *topo, *params; long hosts; } good[] = {
        {"FLAT", "", 0},
        {"FAT_TREE", "2;4,4;1,2;1,2", 16},
        {"FAT_TREE", "3;4,4,2;1,2,2;1,1,2", 32},
        {"DRAGONFLY", "3,4;4,3;5,1;2", 120},
        {"TORUS", "3,2,2", 12},
    };
    static const struct { const char *topo, *params, *word; } bad[] = {
        {"FAT_TREE", "2;4,4;1,2", "4 fields"},
        {"FAT_TREE", "2;4,0;1,2;1,2", "no zeros"},
        {"FAT_TREE", "2;4,4,4;1,2;1,2", "2 positive"},
        {"FAT_TREE", "0;;;", "levels"},
        {"DRAGONFLY", "4,1;1,1;2,1;1", "groups <= routers"},
        {"DRAGONFLY", "3,4;4,3;5;2", "two positive"},
        {"DRAGONFLY", "3,4;4,3;5,1", "4 fields"},
        {"TORUS", "4,0,4", "positive dimensions"},
        {"TORUS", "", "positive dimensions"},
        {"MESH", "", "unknown topology"},
    };
    papsim_err e = {{0}};
    long n;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        CHECK(c, papsim_topology_hosts(good[i].topo, good[i].params, &n, &e)
                     == 0, "%s", e.msg);
        CHECK(c, n == good[i].hosts, "%s '%s': %ld hosts", good[i].topo,
              good[i].params, n);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        e.msg[0] = '\0';
        CHECK(c, papsim_topology_hosts(bad[i].topo, bad[i].params, &n, &e)
                     == -1, "%s '%s' must fail", bad[i].topo, bad[i].params);
        CHECK(c, strstr(e.msg, bad[i].word) != NULL, "%s", e.msg);
    }
}

/* Writes text to dir/name and returns the path in buf. */
static const char *write_file(char *buf, size_t size, const char *dir,
                              const char *name, const char *text)
{
    snprintf(buf, size, "%s/%s", dir, name);
    FILE *f = fopen(buf, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return buf;
}

#define XML_HEAD "<?xml version='1.0'?>\n<platform version=\"4.1\">\n" \
                 "<zone id=\"w\" routing=\"Full\">\n"
#define XML_TAIL "</zone></platform>\n"
#define CLUSTER(attrs) "<cluster id=\"c\" prefix=\"n-\" suffix=\"\" " \
                       "speed=\"1Gf\" bw=\"1Gbps\" lat=\"1us\" " attrs "/>\n"

static void test_load_errors(check_counts *c, const char *dir)
{
    static const struct { const char *name, *text, *word; } bad[] = {
        {"malformed.xml", XML_HEAD "<cluster id=\"c\"\n" XML_TAIL,
         "malformed XML at line"},
        {"nohosts.xml", XML_HEAD XML_TAIL, "no hosts"},
        {"radical.xml", XML_HEAD CLUSTER("radical=\"0-3;2\"") XML_TAIL,
         "radical '0-3;2'"},
        {"fattree.xml", XML_HEAD CLUSTER("radical=\"0-14\" topology=\"FAT_TREE\" "
                                         "topo_parameters=\"2;4,4;1,2;1,2\"")
                            XML_TAIL, "needs 16 hosts but radical '0-14' gives 15"},
        {"torus.xml", XML_HEAD CLUSTER("radical=\"0-12\" topology=\"TORUS\" "
                                       "topo_parameters=\"3,2,2\"") XML_TAIL,
         "needs 12 hosts"},
        {"dragonfly.xml", XML_HEAD CLUSTER("radical=\"0-7\" topology=\"DRAGONFLY\" "
                                           "topo_parameters=\"4,1;1,1;2,1;1\"")
                              XML_TAIL, "groups <= routers"},
        {"colon.xml", XML_HEAD "<host id=\"a:1\" speed=\"1Gf\"/>\n" XML_TAIL,
         "contains ':'"},
        {"dup.xml", XML_HEAD "<host id=\"n-1\" speed=\"1Gf\"/>\n"
                        CLUSTER("radical=\"0-3\"") XML_TAIL, "defined twice"},
        {"core.xml", XML_HEAD CLUSTER("radical=\"0-3\" core=\"0\"") XML_TAIL,
         "core '0'"},
        {"root.xml", "<?xml version='1.0'?>\n<foo/>\n", "not <platform>"},
    };
    char path[4096];
    papsim_platform p;
    papsim_err e = {{0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(path, sizeof path, dir, bad[i].name, bad[i].text);
        e.msg[0] = '\0';
        CHECK(c, papsim_platform_load(path, &p, &e) == -1, "%s must fail",
              bad[i].name);
        CHECK(c, strstr(e.msg, bad[i].word) && strstr(e.msg, bad[i].name),
              "%s: %s", bad[i].name, e.msg);
        CHECK(c, p.nhosts == 0 && p.hosts == NULL, "%s: left empty",
              bad[i].name);
        unlink(path);
    }
    CHECK(c, papsim_platform_load("/nonexistent/x.xml", &p, &e) == -1,
          "missing file must fail");
    CHECK_STR(c, e.msg, "platform '/nonexistent/x.xml': cannot read: No such "
                        "file or directory");
}

static void test_mixed_hosts(check_counts *c, const char *dir)
{
    char path[4096];
    papsim_platform p;
    papsim_err e = {{0}};
    write_file(path, sizeof path, dir, "mixed.xml",
               XML_HEAD "<host id=\"h1\" speed=\"1Gf\" core=\"8\"/>\n"
                        "<cluster id=\"c\" prefix=\"n-\" suffix=\".x\" "
                        "speed=\"1Gf\" bw=\"1Gbps\" lat=\"1us\" "
                        "radical=\"0-1,8-9\" core=\"16\"/>\n"
                        "<host id=\"h0\" speed=\"1Gf\" core=\"4\"/>\n" XML_TAIL);
    CHECK(c, papsim_platform_load(path, &p, &e) == 0, "%s", e.msg);
    static const char *const want[] = {"h1", "n-0.x", "n-1.x", "n-8.x",
                                       "n-9.x", "h0"};
    CHECK(c, p.nhosts == 6, "%d hosts", p.nhosts);
    for (int i = 0; i < p.nhosts && i < 6; i++)
        CHECK_STR(c, p.hosts[i], want[i]);
    CHECK(c, p.cores_per_host == 4, "smallest core count, got %d",
          p.cores_per_host);
    CHECK_STR(c, p.topology, "FLAT");
    papsim_platform_free(&p);
    unlink(path);
}

/* A 4-host, 4-core platform built in memory. */
static papsim_platform small_platform(void)
{
    static char *hosts[] = {"a", "b", "c", "d"};
    papsim_platform p = {.source = "small", .nhosts = 4, .hosts = hosts,
                         .cores_per_host = 4, .topology = "FLAT"};
    return p;
}

static void test_assign(check_counts *c)
{
    static const int seq[10] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2};
    static const int cyc[10] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0};
    papsim_platform p = small_platform();
    papsim_err e = {{0}};
    int got[17];
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_SEQUENTIAL, 10, 4, got, &e)
                 == 0, "%s", e.msg);
    CHECK(c, memcmp(got, seq, sizeof seq) == 0, "sequential placement");
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 10, 0, got, &e) == 0,
          "%s", e.msg);
    CHECK(c, memcmp(got, cyc, sizeof cyc) == 0, "cyclic placement over 3 nodes");
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 4, 1, got, &e) == 0 &&
                 got[3] == 3, "one rank per node");

    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_SEQUENTIAL, 0, 4, got, &e)
                 == -1 && strstr(e.msg, "np=0"), "%s", e.msg);
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_SEQUENTIAL, 17, 4, got, &e)
                 == -1, "17 ranks do not fit");
    CHECK_STR(c, e.msg, "np=17 with 4 ranks per node needs 5 nodes but "
                        "platform 'small' has 4 hosts");
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 8, 5, got, &e) == -1 &&
                 strstr(e.msg, "5 ranks per node") &&
                 strstr(e.msg, "only 4 cores"), "%s", e.msg);
}

static void test_mapping_names(check_counts *c)
{
    papsim_mapping m;
    papsim_err e = {{0}};
    CHECK(c, papsim_mapping_parse("cyclic", &m, &e) == 0 &&
                 m == PAPSIM_MAP_CYCLIC, "cyclic");
    CHECK(c, papsim_mapping_parse("sequential", &m, &e) == 0 &&
                 m == PAPSIM_MAP_SEQUENTIAL, "sequential");
    CHECK(c, papsim_mapping_parse("block", &m, &e) == -1 &&
                 strstr(e.msg, "'block'"), "%s", e.msg);
    CHECK_STR(c, papsim_mapping_name(PAPSIM_MAP_CYCLIC), "cyclic");
    CHECK_STR(c, papsim_mapping_name(PAPSIM_MAP_SEQUENTIAL), "sequential");
}

static void test_hostfile_write(check_counts *c, const char *dir)
{
    papsim_platform p = small_platform();
    papsim_err e = {{0}};
    char path[4096], line[64], all[256] = "";
    snprintf(path, sizeof path, "%s/hosts.txt", dir);
    CHECK(c, papsim_hostfile_write(&p, PAPSIM_MAP_CYCLIC, 6, 2, path, &e) == 0,
          "%s", e.msg);
    FILE *f = fopen(path, "r");
    CHECK(c, f != NULL, "hostfile written");
    while (f && fgets(line, sizeof line, f))
        strncat(all, line, sizeof all - strlen(all) - 1);
    if (f)
        fclose(f);
    CHECK_STR(c, all, "a\nb\nc\na\nb\nc\n");
    unlink(path);
    CHECK(c, papsim_hostfile_write(&p, PAPSIM_MAP_CYCLIC, 6, 2,
                                   "/nonexistent/dir/h", &e) == -1 &&
                 strstr(e.msg, "cannot write"), "%s", e.msg);
}

int main(int argc, char **argv)
{
    check_counts c = {0, 0};
    const char *srcdir = argc > 1 ? argv[1] : getenv("PAPSIM_SOURCE_DIR");
    char dir[] = "/tmp/papsim_test_platform_XXXXXX";
    if (!srcdir || !mkdtemp(dir)) {
        fprintf(stderr, "usage: test_platform SOURCE_DIR (or set "
                        "PAPSIM_SOURCE_DIR); needs a writable /tmp\n");
        return 2;
    }
    test_shipped_platforms(&c, srcdir);
    test_embedded_default(&c);
    test_radicals(&c);
    test_topologies(&c);
    test_load_errors(&c, dir);
    test_mixed_hosts(&c, dir);
    test_assign(&c);
    test_mapping_names(&c);
    test_hostfile_write(&c, dir);
    rmdir(dir);
    return CHECK_SUMMARY(&c);
}
