/* The forecast's cost model of a sweep case (see sweep.h): what papsim run
 * prints before a sweep, what orders its batches (longest first) and what
 * weighs its ETA. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papsim_msgcount.h"
#include "plugin.h"
#include "smpi/simgrid_compat.h"
#include "sweep/sweep.h"
#include "util/papsim_error.h"

/* Wall time per message on SimGrid 3.34 and later: the fit to SimGrid 4.1's
 * measured single cases (linear alltoall np 256 and 1024, pairwise np 1024,
 * ompi_binomial 16 KiB np 1024, Sparbit np 512: docs/simgrid-versions.md)
 * that minimises the squared log ratio forecast/measured; all within 2.4x. */
#define NO_SCAN_MSG_COST 20e-6

/* Wall time per request SMPI's MPI_Waitall visits on SimGrid 3.34 and
 * later: fitted to SMPI's basic_linear alltoall at np 1024 on SimGrid 4.1
 * (docs/running.md, Forecast), a tenth of 3.32's. Measured on 3.32 and 4.1
 * only: the versions between take 4.1's from 3.34 on. */
#define NO_SCAN_WAITALL_COST 140e-9

/* Whether the case's ranks arrive apart: a pattern other than no_delay
 * with a relative skew or an absolute one above 0. */
static int skewed(const sweep_case *sc)
{
    return strcmp(sc->c.pattern, "no_delay") &&
           (sc->skew.kind != PAPSIM_SKEW_ABSOLUTE || sc->skew.value > 0);
}

/* One case's forecast: its wall time and, within it, the eager-scan and
 * the MPI_Waitall terms, and its simulated messages. */
typedef struct {
    double wall, scan, waitall, messages;
} case_estimate;

/* The case's forecast; with as_no_delay, its no-delay case's (the same case
 * without the skewed Waitall factor, the only term the pattern enters). */
static case_estimate estimate(const sweep_case *sc, const sweep_cost_model *m, int as_no_delay)
{
    papsim_msgcount_case mc = {sc->c.collective, sc->c.algorithm, sc->c.np, sc->c.bytes,
                               sc->c.segment_bytes, sc->c.segments};
    case_estimate e;
    /* the harness adds its start agreement and result gathering: 2(p-1) */
    e.messages = sc->c.reps * (papsim_msgcount_estimate(&mc) + 2.0 * (sc->c.np - 1));
    e.scan = m->scan > 0
                     ? sc->c.reps * papsim_msgcount_eager_scan(&mc, m->eager_thresh) * m->scan
                     : 0;
    double visits = sc->c.reps * papsim_msgcount_waitall_visits(&mc);
    if (visits > 0 && !as_no_delay && skewed(sc))
        visits *= fmax(1.0, sc->c.np / m->waitall_skew_np);
    e.waitall = visits * m->waitall;
    e.wall = e.messages * m->msg + e.scan + e.waitall + sc->c.np * m->rank + m->per_case;
    return e;
}

double sweep_case_cost(const sweep_case *sc, const sweep_cost_model *m, double *messages)
{
    case_estimate e = estimate(sc, m, 0);
    if (messages)
        *messages = e.messages;
    return e.wall;
}

long long sweep_eager_threshold(const char *const *cfg, int ncfg, long long fallback)
{
    const char *key = "--cfg=smpi/send-is-detached-thresh:";
    for (int i = 0; i < ncfg; i++)
        if (!strncmp(cfg[i], key, strlen(key)))
            fallback = atoll(cfg[i] + strlen(key));
    return fallback;
}

/* One case's forecast, at most the case time limit (its terms scaled to
 * their share of it). A relative-skew case whose no-delay case is forecast
 * to reach the limit costs 0 in the low forecast (its baseline times out,
 * so it will not run) and the limit in the high one (the forecast
 * overestimated its baseline, which finished). */
static case_estimate limited_estimate(const sweep_case *sc, const sweep_cost_model *m,
                                      double case_timeout, double *high)
{
    case_estimate e = estimate(sc, m, 0);
    *high = e.wall;
    if (case_timeout <= 0 || e.wall < case_timeout)
        return e;
    e.scan *= case_timeout / e.wall;
    e.waitall *= case_timeout / e.wall;
    e.wall = *high = case_timeout;
    if (sc->skew.kind != PAPSIM_SKEW_ABSOLUTE && estimate(sc, m, 1).wall >= case_timeout)
        e.wall = e.scan = e.waitall = 0; /* its baseline times out: it will not run */
    return e;
}

/* Says which user algorithms of the sweep the forecast counts with the
 * default message-count model (their file declares none). */
static void default_model_notes(const sweep_case *cases, int n)
{
    const papsim_catalog_entry *entry;
    const char *path;
    for (size_t p = 0; (entry = papsim_plugin_at(p, &path)) != NULL; p++) {
        int used = 0;
        for (int i = 0; i < n && !used && !entry->msgcount; i++)
            used = !strcmp(cases[i].c.collective, entry->collective) &&
                   !strcmp(cases[i].c.algorithm, entry->name);
        if (used)
            papsim_print_note("papsim run",
                    "forecast: %s (%s) declares no message-count model: counted with the "
                    "default, papsim's estimate for SMPI's built-in %s algorithms",
                    entry->name, path, entry->collective);
    }
}

void sweep_print_forecast(const sweep_case *cases, int n,
                          int (*is_done)(const void *ctx, const sweep_case *sc), const void *ctx,
                          const sweep_cost_model *m, double case_timeout, int jobs)
{
    int todo = 0, done = 0, unchecked = 0;
    int skippable = 0;
    double messages = 0, wall = 0, wall_high = 0, worst = -1, scan = 0, wall_newest = 0;
    double waitall_skewed = 0; /* the skewed cases' MPI_Waitall terms */
    sweep_cost_model newest = *m; /* the forecast on the newest SimGrid papsim supports */
    papsim_simgrid_cost_model(PAPSIM_SIMGRID_NEWEST, &newest);
    const sweep_case *costliest = NULL;
    for (int i = 0; i < n; i++) {
        const sweep_case *sc = &cases[i];
        if (sc->unsupported || sc->left_out)
            continue;
        if (is_done && is_done(ctx, sc)) {
            done++;
            continue;
        }
        double high, ignored;
        const case_estimate e = limited_estimate(sc, m, case_timeout, &high);
        const double w = e.wall;
        messages += e.messages;
        scan += e.scan;
        waitall_skewed += skewed(sc) ? e.waitall : 0;
        wall_newest += limited_estimate(sc, &newest, case_timeout, &ignored).wall;
        wall += w;
        wall_high += high;
        skippable += high > w;
        if (w > worst) {
            worst = w;
            costliest = sc;
        }
        unchecked += !sc->c.check;
        todo++;
    }
    papsim_print_note("papsim run",
            "forecast: %d cases to simulate (%d already in results), about %.3g "
            "simulated messages, about %.0f s wall with %d worker(s) (estimate: %g us per "
            "message, %g ns per eager send scanned, %g ms per rank, %g ms per case, %g ns "
            "per request SMPI's MPI_Waitall visits, x np/%g when arrivals are skewed; "
            "--msg-cost, --scan-cost, --rank-cost, --case-cost, --waitall-cost)",
            todo, done, messages, wall / jobs, jobs, m->msg * 1e6, m->scan * 1e9, m->rank * 1e3,
            m->per_case * 1e3, m->waitall * 1e9, m->waitall_skew_np);
    default_model_notes(cases, n);
    if (skippable)
        papsim_print_note("papsim run",
                "forecast: up to %.0f s if the no-delay cases forecast at the "
                "--case-timeout limit finish under it after all: %d skewed case(s) of theirs "
                "would run (counted at the limit)",
                wall_high / jobs, skippable);
    if (costliest && worst >= 60)
        papsim_print_note("papsim run",
                "forecast: the costliest case, %s/%s np=%d %lldB%s%s, about %.0f s%s",
                costliest->c.collective, costliest->c.algorithm, costliest->c.np,
                costliest->c.bytes, skewed(costliest) ? " " : "",
                skewed(costliest) ? costliest->c.pattern : "", worst,
                case_timeout > 0 && worst >= case_timeout ? " (the --case-timeout limit)" : "");
    /* A sweep of a minute or more spending most of it in the eager scan:
     * a SimGrid without it (3.34 and later) runs it in about wall_newest. */
    if (wall / jobs >= 60 && scan >= 0.5 * wall)
        fprintf(stderr,
                "papsim run: hint: %.0f%% of this forecast (%.0f of %.0f s) is SimGrid 3.32's "
                "scan of its list of eager sends, which SimGrid 3.34 and later do not have: "
                "papsim built against SimGrid %s (scripts/build-simgrid.sh, cmake "
                "-DPAPSIM_SIMGRID_ROOT=PREFIX; docs/simgrid-versions.md) would take about "
                "%.0f s\n",
                100 * scan / wall, scan / jobs, wall / jobs, PAPSIM_SIMGRID_NEWEST,
                wall_newest / jobs);
    /* A sweep of a minute or more spending most of it in SMPI's MPI_Waitall
     * of skewed cases, with no case time limit: no SimGrid version helps,
     * the user's choice does. */
    if (case_timeout <= 0 && wall / jobs >= 60 && waitall_skewed >= 0.5 * wall)
        fprintf(stderr,
                "papsim run: hint: %.0f%% of this forecast (%.0f of %.0f s) is SMPI's "
                "MPI_Waitall in skewed cases of builtin:basic_linear (alltoall) or "
                "builtin:ompi_basic_linear (alltoallv), which wait for all their requests at "
                "once; no SimGrid version avoids it: --case-timeout bounds them (docs/running.md, "
                "Forecast)\n",
                100 * waitall_skewed / wall, waitall_skewed / jobs, wall / jobs);
    if (unchecked)
        papsim_print_note("papsim run", "%d of them timing-only: results not checked against the "
                        "reference (spec key check = yes checks them)",
                unchecked);
}

void papsim_simgrid_cost_model(const char *version, sweep_cost_model *m)
{
    const sweep_cost_model d = SWEEP_COST_MODEL_DEFAULT;
    long long eager = m->eager_thresh;
    *m = d;
    m->eager_thresh = eager;
    if (!papsim_simgrid_scans_eager_sends(version)) {
        m->scan = 0;
        m->msg = NO_SCAN_MSG_COST;
        m->waitall = NO_SCAN_WAITALL_COST;
    }
}
