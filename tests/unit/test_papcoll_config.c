/* libpapcoll's configuration checked whole (papcoll/papcoll_config.c), MPI
 * free: an unknown PAPCOLL_* name refused naming the closest one (edit
 * distance), a rule no call can reach refused naming the rules before it
 * that take its calls (one, several together, or none: conditions that
 * exclude each other), values capped in length, other variables ignored;
 * the rules that are accepted each chosen for some call; and every
 * collective of collectives.def has its variable, with a size condition
 * refused where its ranks pass their own counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "papcoll_config.h"

/* Reads the configuration of up to 3 NAME=VALUE entries; want NULL: it
 * must be accepted, else refused with exactly the message want. */
static void expect(check_counts *k, const char *a, const char *b, const char *c,
                   const char *want)
{
    char *env[] = {(char *)a, (char *)b, (char *)c, NULL};
    char err[1024] = "";
    static papcoll_config cfg;
    const int rc = papcoll_config_read(&cfg, env, err, sizeof err);
    if (!want)
        CHECK(k, rc == 0, "%s: refused: %s", a, err);
    else
        CHECK(k, rc != 0 && strcmp(err, want) == 0, "%s: got '%s' want '%s'", a,
              rc ? err : "(accepted)", want);
}

/* Configurations and what expect wants of them. */
static const struct {
    const char *env[3];
    const char *want;
} cases[] = {
    /* Names. */
    {{"PAPCOLL_ALLREDUC=prr"},
     "PAPCOLL_ALLREDUC: no such libpapcoll variable; did you mean PAPCOLL_ALLREDUCE?"},
    {{"PAPCOLL_ALLREDUCE=prr", "PAPCOLL_REPROT=r.csv"},
     "PAPCOLL_REPROT: no such libpapcoll variable; did you mean PAPCOLL_REPORT?"},
    {{"PAPCOLL_REDUCESCATTER_BLOCK=ring"},
     "PAPCOLL_REDUCESCATTER_BLOCK: no such libpapcoll variable; did you mean "
     "PAPCOLL_REDUCE_SCATTER_BLOCK?"},
    {{"PAPCOLL_window=5"},
     "PAPCOLL_window: no such libpapcoll variable; did you mean PAPCOLL_WINDOW?"},
    /* Not libpapcoll's: other prefixes, and an entry without '='. */
    {{"PAPCOLLX=1", "papcoll_allreduce=prr", "PAPCOLL_NOVALUE"}, NULL},
    {{"PAPSIM_PAPCOLL_BENCH_NP=16", "PAPCOLL_WINDOW=3"}, NULL},
    /* Rules no call can reach. */
    {{"PAPCOLL_ALLREDUCE=ring,prr"},
     "PAPCOLL_ALLREDUCE: rule 'prr': no call can reach it: rule 'ring' before it takes "
     "every call it would match"},
    {{"PAPCOLL_REDUCE=<=64KiB:binomial,<=32KiB:linear"},
     "PAPCOLL_REDUCE: rule '<=32KiB:linear': no call can reach it: rule "
     "'<=64KiB:binomial' before it takes every call it would match"},
    {{"PAPCOLL_REDUCE=<=1KiB:binomial,>1KiB:linear,mpi"},
     "PAPCOLL_REDUCE: rule 'mpi': no call can reach it: rules '<=1KiB:binomial', "
     "'>1KiB:linear' before it take every call it would match"},
    {{"PAPCOLL_BCAST=np<8:linear,np>=8&<1KiB:binomial,np>=8&>=1KiB:pipeline,binomial"},
     "PAPCOLL_BCAST: rule 'binomial': no call can reach it: rules 'np<8:linear', "
     "'np>=8&<1KiB:binomial', 'np>=8&>=1KiB:pipeline' before it take every call it would "
     "match"},
    {{"PAPCOLL_ALLGATHER=ring,ring"},
     "PAPCOLL_ALLGATHER: rule 'ring': no call can reach it: rule 'ring' before it takes "
     "every call it would match"},
    {{"PAPCOLL_ALLGATHER=>64KiB&<1KiB:ring"},
     "PAPCOLL_ALLGATHER: rule '>64KiB&<1KiB:ring': no call satisfies its conditions"},
    {{"PAPCOLL_ALLGATHER=np<1:ring"},
     "PAPCOLL_ALLGATHER: rule 'np<1:ring': no call satisfies its conditions"},
    {{"PAPCOLL_ALLGATHER=<0:ring"},
     "PAPCOLL_ALLGATHER: rule '<0:ring': no call satisfies its conditions"},
    {{"PAPCOLL_BARRIER=>0:tree"},
     "PAPCOLL_BARRIER: rule '>0:tree': no call satisfies its conditions (a barrier's "
     "size is 0)"},
    {{"PAPCOLL_GATHERV=np>=4:linear,np>=8:mpi"},
     "PAPCOLL_GATHERV: rule 'np>=8:mpi': no call can reach it: rule 'np>=4:linear' "
     "before it takes every call it would match"},
    /* Reachable: a gap, overlaps that leave a corner, an = point. */
    {{"PAPCOLL_REDUCE=<=1KiB:binomial,>2KiB:linear,mpi"}, NULL},
    {{"PAPCOLL_BCAST=np<8:linear,>=1KiB:pipeline,binomial"}, NULL},
    {{"PAPCOLL_ALLREDUCE=<8:ring,>8:prr,=8:slt"}, NULL},
    {{"PAPCOLL_BARRIER==0:tree"}, NULL},
    {{"PAPCOLL_ALLGATHER=>9223372036854775806:ring,bruck"}, NULL},
    /* The first of two entries with one name counts, as for getenv. */
    {{"PAPCOLL_WINDOW=3", "PAPCOLL_WINDOW=0"}, NULL},
    {{"PAPCOLL_WINDOW=0", "PAPCOLL_WINDOW=3"},
     "PAPCOLL_WINDOW: calls '0' must be between 1 and 1000"},
};

/* The rule papcoll_choose gives a call of np ranks and bytes, by index. */
static int chosen(const papcoll_config *cfg, int coll, int np, long long bytes)
{
    const papcoll_rule *r = papcoll_choose(cfg, coll, np, bytes);
    return r ? (int)(r - cfg->rules[coll]) : -1;
}

int main(void)
{
    check_counts k = {0, 0};

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect(&k, cases[i].env[0], cases[i].env[1], cases[i].env[2], cases[i].want);

    /* A name read no further than 64 characters is shown cut. */
    char long_name[200];
    snprintf(long_name, sizeof long_name, "PAPCOLL_%0120d=1", 0);
    char want_long[300];
    snprintf(want_long, sizeof want_long,
             "PAPCOLL_%056d...: no such libpapcoll variable; did you mean PAPCOLL_ALLGATHER?",
             0);
    expect(&k, long_name, NULL, NULL, want_long);

    /* Each accepted rule is chosen for some call. */
    char *env[] = {"PAPCOLL_BCAST=np<8:linear,>=1KiB:pipeline,binomial", NULL};
    static papcoll_config cfg;
    char err[1024];
    CHECK(&k, papcoll_config_read(&cfg, env, err, sizeof err) == 0, "%s", err);
    CHECK(&k, chosen(&cfg, PAPCOLL_ID(bcast), 4, 1 << 20) == 0, "np 4");
    CHECK(&k, chosen(&cfg, PAPCOLL_ID(bcast), 8, 1024) == 1, "np 8, 1 KiB");
    CHECK(&k, chosen(&cfg, PAPCOLL_ID(bcast), 8, 1023) == 2, "np 8, 1023 B");

    /* Every collective's variable, PAPCOLL_ and its name in upper case, is
     * read; a size condition is refused exactly for the three whose ranks
     * pass their own counts (the traits: rooted or matrix v-forms). */
    for (size_t c = 0; c < papsim_ncollectives; c++) {
        const char *name = papsim_collectives[c];
        char rule[96], upper[40], want[320];
        size_t i = 0;
        for (; name[i] && i + 1 < sizeof upper; i++)
            upper[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A' : name[i]);
        upper[i] = '\0';
        snprintf(rule, sizeof rule, "PAPCOLL_%s=<=1KiB:mpi", upper);
        const int own = !strcmp(name, "gatherv") || !strcmp(name, "scatterv") ||
                        !strcmp(name, "alltoallv");
        snprintf(want, sizeof want, "PAPCOLL_%s: rule '<=1KiB:mpi': condition '<=1KiB': the "
                 "ranks of a %s call pass their own counts, so they need not agree on a "
                 "size; its rules test np only (np>=16:ALGORITHM)", upper, name);
        expect(&k, rule, NULL, NULL, own ? want : NULL);
        CHECK(&k, !strcmp(papcoll_collective_name((int)c), name), "%s: id %zu", name, c);
    }
    CHECK(&k, PAPCOLL_NCOLLECTIVES == (int)papsim_ncollectives, "%d collectives",
          PAPCOLL_NCOLLECTIVES);

    /* Lengths: a value of PAPCOLL_VALUE_MAX characters is read, one more is not. */
    size_t n = strlen("PAPCOLL_REPORT=") + PAPCOLL_VALUE_MAX + 1;
    char *value = malloc(n + 1);
    if (!value)
        return 1;
    snprintf(value, n + 1, "PAPCOLL_REPORT=%0*d", PAPCOLL_VALUE_MAX, 0);
    expect(&k, value, NULL, NULL, NULL);
    snprintf(value, n + 1, "PAPCOLL_REPORT=%0*d", PAPCOLL_VALUE_MAX + 1, 0);
    expect(&k, value, NULL, NULL, "PAPCOLL_REPORT: longer than 4095 characters");
    snprintf(value, n + 1, "PAPCOLL_SCAN=%0*d", PAPCOLL_VALUE_MAX + 1, 0);
    expect(&k, value, NULL, NULL, "PAPCOLL_SCAN: longer than 4095 characters");
    free(value);
    return CHECK_SUMMARY(&k);
}
