/* Unit tests for the platform loader's value and route checks
 * (lib/platform/platform_values.c, platform_reach.c): speeds,
 * bandwidths and latencies SimGrid 3.32 would crash on or time wrongly, and
 * hosts with no route between them. Each bad file must be refused with a
 * message naming the element, its line and the attribute; each good one
 * must load. */
#include "check.h"

#include "platform/platform.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The DOCTYPE shares line 1 with the declaration: <platform> is line 2,
 * the zone line 3, the first element inside it line 4. */
#define HEAD(routing)                                                          \
    "<?xml version='1.0'?><!DOCTYPE platform SYSTEM "                          \
    "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"       \
    "<zone id=\"w\" routing=\"" routing "\">\n"
#define TAIL "</zone></platform>\n"
#define CLUSTER(speed, bw, lat, more)                                          \
    "<cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-3\" speed=\"" speed \
    "\" bw=\"" bw "\" lat=\"" lat "\"" more "/>\n"
#define HOST(id) "<host id=\"" id "\" speed=\"1Gf\"/>\n"
#define LINK "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"1us\"/>\n"
#define ROUTE(src, dst, more)                                                  \
    "<route src=\"" src "\" dst=\"" dst "\"" more "><link_ctn id=\"l\"/></route>\n"

typedef struct {
    const char *name, *text;
    const char *want; /* the message after "platform 'PATH': " */
} bad_case;

static const bad_case bad[] = {
    {"bw0.xml", HEAD("Full") CLUSTER("1Gf", "0Gbps", "1us", "") TAIL,
     "<cluster id='c'> at line 4: bw='0Gbps' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"bwneg.xml", HEAD("Full") CLUSTER("1Gf", "-10Gbps", "1us", "") TAIL,
     "<cluster id='c'> at line 4: bw='-10Gbps' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"bwnan.xml", HEAD("Full") CLUSTER("1Gf", "nanGbps", "1us", "") TAIL,
     "<cluster id='c'> at line 4: bw='nanGbps' is not a finite number"},
    {"bwtext.xml", HEAD("Full") CLUSTER("1Gf", "fast", "1us", "") TAIL,
     "<cluster id='c'> at line 4: bw='fast' does not start with a number"},
    {"speed0.xml", HEAD("Full") CLUSTER("0Gf", "1Gbps", "1us", "") TAIL,
     "<cluster id='c'> at line 4: speed='0Gf' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"pstate.xml", HEAD("Full") CLUSTER("1Gf,-5Mf", "1Gbps", "1us", "") TAIL,
     "<cluster id='c'> at line 4: speed='1Gf,-5Mf' must be positive (SimGrid 3.32 aborts "
     "the simulation on it)"},
    {"latneg.xml", HEAD("Full") CLUSTER("1Gf", "1Gbps", "-1us", "") TAIL,
     "<cluster id='c'> at line 4: lat='-1us' is negative (SimGrid 3.32 would give silently "
     "wrong times)"},
    {"latinf.xml", HEAD("Full") CLUSTER("1Gf", "1Gbps", "inf", "") TAIL,
     "<cluster id='c'> at line 4: lat='inf' is not a finite number"},
    {"bb.xml", HEAD("Full") CLUSTER("1Gf", "1Gbps", "1us", " bb_bw=\"0\" bb_lat=\"1us\"") TAIL,
     "<cluster id='c'> at line 4: bb_bw='0' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"loopback.xml",
     HEAD("Full") CLUSTER("1Gf", "1Gbps", "1us", " loopback_bw=\"0Bps\" loopback_lat=\"1us\"")
         TAIL,
     "<cluster id='c'> at line 4: loopback_bw='0Bps' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"hostspeed.xml", HEAD("Full") "<host id=\"h\" speed=\"-1Gf\"/>\n" TAIL,
     "<host id='h'> at line 4: speed='-1Gf' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"linkbw.xml",
     HEAD("Full") HOST("a") HOST("b") "<link id=\"l\" bandwidth=\"0\" latency=\"1us\"/>\n"
         ROUTE("a", "b", "") TAIL,
     "<link id='l'> at line 6: bandwidth='0' must be positive (SimGrid 3.32 aborts the "
     "simulation on it)"},
    {"linklat.xml",
     HEAD("Full") HOST("a") HOST("b") "<link id=\"l\" bandwidth=\"1Gbps\" latency=\"-2ns\"/>\n"
         ROUTE("a", "b", "") TAIL,
     "<link id='l'> at line 6: latency='-2ns' is negative (SimGrid 3.32 would give silently "
     "wrong times)"},
    {"backbone.xml",
     HEAD("Full") "<backbone id=\"bb\" bandwidth=\"-1Gbps\" latency=\"1us\"/>\n" HOST("a") TAIL,
     "<backbone id='bb'> at line 4: bandwidth='-1Gbps' must be positive (SimGrid 3.32 aborts "
     "the simulation on it)"},
    /* Routes. */
    {"noroute.xml", HEAD("Full") HOST("a") HOST("b") HOST("c") LINK ROUTE("a", "b", "") TAIL,
     "<zone id='w'> at line 3: no route from host 'a' to host 'c' (routing=\"Full\" needs a "
     "<route src=\"a\" dst=\"c\"> or the reverse one, symmetrical)"},
    {"oneway.xml",
     HEAD("Full") HOST("a") HOST("b") LINK ROUTE("a", "b", " symmetrical=\"NO\"") TAIL,
     "<zone id='w'> at line 3: no route from host 'b' to host 'a' (routing=\"Full\" needs a "
     "<route src=\"b\" dst=\"a\"> or the reverse one, symmetrical)"},
    {"floyd.xml",
     HEAD("Floyd") HOST("a") HOST("b") HOST("c") "<router id=\"r\"/>\n" LINK
         ROUTE("a", "r", "") ROUTE("r", "b", "") TAIL,
     "<zone id='w'> at line 3: no route from host 'a' to host 'c' (routing=\"Floyd\" needs a "
     "<route src=\"a\" dst=\"c\"> or a chain of routes)"},
    {"none.xml", HEAD("None") HOST("a") HOST("b") TAIL,
     "<zone id='w'> at line 3: no route from host 'a' to host 'b' (routing=\"None\" needs a "
     "<route src=\"a\" dst=\"b\"> or a chain of routes)"},
    {"zones.xml",
     HEAD("Full") "<zone id=\"z1\" routing=\"Full\">" HOST("a") "</zone>\n"
                  "<zone id=\"z2\" routing=\"Full\">" HOST("b") "</zone>\n" TAIL,
     "<zone id='w'> at line 3: no route from zone 'z1' to zone 'z2' (routing=\"Full\" needs a "
     "<zoneRoute src=\"z1\" dst=\"z2\"> or the reverse one, symmetrical)"},
    {"beside.xml", HEAD("Full") HOST("h") CLUSTER("1Gf", "1Gbps", "1us", "") TAIL,
     "<zone id='w'> at line 3: no route from host 'h' to zone 'c': SimGrid routes a zone only "
     "to zones, so put host 'h' in a <zone> of its own and join the zones with <zoneRoute>"},
};

static const struct {
    const char *name, *text;
} good[] = {
    {"zero-lat.xml", HEAD("Full") CLUSTER("1Gf", "1Gbps", "0", " bb_bw=\"0\"") TAIL},
    {"pstates.xml", HEAD("Full") CLUSTER("1Gf,500Mf", "125MBps", "1e-6", "") TAIL},
    {"routed.xml", HEAD("Full") HOST("a") HOST("b") HOST("c") LINK ROUTE("a", "b", "")
                       ROUTE("c", "a", "") ROUTE("b", "c", "") TAIL},
    {"oneway-both.xml",
     HEAD("Full") HOST("a") HOST("b") LINK ROUTE("a", "b", " symmetrical=\"NO\"")
         ROUTE("b", "a", " symmetrical=\"NO\"") TAIL},
    {"floyd-ok.xml", HEAD("Floyd") HOST("a") HOST("b") HOST("c") "<router id=\"r\"/>\n" LINK
                         ROUTE("a", "r", "") ROUTE("r", "b", "") ROUTE("c", "r", "") TAIL},
    {"one-host.xml", HEAD("None") HOST("a") TAIL},
    /* Routers need no route of their own: only hosts talk. */
    {"router.xml", HEAD("Full") HOST("a") HOST("b") "<router id=\"r\"/>\n" LINK
                       ROUTE("a", "b", "") TAIL},
};

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

int main(void)
{
    check_counts c = {0, 0};
    char dir[] = "/tmp/papsim_test_platform_values_XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "test_platform_values: needs a writable /tmp\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[4096], want[8192];
        papsim_platform p;
        papsim_err e = {{0}};
        snprintf(path, sizeof path, "%s/%s", dir, bad[i].name);
        write_text(path, bad[i].text);
        snprintf(want, sizeof want, "platform '%s': %s", path, bad[i].want);
        int rc = papsim_platform_load(path, &p, &e);
        CHECK(&c, rc == -1, "%s: loaded", bad[i].name);
        CHECK_STR(&c, e.msg, want);
        CHECK(&c, p.nhosts == 0 && p.hosts == NULL, "%s: left hosts behind", bad[i].name);
        papsim_platform_free(&p);
        unlink(path);
    }
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char path[4096];
        papsim_platform p;
        papsim_err e = {{0}};
        snprintf(path, sizeof path, "%s/%s", dir, good[i].name);
        write_text(path, good[i].text);
        CHECK(&c, papsim_platform_load(path, &p, &e) == 0, "%s: %s", good[i].name, e.msg);
        papsim_platform_free(&p);
        unlink(path);
    }
    rmdir(dir);
    return CHECK_SUMMARY(&c);
}
