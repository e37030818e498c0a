/* The barrier's check (papsim_barrier_times_ok) on hand-made entry and exit
 * times: it holds exactly when the first exit is not before the last entry
 * (within the tolerance), including the boundary, and bites when one rank
 * leaves early; and the collective rules of cases (bytes and in-place for
 * barrier, distributions, knobs a barrier or reduce_scatter algorithm does
 * not read), with their messages. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cases/collective_rules.h"
#include "papsim_catalog.h"

static void expect_rule(check_counts *k, const char *coll, const char *algo, long long bytes,
                        const char *option, const char *value, const char *want)
{
    papsim_case c;
    papsim_err e = {{0}};
    papsim_case_defaults(&c);
    snprintf(c.collective, sizeof c.collective, "%s", coll);
    snprintf(c.algorithm, sizeof c.algorithm, "%s", algo);
    c.bytes = bytes;
    if (option) {
        char *argv[] = {(char *)option, (char *)value};
        CHECK(k, papsim_case_parse_args(value ? 2 : 1, argv, &c, NULL, NULL, &e) == 0, "%s: %s",
              option, e.msg);
    }
    const int rc = papsim_case_check_collective(&c, &e);
    if (!want) {
        CHECK(k, rc == 0, "%s/%s %s: refused: %s", coll, algo, option ? option : "", e.msg);
        return;
    }
    CHECK(k, rc != 0 && strstr(e.msg, want), "%s/%s %s: got '%s' want '%s'", coll, algo,
          option ? option : "", rc ? e.msg : "(accepted)", want);
}

int main(void)
{
    check_counts k = {0, 0};
    const double arrive[4] = {1.0, 1.5, 2.0, 1.25};
    const double exits[4] = {2.5, 2.0, 2.25, 3.0};
    CHECK(&k, papsim_barrier_times_ok(arrive, exits, 4, 0), "first exit 2.0 = last entry 2.0");
    const double early[4] = {2.5, 1.999, 2.25, 3.0};
    CHECK(&k, !papsim_barrier_times_ok(arrive, early, 4, 0), "rank 1 left at 1.999 < 2.0");
    CHECK(&k, papsim_barrier_times_ok(arrive, early, 4, 0.001), "within a 1 ms tolerance");
    CHECK(&k, !papsim_barrier_times_ok(arrive, early, 4, 0.0009), "outside a 0.9 ms one");
    const double one_in[1] = {5.0}, one_out[1] = {5.0};
    CHECK(&k, papsim_barrier_times_ok(one_in, one_out, 1, 0), "a single rank");

    expect_rule(&k, "barrier", "tree", 0, NULL, NULL, NULL);
    expect_rule(&k, "barrier", "tree", 8, NULL, NULL, "--bytes 8: barrier moves no data");
    expect_rule(&k, "barrier", "tree", 0, "--in-place", NULL, "--in-place does not apply to barrier");
    expect_rule(&k, "barrier", "linear", 0, "--segment-bytes", "1024",
                "--segment-bytes does not apply to barrier/linear (it reads no such knob)");
    expect_rule(&k, "reduce_scatter", "ring", 8, "--distribution", "lindec", NULL);
    expect_rule(&k, "reduce_scatter_block", "ring", 8, "--distribution", "lindec",
                "--distribution lindec applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only");
    expect_rule(&k, "reduce_scatter", "pairwise", 8, "--max-requests", "2",
                "--max-requests does not apply to reduce_scatter/pairwise");
    expect_rule(&k, "reduce_scatter", "builtin:ompi_ring", 8, "--segments", "4",
                "--segments does not apply to reduce_scatter/builtin:ompi_ring");
    /* Scan and exscan: knobs refused, no distribution, in place allowed. */
    expect_rule(&k, "scan", "linear", 8, "--in-place", NULL, NULL);
    expect_rule(&k, "exscan", "recursive_doubling", 8, "--in-place", NULL, NULL);
    expect_rule(&k, "scan", "recursive_doubling", 8, "--segment-bytes", "1024",
                "--segment-bytes does not apply to scan/recursive_doubling (it reads no such knob)");
    expect_rule(&k, "exscan", "linear", 8, "--knomial-radix", "3",
                "--knomial-radix does not apply to exscan/linear");
    expect_rule(&k, "exscan", "linear", 8, "--distribution", "spike",
                "--distribution spike applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only "
                "(collective is exscan)");
    expect_rule(&k, "reduce_scatter", "noncommutative", 8, "--segments", "2",
                "--segments does not apply to reduce_scatter/noncommutative");
    CHECK(&k, (papsim_collective_find("scan")->traits & PAPSIM_C_NO_BUILTIN) &&
                  (papsim_collective_find("exscan")->traits & PAPSIM_C_NO_BUILTIN) &&
                  !(papsim_collective_find("reduce_scatter")->traits & PAPSIM_C_NO_BUILTIN),
          "no builtin: scan and exscan only");
    /* The older collectives keep accepting a knob they do not read. */
    expect_rule(&k, "allgather", "ring", 8, "--segment-bytes", "1024", NULL);
    CHECK(&k, papsim_collective_has_distribution("reduce_scatter"), "reduce_scatter");
    CHECK(&k, !papsim_collective_has_distribution("reduce_scatter_block"), "the block form");
    CHECK(&k, !strcmp(papsim_smpi_collective("reduce_scatter_block"), "reduce_scatter"), "smpi");
    CHECK(&k, !strcmp(papsim_smpi_collective("barrier"), "barrier"), "smpi barrier");
    /* Gather, scatter and the v forms: distributions for the v forms only,
     * in place at the root, linear_sync alone reads segment_bytes (its
     * first segment); SMPI has no choice of gatherv or scatterv. */
    expect_rule(&k, "gatherv", "linear", 8, "--distribution", "lindec", NULL);
    expect_rule(&k, "scatterv", "builtin:default", 8, "--distribution", "spike", NULL);
    expect_rule(&k, "gather", "binomial", 8, "--distribution", "spike",
                "--distribution spike applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv "
                "only (collective is gather)");
    expect_rule(&k, "scatter", "linear", 8, "--in-place", NULL, NULL);
    expect_rule(&k, "gather", "linear_sync", 8, "--segment-bytes", "100", NULL);
    expect_rule(&k, "gather", "linear", 8, "--segment-bytes", "100",
                "--segment-bytes does not apply to gather/linear (it reads no such knob)");
    expect_rule(&k, "scatterv", "linear", 8, "--knomial-radix", "2",
                "--knomial-radix does not apply to scatterv/linear");
    CHECK(&k, papsim_collective_has_distribution("gatherv"), "gatherv");
    CHECK(&k, !papsim_collective_has_distribution("scatter"), "scatter");
    CHECK(&k, (papsim_collective_find("scatter")->traits & PAPSIM_C_STRICT_KNOBS) &&
                  !(papsim_collective_find("bcast")->traits & PAPSIM_C_STRICT_KNOBS),
          "strict knobs");
    CHECK(&k, !papsim_smpi_selectable("gatherv") && !papsim_smpi_selectable("scatterv") &&
                  papsim_smpi_selectable("gather"),
          "selectable");
    return CHECK_SUMMARY(&k);
}
