/* Generated platforms (papsim platform KIND): checking a cluster's
 * description and writing it as SimGrid XML; the summary of a loaded
 * platform (papsim platform --info). */
#include "platform/platform_gen.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "platform/hostfile.h"
#include "util/units.h"

/* Parses the leading decimal number of s (no hex, no inf/nan). Returns a
 * pointer to the unit that follows, or NULL. */
static const char *parse_number(const char *s, double *v)
{
    if (!isdigit((unsigned char)s[0]) && s[0] != '.')
        return NULL;
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    if (end == s || errno != 0 || !isfinite(*v))
        return NULL;
    for (const char *c = s; c < end; c++)
        if (!strchr("0123456789.eE+-", *c))
            return NULL;
    return end;
}

/* True if unit is one of prefixes[i] followed by one of bases[j]. */
static int unit_matches(const char *unit, const char *const *prefixes,
                        const char *const *bases)
{
    for (int i = 0; prefixes[i]; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(unit, prefixes[i], n) != 0)
            continue;
        for (int j = 0; bases[j]; j++)
            if (strcmp(unit + n, bases[j]) == 0)
                return 1;
    }
    return 0;
}

static int check_bandwidth(const char *opt, const char *s, papsim_err *e)
{
    static const char *const prefixes[] = {"", "k", "M", "G", "T", "P", "E",
                                           "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
                                           NULL};
    static const char *const bases[] = {"bps", "Bps", NULL};
    double v;
    if (s[0] == '-')
        return papsim_fail(e, "%s '%s': bandwidth must be positive", opt, s);
    const char *unit = parse_number(s, &v);
    if (!unit || !unit_matches(unit, prefixes, bases))
        return papsim_fail(e, "%s '%s': expected a number and a bandwidth unit "
                           "such as 10Gbps or 1.25GBps", opt, s);
    if (v <= 0)
        return papsim_fail(e, "%s '%s': bandwidth must be positive", opt, s);
    return 0;
}

static int check_latency(const char *opt, const char *s, papsim_err *e)
{
    static const char *const prefixes[] = {"", NULL};
    static const char *const units[] = {"w", "d", "h", "m", "s", "ms", "us",
                                        "ns", "ps", NULL};
    double v;
    if (s[0] == '-')
        return papsim_fail(e, "%s '%s': latency must not be negative", opt, s);
    const char *unit = parse_number(s, &v);
    /* SimGrid takes a bare 0 (its own examples use loopback_lat="0"). */
    int bare_zero = unit && *unit == '\0' && v == 0;
    if (!unit || (!bare_zero && !unit_matches(unit, prefixes, units)))
        return papsim_fail(e, "%s '%s': expected a number and a time unit such "
                           "as 1us (s, ms, us, ns, ps)", opt, s);
    return 0;
}

static int check_speed(const char *s, papsim_err *e)
{
    static const char *const prefixes[] = {"", "k", "M", "G", "T", "P", "E",
                                           NULL};
    static const char *const bases[] = {"f", NULL};
    double v;
    const char *unit = parse_number(s, &v);
    if (!unit || !unit_matches(unit, prefixes, bases) || v <= 0)
        return papsim_fail(e, "--speed '%s': expected a positive number of "
                           "flop/s such as 1Gf", s);
    return 0;
}

/* Host names go into hostfiles and XML attributes: keep them plain. */
static int check_prefix(const char *s, papsim_err *e)
{
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("._-", *c))
            return papsim_fail(e, "--prefix '%s': use letters, digits, '.', "
                               "'_' and '-' only", s);
    return 0;
}

/* Positive counts up to 2^24, through the shared number parser. */
static int parse_positive(const char *opt, const char *s, long *v, papsim_err *e)
{
    return papsim_parse_long(s, 1, 1L << 24, opt, v, e);
}

static const char *topology_of_kind(const char *kind)
{
    if (strcmp(kind, "flat") == 0)
        return "FLAT";
    if (strcmp(kind, "fat_tree") == 0 || strcmp(kind, "fat-tree") == 0)
        return "FAT_TREE";
    if (strcmp(kind, "dragonfly") == 0)
        return "DRAGONFLY";
    if (strcmp(kind, "torus") == 0)
        return "TORUS";
    return NULL;
}

/* Host count: --nodes for flat clusters, the parameters for the others. */
static int resolve_nodes(const papsim_cluster_spec *o, papsim_cluster_shape *c,
                         papsim_err *e)
{
    int flat = strcmp(c->topology, "FLAT") == 0;
    long given = 0, want = 0;
    if (o->nodes_arg && parse_positive("--nodes", o->nodes_arg, &given, e) != 0)
        return -1;
    if (flat) {
        if (o->params)
            return papsim_fail(e, "--params: a flat cluster takes no "
                               "topology parameters");
        if (!o->nodes_arg)
            return papsim_fail(e, "flat: --nodes is required");
        c->nodes = given;
        return 0;
    }
    if (o->backbone_bw || o->backbone_lat)
        return papsim_fail(e, "--backbone-bw/--backbone-lat: only a flat "
                           "cluster has a backbone");
    if (!o->params)
        return papsim_fail(e, "%s: --params is required", o->kind);
    if (papsim_topology_hosts(c->topology, o->params, &want, e) != 0)
        return -1;
    if (o->nodes_arg && given != want)
        return papsim_fail(e, "--nodes %ld: %s topo_parameters '%s' give %ld "
                           "hosts", given, c->topology, o->params, want);
    c->nodes = want;
    return 0;
}

int papsim_cluster_check(const papsim_cluster_spec *o, papsim_cluster_shape *c,
                         papsim_err *e)
{
    c->topology = topology_of_kind(o->kind);
    if (!c->topology)
        return papsim_fail(e, "unknown kind '%s' (expected flat, fat_tree, "
                           "dragonfly or torus)", o->kind);
    c->cores = 1;
    if (o->cores_arg && parse_positive("--cores", o->cores_arg, &c->cores, e))
        return -1;
    if (resolve_nodes(o, c, e) != 0 ||
        check_bandwidth("--bw", o->bw, e) != 0 ||
        check_latency("--lat", o->lat, e) != 0 ||
        check_bandwidth("--loopback-bw", o->loopback_bw, e) != 0 ||
        check_latency("--loopback-lat", o->loopback_lat, e) != 0 ||
        check_speed(o->speed, e) != 0 || check_prefix(o->prefix, e) != 0)
        return -1;
    if (o->backbone_bw && check_bandwidth("--backbone-bw", o->backbone_bw, e))
        return -1;
    if (o->backbone_lat && check_latency("--backbone-lat", o->backbone_lat, e))
        return -1;
    /* SimGrid 3.32 gives such a backbone zero bandwidth and aborts. */
    if (o->backbone_lat && !o->backbone_bw)
        return papsim_fail(e, "--backbone-lat needs --backbone-bw (a backbone "
                           "without bandwidth crashes SimGrid 3.32)");
    return 0;
}

/* Writes s escaped for a double-quoted XML attribute. */
static void put_xml_attr(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s < 0x20) /* tabs, newlines in an argument */
                fprintf(f, "&#x%X;", (unsigned)(unsigned char)*s);
            else
                fputc(*s, f);
        }
    }
}

/* Writes one shell word, single-quoted when it holds anything special. */
static void put_shell_word(FILE *f, const char *s)
{
    int plain = *s != '\0';
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("_./:=,+-@%", *c))
            plain = 0;
    if (plain) {
        put_xml_attr(f, s);
        return;
    }
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", f);
        else
            put_xml_attr(f, (char[]){*s, '\0'});
    }
    fputc('\'', f);
}

/* The exact command, as a property: XML comments cannot contain "--", so
 * the header comment only points here. */
static void put_command_prop(FILE *f, int argc, char **argv)
{
    fputs("    <prop id=\"papsim_command\" value=\"papsim", f);
    for (int i = 0; i < argc; i++) {
        fputc(' ', f);
        put_shell_word(f, argv[i]);
    }
    fputs("\"/>\n", f);
}

static void put_header(FILE *f, const papsim_cluster_spec *o, const papsim_cluster_shape *c)
{
    fprintf(f, "<?xml version='1.0'?>\n"
               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
               "<!--\n"
               "  Generated by papsim platform; the exact command is the\n"
               "  papsim_command property below (an XML comment cannot hold\n"
               "  a double hyphen).\n"
               "  Topology: %s %s\n"
               "  Size:     %ld hosts x %ld cores = %ld ranks at most\n"
               "  Links:    %s, %s each (bps: bits/s, Bps: bytes/s)\n"
               "  Loopback: %s, %s (messages between ranks of one host)\n",
            c->topology, o->params ? o->params : "(one switch, no levels)",
            c->nodes, c->cores, c->nodes * c->cores, o->bw, o->lat,
            o->loopback_bw, o->loopback_lat);
    if (o->backbone_bw || o->backbone_lat)
        fprintf(f, "  Backbone: %s, %s (shared by all inter-host traffic)\n",
                o->backbone_bw ? o->backbone_bw : "unlimited",
                o->backbone_lat ? o->backbone_lat : "0s");
    /* A prefix may hold "--" (it allows '-'), which a comment cannot. */
    if (strstr(o->prefix, "--"))
        fprintf(f, "  Hosts:    numbered 0 .. %ld after the prefix\n",
                c->nodes - 1);
    else
        fprintf(f, "  Hosts:    %s0 .. %s%ld\n", o->prefix, o->prefix,
                c->nodes - 1);
    fputs("-->\n", f);
}

static void put_cluster(FILE *f, const papsim_cluster_spec *o, const papsim_cluster_shape *c)
{
    fprintf(f, "    <cluster id=\"%s\" prefix=\"%s\" suffix=\"\" "
               "radical=\"0-%ld\" core=\"%ld\"\n"
               "             speed=\"%s\" bw=\"%s\" lat=\"%s\"\n",
            o->kind, o->prefix, c->nodes - 1, c->cores, o->speed, o->bw,
            o->lat);
    if (strcmp(c->topology, "FLAT") != 0)
        fprintf(f, "             topology=\"%s\" topo_parameters=\"%s\"\n",
                c->topology, o->params);
    if (o->backbone_bw)
        fprintf(f, "             bb_bw=\"%s\"\n", o->backbone_bw);
    if (o->backbone_lat)
        fprintf(f, "             bb_lat=\"%s\"\n", o->backbone_lat);
    fprintf(f, "             loopback_bw=\"%s\" loopback_lat=\"%s\"/>\n",
            o->loopback_bw, o->loopback_lat);
}

void papsim_cluster_write_xml(FILE *f, const papsim_cluster_spec *o, const papsim_cluster_shape *c,
                              int argc, char **argv)
{
    put_header(f, o, c);
    fputs("<platform version=\"4.1\">\n", f);
    fputs("  <zone id=\"world\" routing=\"Full\">\n", f);
    put_command_prop(f, argc, argv);
    put_cluster(f, o, c);
    fputs("  </zone>\n</platform>\n", f);
}

void papsim_platform_print_info(FILE *f, const papsim_platform *p)
{
    fprintf(f, "platform: %s\n", p->source);
    fprintf(f, "hosts: %d\n", p->nhosts);
    fprintf(f, "cores per host: %d\n", p->cores_per_host);
    fprintf(f, "max ranks: %ld\n", (long)p->nhosts * p->cores_per_host);
    fprintf(f, "max ranks oversubscribed: %ld (%d per core, ranks-per-node "
           "up to %d)\n", (long)p->nhosts * p->cores_per_host *
           PAPSIM_MAX_RANKS_PER_CORE, PAPSIM_MAX_RANKS_PER_CORE,
           p->cores_per_host * PAPSIM_MAX_RANKS_PER_CORE);
    fprintf(f, "topology: %s\n", p->topology);
    fprintf(f, "topo_parameters: %s\n",
           p->topo_parameters[0] ? p->topo_parameters : "(none)");
    fprintf(f, "first host: %s\n", p->hosts[0]);
    fprintf(f, "last host: %s\n", p->hosts[p->nhosts - 1]);
    /* Host i of the hostfile rules is the i-th host in this order. */
    for (int g = 0; g < p->ngroups; g++) {
        const papsim_host_group *x = &p->groups[g];
        fprintf(f, "group %s: hosts %d-%d = %s .. %s (%d x %d cores, %s)\n",
               x->id, x->first, x->first + x->count - 1, p->hosts[x->first],
               p->hosts[x->first + x->count - 1], x->count, x->cores,
               x->topology);
    }
}
