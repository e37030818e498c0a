/* Unit tests for the platform loader, radical and topology checks, and rank
 * placement (lib/platform/platform.c, platform_topo.c, hostfile.c); the
 * mapping figures of W. J. Loch, "Sparbit: a new logarithmic-cost and data
 * locality-aware MPI Allgather algorithm", Master's dissertation, Santa
 * Catarina State University (UDESC), Joinville, Brazil, 2021, are in
 * test_mapping.c.
 * argv[1] (or env PAPSIM_SOURCE_DIR) is the source tree, for platforms/. */
#include "check.h"

#include "platform/hostfile.h"
#include "platform/platform.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const char *file;
    int nhosts, cores;
    const char *topology, *params, *first_host, *last_host;
    int ngroups;
} expected_platform;

static const expected_platform shipped[] = {
    {"default.xml", 4, 16, "FLAT", "", "node-0", "node-3", 1},
    {"salimi-beni-cluster.xml", 32, 32, "FLAT", "", "node-0", "node-31", 1},
    {"fat-tree-256.xml", 256, 4, "FAT_TREE", "2;16,16;1,16;1,1", "node-0",
     "node-255", 1},
    {"dragonfly-256.xml", 256, 4, "DRAGONFLY", "4,2;4,1;4,1;4", "node-0",
     "node-255", 1},
    {"torus-256.xml", 256, 4, "TORUS", "8,8,4", "node-0", "node-255", 1},
    {"crossbar.xml", 64, 1, "FLAT", "", "node-0", "node-63", 1},
    /* The testbeds of Loch 2021 (Sec. 6.1.1) and the 1024-rank deep hierarchies. */
    {"yahoo.xml", 16, 8, "MULTI", "", "yahoo-0", "yahoo-15", 2},
    {"cervino.xml", 5, 32, "FLAT", "", "cervino-0", "cervino-4", 1},
    {"cervino-4.xml", 4, 32, "FLAT", "", "cervino-0", "cervino-3", 1},
    {"fat-tree-1024.xml", 128, 8, "FAT_TREE", "3;4,4,8;1,4,4;1,1,1",
     "node-0", "node-127", 1},
    {"dragonfly-1024.xml", 128, 8, "DRAGONFLY", "4,2;4,1;4,1;2", "node-0",
     "node-127", 1},
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
        CHECK_STR(c, p.hosts[0], x->first_host);
        CHECK_STR(c, p.hosts[p.nhosts - 1], x->last_host);
        CHECK_STR(c, p.source, path);
        CHECK(c, p.ngroups == x->ngroups, "%s: %d groups", x->file, p.ngroups);
        int sum = 0;
        for (int g = 0; g < p.ngroups; g++) {
            CHECK(c, p.groups[g].first == sum, "%s: group %d starts at %d",
                  x->file, g, p.groups[g].first);
            sum += p.groups[g].count;
        }
        CHECK(c, sum == p.nhosts, "%s: groups cover %d hosts", x->file, sum);
        papsim_platform_free(&p);
    }
}

/* yahoo.xml: leaf A holds machines 0-4, leaf B 5-15, in that order. */
static void test_yahoo_leaves(check_counts *c, const char *srcdir)
{
    char path[4096];
    papsim_platform p;
    papsim_err e = {{0}};
    snprintf(path, sizeof path, "%s/platforms/yahoo.xml", srcdir);
    if (papsim_platform_load(path, &p, &e) != 0) {
        CHECK(c, 0, "%s", e.msg);
        return;
    }
    for (int i = 0; i < p.nhosts; i++) {
        char want[32];
        snprintf(want, sizeof want, "yahoo-%d", i);
        CHECK_STR(c, p.hosts[i], want);
    }
    CHECK(c, p.ngroups == 2, "%d groups", p.ngroups);
    if (p.ngroups == 2) {
        CHECK_STR(c, p.groups[0].id, "leaf-a");
        CHECK(c, p.groups[0].first == 0 && p.groups[0].count == 5, "leaf A");
        CHECK_STR(c, p.groups[1].id, "leaf-b");
        CHECK(c, p.groups[1].first == 5 && p.groups[1].count == 11, "leaf B");
        CHECK(c, p.groups[0].cores == 8 && p.groups[1].cores == 8, "cores");
        CHECK_STR(c, p.groups[1].topology, "FLAT");
    }
    papsim_platform_free(&p);
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
    /* Missing parents are created; a parent that is a file cannot be. */
    CHECK(c, papsim_platform_write_default("/dev/null/dir/x.xml", &e) != 0,
          "writing below a file must fail");
    CHECK(c, strstr(e.msg, "/dev/null/dir") != NULL && strstr(e.msg, "Not a directory"), "%s",
          e.msg);
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

/* The DOCTYPE shares line 1 with the declaration, so that line numbers in
 * the expected messages count from <platform> on line 2. */
#define XML_DECL "<?xml version='1.0'?><!DOCTYPE platform SYSTEM " \
                 "\"https://simgrid.org/simgrid.dtd\">\n"
#define XML_HEAD XML_DECL "<platform version=\"4.1\">\n" \
                 "<zone id=\"w\" routing=\"Full\">\n"
#define XML_TAIL "</zone></platform>\n"
#define CLUSTER(attrs) "<cluster id=\"c\" prefix=\"n-\" suffix=\"\" " \
                       "speed=\"1Gf\" bw=\"1Gbps\" lat=\"1us\" " attrs "/>\n"
/* Two FLAT clusters (leaves) joined by two SPLITDUPLEX uplinks and one
 * SHARED link, as platforms/yahoo.xml does; the zoneRoute is on line 10. */
#define LEAF(id, radical) "<cluster id=\"" id "\" prefix=\"n-\" suffix=\"\" " \
                          "radical=\"" radical "\" speed=\"1Gf\" "           \
                          "bw=\"1Gbps\" lat=\"1us\" router_id=\"" id "-r\"/>\n"
#define TWO_LEAVES(gws, links)                                               \
    XML_DECL "<platform version=\"4.1\">\n"                                \
    "<zone id=\"w\" routing=\"Full\">\n" LEAF("a", "0-1") LEAF("b", "2-3")  \
    "<link id=\"up-a\" bandwidth=\"10Gbps\" latency=\"1us\"\n"               \
    " sharing_policy=\"SPLITDUPLEX\"/>\n"                                  \
    "<link id=\"up-b\" bandwidth=\"10Gbps\" latency=\"1us\" "                \
    "sharing_policy=\"SPLITDUPLEX\"/>\n"                                   \
    "<link id=\"shared\" bandwidth=\"10Gbps\" latency=\"1us\"/>\n"         \
    "<zoneRoute src=\"a\" dst=\"b\" " gws ">\n" links "\n</zoneRoute>\n"     \
    XML_TAIL
#define GW_OK "gw_src=\"a-r\" gw_dst=\"b-r\""
#define LINKS_OK "<link_ctn id=\"up-a\" direction=\"UP\"/>" \
                 "<link_ctn id=\"up-b\" direction=\"DOWN\"/>"

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
        /* Files SimGrid 3.32 refuses although the DTD allows them. */
        {"nodoctype.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">"
                          "<zone id=\"w\" routing=\"Full\">"
                          CLUSTER("radical=\"0-3\"") XML_TAIL,
         "no <!DOCTYPE platform"},
        {"nolatency.xml", XML_HEAD CLUSTER("radical=\"0-3\"")
                          "<link id=\"l\" bandwidth=\"1Gbps\"/>\n" XML_TAIL,
         "<link id='l'> at line 5: missing attribute 'latency'"},
        /* Elements the loader does not understand, named with their line. */
        {"unknown.xml", XML_HEAD CLUSTER("radical=\"0-3\"")
                            "<switch id=\"s\"/>\n" XML_TAIL,
         "<switch id='s'> at line 5: unknown element"},
        {"cabinet.xml", XML_HEAD "<cabinet id=\"cab\" prefix=\"c-\" "
                        "suffix=\"\" radical=\"0-3\" speed=\"1Gf\" bw=\"1Gbps\" "
                        "lat=\"1us\"/>\n" XML_TAIL,
         "<cabinet id='cab'> at line 4: not supported"},
        {"include.xml", XML_HEAD "<include file=\"other.xml\"/>\n" XML_TAIL,
         "<include> at line 4: not supported"},
        {"actor.xml", XML_HEAD CLUSTER("radical=\"0-3\"") "</zone>\n"
                          "<actor host=\"n-0\" function=\"f\"/></platform>\n",
         "<actor> at line 6: a deployment element"},
        {"nested.xml", XML_HEAD "<zone id=\"z\" routing=\"Full\">\n"
                       "<peer id=\"p\" speed=\"1Gf\" bw_in=\"1Gbps\" "
                       "bw_out=\"1Gbps\"/>\n</zone>\n" XML_TAIL,
         "<peer id='p'> at line 5: not supported"},
        {"zoneid.xml", XML_HEAD "<zone routing=\"Full\">\n"
                       "<host id=\"h\" speed=\"1Gf\"/></zone>\n" XML_TAIL,
         "<zone> at line 4: missing attribute 'id'"},
        {"dupzone.xml", XML_HEAD CLUSTER("radical=\"0-3\"")
                        "<zone id=\"c\" routing=\"Full\"/>\n" XML_TAIL,
         "zone or cluster 'c' is defined twice"},
        /* Routes between zones: gateways and links must exist and fit. */
        {"gw.xml", TWO_LEAVES("gw_src=\"nowhere\" gw_dst=\"b-r\"",
                              LINKS_OK), "gw_src 'nowhere' is not a host or "
                                         "router of this platform"},
        {"gwzone.xml", TWO_LEAVES("gw_src=\"b-r\" gw_dst=\"b-r\"", LINKS_OK),
         "<zoneRoute src='a' dst='b'> at line 10: gw_src 'b-r' is not "
         "inside zone 'a'"},
        {"srczone.xml", XML_DECL "<platform version=\"4.1\">\n"
                        "<zone id=\"w\" routing=\"Full\">\n"
                        LEAF("a", "0-1") LEAF("b", "2-3")
                        "<zoneRoute src=\"x\" dst=\"b\" gw_src=\"a-r\" "
                        "gw_dst=\"b-r\"/>\n" XML_TAIL,
         "src 'x' is not a zone or cluster"},
        {"nolink.xml", TWO_LEAVES(GW_OK, "<link_ctn id=\"up-a\" direction=\"UP\"/>"
                                  "<link_ctn id=\"upb\" direction=\"DOWN\"/>"),
         "<link_ctn id='upb'> at line 11: link 'upb' is not declared"},
        {"nodir.xml", TWO_LEAVES(GW_OK, "<link_ctn id=\"up-a\" direction=\"UP\"/>"
                                 "<link_ctn id=\"up-b\"/>"),
         "link 'up-b' is SPLITDUPLEX: say which half"},
        {"shareddir.xml", TWO_LEAVES(GW_OK, "<link_ctn id=\"shared\" "
                                     "direction=\"UP\"/>"),
         "link 'shared' has a direction but is not SPLITDUPLEX"},
        {"badroute.xml", XML_HEAD "<host id=\"h1\" speed=\"1Gf\"/>\n"
                         "<route src=\"h1\" dst=\"h2\"/>\n" XML_TAIL,
         "<route src='h1' dst='h2'> at line 5: dst 'h2' is not a host or "
         "router"},
        {"duplink.xml", XML_HEAD CLUSTER("radical=\"0-3\"")
                        "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"0\"/>\n"
                        "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"0\"/>\n" XML_TAIL,
         "link 'l' is defined twice"},
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
               XML_HEAD "<zone id=\"w1\" routing=\"Full\">"
                        "<host id=\"h1\" speed=\"1Gf\" core=\"8\"/></zone>\n"
                        "<cluster id=\"c\" prefix=\"n-\" suffix=\".x\" "
                        "speed=\"1Gf\" bw=\"1Gbps\" lat=\"1us\" "
                        "radical=\"0-1,8-9\" core=\"16\"/>\n"
                        "<zone id=\"w0\" routing=\"Full\">"
                        "<host id=\"h0\" speed=\"1Gf\" core=\"4\"/></zone>\n"
                        "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"0\"/>\n"
                        "<zoneRoute src=\"w1\" dst=\"c\" gw_src=\"h1\" "
                        "gw_dst=\"n-c_router.x\"><link_ctn id=\"l\"/></zoneRoute>\n"
                        "<zoneRoute src=\"w1\" dst=\"w0\" gw_src=\"h1\" "
                        "gw_dst=\"h0\"><link_ctn id=\"l\"/></zoneRoute>\n"
                        "<zoneRoute src=\"c\" dst=\"w0\" gw_src=\"n-c_router.x\" "
                        "gw_dst=\"h0\"><link_ctn id=\"l\"/></zoneRoute>\n" XML_TAIL);
    CHECK(c, papsim_platform_load(path, &p, &e) == 0, "%s", e.msg);
    static const char *const want[] = {"h1", "n-0.x", "n-1.x", "n-8.x",
                                       "n-9.x", "h0"};
    CHECK(c, p.nhosts == 6, "%d hosts", p.nhosts);
    for (int i = 0; i < p.nhosts && i < 6; i++)
        CHECK_STR(c, p.hosts[i], want[i]);
    CHECK(c, p.cores_per_host == 4, "smallest core count, got %d",
          p.cores_per_host);
    CHECK_STR(c, p.topology, "MULTI");
    /* Groups: zone w1's host h1, the cluster, zone w0's host h0. (A host
     * beside a cluster in one zone cannot be routed to it: SimGrid joins
     * zones only to zones.) */
    static const struct { const char *id, *topo; int first, count, cores; }
        groups[] = {{"w1", "hosts", 0, 1, 8}, {"c", "FLAT", 1, 4, 16},
                    {"w0", "hosts", 5, 1, 4}};
    CHECK(c, p.ngroups == 3, "%d groups", p.ngroups);
    for (int g = 0; g < p.ngroups && g < 3; g++) {
        CHECK_STR(c, p.groups[g].id, groups[g].id);
        CHECK_STR(c, p.groups[g].topology, groups[g].topo);
        CHECK(c, p.groups[g].first == groups[g].first &&
                     p.groups[g].count == groups[g].count &&
                     p.groups[g].cores == groups[g].cores,
              "group %d: %d+%d, %d cores", g, p.groups[g].first,
              p.groups[g].count, p.groups[g].cores);
    }
    papsim_platform_free(&p);
    unlink(path);

    /* Plain hosts only: one group named after their zone. */
    write_file(path, sizeof path, dir, "plain.xml",
               XML_HEAD "<host id=\"h1\" speed=\"1Gf\" core=\"2\"/>\n"
                        "<host id=\"h0\" speed=\"1Gf\" core=\"2\"/>\n"
                        "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"0\"/>\n"
                        "<route src=\"h1\" dst=\"h0\"><link_ctn id=\"l\"/>"
                        "</route>\n" XML_TAIL);
    CHECK(c, papsim_platform_load(path, &p, &e) == 0, "%s", e.msg);
    CHECK_STR(c, p.topology, "hosts");
    CHECK(c, p.ngroups == 1 && p.groups[0].count == 2, "one group of 2");
    papsim_platform_free(&p);
    unlink(path);
}

/* A zone of two FLAT clusters joined by a zoneRoute loads, in document
 * order, with SimGrid's default router name accepted as a gateway. */
static void test_two_leaves(check_counts *c, const char *dir)
{
    char path[4096];
    papsim_platform p;
    papsim_err e = {{0}};
    write_file(path, sizeof path, dir, "leaves.xml",
               TWO_LEAVES(GW_OK, LINKS_OK));
    CHECK(c, papsim_platform_load(path, &p, &e) == 0, "%s", e.msg);
    CHECK(c, p.nhosts == 4 && p.ngroups == 2, "%d hosts %d groups", p.nhosts,
          p.ngroups);
    CHECK_STR(c, p.topology, "MULTI");
    papsim_platform_free(&p);
    unlink(path);

    /* Without router_id the router is prefix + id + "_router" + suffix. */
    write_file(path, sizeof path, dir, "default-router.xml",
               XML_HEAD
               "<cluster id=\"a\" prefix=\"x-\" suffix=\".y\" radical=\"0-1\" "
               "speed=\"1Gf\" bw=\"1Gbps\" lat=\"1us\"/>\n"
               "<cluster id=\"b\" prefix=\"z-\" suffix=\"\" radical=\"0-1\" "
               "speed=\"1Gf\" bw=\"1Gbps\" lat=\"1us\" bb_bw=\"2Gbps\"/>\n"
               "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"0\"/>\n"
               "<zoneRoute src=\"a\" dst=\"b\" gw_src=\"x-a_router.y\" "
               "gw_dst=\"z-b_router\"><link_ctn id=\"l\"/>"
               "<link_ctn id=\"b_backbone\"/></zoneRoute>\n" XML_TAIL);
    CHECK(c, papsim_platform_load(path, &p, &e) == 0, "%s", e.msg);
    CHECK(c, p.nhosts == 4, "%d hosts", p.nhosts);
    CHECK_STR(c, p.hosts[0], "x-0.y");
    CHECK_STR(c, p.hosts[3], "z-1");
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
                        "platform 'small' has 4 hosts (to oversubscribe, set "
                        "ranks per node to 5: at most 2 per core)");
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 8, 9, got, &e) == -1 &&
                 strstr(e.msg, "9 ranks per node") &&
                 strstr(e.msg, "only 4 cores (at most 8 ranks per node, 2 "
                                "per core)"), "%s", e.msg);
    /* 33 ranks cannot fit even at 2 per core: no oversubscription hint. */
    CHECK(c, papsim_hostfile_assign(&p, PAPSIM_MAP_CYCLIC, 33, 0, got, &e) == -1 &&
                 !strstr(e.msg, "oversubscribe"), "%s", e.msg);
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
                                   "/dev/null/dir/h", &e) == -1 &&
                 strstr(e.msg, "/dev/null") && strstr(e.msg, "not a directory"), "%s", e.msg);
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
    test_yahoo_leaves(&c, srcdir);
    test_embedded_default(&c);
    test_radicals(&c);
    test_topologies(&c);
    test_load_errors(&c, dir);
    test_mixed_hosts(&c, dir);
    test_two_leaves(&c, dir);
    test_assign(&c);
    test_mapping_names(&c);
    test_hostfile_write(&c, dir);
    rmdir(dir);
    return CHECK_SUMMARY(&c);
}
