/* Unit tests for lib/smpi/simgrid_compat.c, the one place where papsim
 * differs per SimGrid version: version texts, which versions scan their
 * list of eager sends (before 3.34) and the forecast's constants for each. */
#include "check.h"
#include <stdio.h>

#include "smpi/simgrid_compat.h"
#include "sweep/sweep.h"

int main(void)
{
    check_counts c = {0, 0};
    CHECK(&c, papsim_simgrid_version_number("3.32") == 33200, "3.32");
    CHECK(&c, papsim_simgrid_version_number("3.32.0") == 33200, "3.32.0");
    CHECK(&c, papsim_simgrid_version_number("3.34.1") == 33401, "3.34.1");
    CHECK(&c, papsim_simgrid_version_number("4.1.0") == 40100, "4.1.0");
    CHECK(&c, papsim_simgrid_version_number("4.1") == 40100, "4.1");
    CHECK(&c, papsim_simgrid_version_number("3.36.0-devel") == 33600, "a suffix");
    CHECK(&c, papsim_simgrid_version_number("unknown: smpirun failed") == -1, "unknown");
    CHECK(&c, papsim_simgrid_version_number("4") == -1, "no minor");
    CHECK(&c, papsim_simgrid_version_number("") == -1, "empty");
    CHECK(&c, papsim_simgrid_version_number(NULL) == -1, "NULL");
    CHECK(&c, papsim_simgrid_version_number("3.100.0") == -1, "minor > 99");

    /* The scan went in 3.34 (SimGrid commit 5f8fc2c2). */
    CHECK(&c, papsim_simgrid_scans_eager_sends("3.32.0"), "3.32 scans");
    CHECK(&c, papsim_simgrid_scans_eager_sends("3.33.0"), "3.33 scans");
    CHECK(&c, !papsim_simgrid_scans_eager_sends("3.34.0"), "3.34 does not");
    CHECK(&c, !papsim_simgrid_scans_eager_sends("3.35.0"), "3.35 does not");
    CHECK(&c, !papsim_simgrid_scans_eager_sends("4.1.0"), "4.1 does not");
    /* An unreadable version is the one papsim was built with. */
    CHECK(&c, papsim_simgrid_scans_eager_sends("unknown: x") ==
                  papsim_simgrid_scans_eager_sends(papsim_simgrid_build_version()),
          "unknown = built with %s", papsim_simgrid_build_version());
    long built = papsim_simgrid_version_number(papsim_simgrid_build_version());
    CHECK(&c, built >= papsim_simgrid_version_number(PAPSIM_SIMGRID_OLDEST) &&
                  built < papsim_simgrid_version_number(PAPSIM_SIMGRID_NEWEST) + 100,
          "built with %s, in the supported range", papsim_simgrid_build_version());

    /* The forecast's constants: 3.32 keeps the scan term and its 15 us per
     * message; 4.1 has no scan term and its own message cost; the eager
     * threshold given (here rendezvous, 0) is kept either way. */
    sweep_cost_model m = {1, 1, 1, 1, 0, 1, 1};
    papsim_simgrid_cost_model("3.32.0", &m);
    CHECK_NEAR(&c, m.msg, 15e-6, 0);
    CHECK_NEAR(&c, m.scan, 60e-9, 0);
    CHECK_NEAR(&c, m.rank, 0.5e-3, 0);
    CHECK_NEAR(&c, m.per_case, 20e-3, 0);
    CHECK(&c, m.eager_thresh == 0, "threshold kept: %lld", m.eager_thresh);
    sweep_cost_model n = {1, 1, 1, 1, 65536, 1, 1};
    papsim_simgrid_cost_model("4.1.0", &n);
    CHECK_NEAR(&c, n.scan, 0, 0);
    CHECK_NEAR(&c, n.msg, 20e-6, 0);
    CHECK_NEAR(&c, n.rank, 0.5e-3, 0);
    CHECK_NEAR(&c, n.per_case, 20e-3, 0);
    CHECK(&c, n.eager_thresh == 65536, "threshold kept: %lld", n.eager_thresh);
    /* SMPI's MPI_Waitall visits: 1.5 us on 3.32, 140 ns on 4.1. */
    CHECK_NEAR(&c, m.waitall, 1.5e-6, 0);
    CHECK_NEAR(&c, n.waitall, 140e-9, 0);
    CHECK_NEAR(&c, m.waitall_skew_np, 128, 0);
    CHECK_NEAR(&c, n.waitall_skew_np, 128, 0);

    /* Skewed arrivals multiply the Waitall term of SMPI's basic_linear
     * alltoall by np/128: at np 1024, 2.14e9 visits cost 7 x 140 ns (4.1)
     * or 7 x 1.5 us (3.32) more each than without delay; nothing changes at np 128 and below, with a
     * zero skew, or for an algorithm without the term (papsim's linear). */
    static sweep_case nd, sk;
    snprintf(nd.c.collective, sizeof nd.c.collective, "alltoall");
    snprintf(nd.c.algorithm, sizeof nd.c.algorithm, "builtin:basic_linear");
    snprintf(nd.c.pattern, sizeof nd.c.pattern, "no_delay");
    nd.c.np = 1024;
    nd.c.bytes = 2;
    nd.c.reps = 1;
    sk = nd;
    snprintf(sk.c.pattern, sizeof sk.c.pattern, "ascending");
    sk.skew.kind = PAPSIM_SKEW_RELATIVE;
    sk.skew.value = 1.5;
    const double visits = 1024.0 * 2046 * 2047 / 2;
    CHECK_NEAR(&c, sweep_case_cost(&sk, &n, NULL) - sweep_case_cost(&nd, &n, NULL),
               visits * 140e-9 * 7, 1e-6);
    CHECK_NEAR(&c, sweep_case_cost(&sk, &m, NULL) - sweep_case_cost(&nd, &m, NULL),
               visits * 1.5e-6 * 7, 1e-5);
    sk.skew.kind = PAPSIM_SKEW_ABSOLUTE;
    sk.skew.value = 0;
    CHECK_NEAR(&c, sweep_case_cost(&sk, &n, NULL), sweep_case_cost(&nd, &n, NULL), 0);
    sk.skew.value = 3e-3;
    sk.c.np = nd.c.np = 128;
    CHECK_NEAR(&c, sweep_case_cost(&sk, &n, NULL), sweep_case_cost(&nd, &n, NULL), 0);
    sk.c.np = nd.c.np = 1024;
    snprintf(sk.c.algorithm, sizeof sk.c.algorithm, "linear");
    snprintf(nd.c.algorithm, sizeof nd.c.algorithm, "linear");
    CHECK_NEAR(&c, sweep_case_cost(&sk, &n, NULL), sweep_case_cost(&nd, &n, NULL), 0);
    return CHECK_SUMMARY(&c);
}
