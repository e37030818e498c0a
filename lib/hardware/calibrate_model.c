/* The calibration model of papsim calibrate (calibrate_model.h): the
 * placement and the Hockney fits read from a measurement table, and the
 * numbers and platform XML written from them. */
#include "hardware/calibrate_model.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/csv.h"
#include "util/papsim_input.h"

int papsim_calib_count_placement(const char *path, papsim_calib_result *r, papsim_err *e)
{
    char *line, names[256][128];
    long counts[256] = {0};
    size_t nnames = 0, len;
    int got;
    papsim_input in;
    if (papsim_input_open(&in, path, &papsim_limits_table, e) != 0)
        return -1;
    while ((got = papsim_input_getline(&in, &line, &len, e)) == 1) {
        char name[128];
        int rank;
        if (sscanf(line, "# host %d %127s", &rank, name) != 2)
            continue;
        size_t i = 0;
        while (i < nnames && strcmp(names[i], name) != 0)
            i++;
        if (i == nnames && nnames < 256)
            snprintf(names[nnames++], sizeof names[0], "%s", name);
        if (i < 256 && ++counts[i] > r->max_ranks_per_host)
            r->max_ranks_per_host = counts[i];
    }
    papsim_input_close(&in);
    if (got < 0)
        return -1;
    r->hosts = (long)nnames;
    return 0;
}

int papsim_calib_fit_file(const char *path, const char *statistic, papsim_calib_result *r,
                          papsim_err *e)
{
    static const char *const kinds[2] = {"intra", "inter"};
    const char *const cols[3] = {"kind", "bytes", statistic};
    int idx[3], rc = -1;
    papsim_table t = {0};
    if (papsim_table_load(path, &t, e) != 0 || papsim_table_require(&t, cols, 3, idx, e) != 0)
        goto out;
    for (int k = 0; k < 2; k++) {
        double m[PAPSIM_CALIB_MAX_POINTS], s[PAPSIM_CALIB_MAX_POINTS];
        size_t n = 0;
        char what[4200];
        for (size_t i = 0; i < t.nrows; i++) {
            char **row = t.rows[i];
            if (strcmp(row[idx[0]], kinds[k]) != 0)
                continue;
            char *end1, *end2;
            if (n == PAPSIM_CALIB_MAX_POINTS) {
                papsim_fail(e, "%s:%ld: more than %d %s points", path, t.lines[i], PAPSIM_CALIB_MAX_POINTS,
                            kinds[k]);
                goto out;
            }
            m[n] = strtod(row[idx[1]], &end1);
            s[n] = strtod(row[idx[2]], &end2);
            if (*end1 || *end2 || end1 == row[idx[1]] || end2 == row[idx[2]]) {
                papsim_fail(e, "%s:%ld: bytes '%s' or %s '%s' is not a number", path,
                            t.lines[i], row[idx[1]], statistic, row[idx[2]]);
                goto out;
            }
            n++;
        }
        if (n == 0)
            continue;
        snprintf(what, sizeof what, "%s: %s", path, kinds[k]);
        if (papsim_hockney_fit_points(m, s, n, what, &r->fit[k], e) != 0)
            goto out;
        r->have[k] = 1;
    }
    if (!r->have[PAPSIM_CALIB_INTRA] && !r->have[PAPSIM_CALIB_INTER])
        papsim_fail(e, "%s: no intra or inter rows to fit", path);
    else
        rc = 0;
out:
    papsim_table_free(&t);
    return rc;
}

void papsim_calib_write_numbers(FILE *f, const papsim_calib_result *r, const char *source, const char *stat)
{
    static const char *const kinds[2] = {"intra", "inter"};
    fprintf(f, "# papsim calibrate: T(m) = alpha + beta m fitted to the %s one-way times of %s\n"
               "# (least squares on the relative error)\n",
            !strcmp(stat, "min_s") ? "min" : "median", source);
    for (int k = 0; k < 2; k++) {
        if (!r->have[k]) {
            fprintf(f, "%s = none (no rank on another node; the model uses intra)\n", kinds[k]);
            continue;
        }
        const papsim_hockney_fit *x = &r->fit[k];
        fprintf(f, "%s_alpha_s = %.6g\n%s_beta_s_per_byte = %.6g\n%s_bandwidth_Bps = %.6g\n"
                   "%s_points = %zu\n%s_max_relative_residual = %.3g\n%s_alpha_fixed = %s\n",
                kinds[k], x->alpha, kinds[k], x->beta, kinds[k], 1 / x->beta, kinds[k],
                x->npoints, kinds[k], x->max_residual, kinds[k], x->alpha_fixed ? "yes" : "no");
    }
}

void papsim_calib_write_platform(FILE *f, const papsim_calib_result *r, long nodes, long cores,
                                 const char *source)
{
    const papsim_hockney_fit *intra = &r->fit[r->have[PAPSIM_CALIB_INTRA] ? PAPSIM_CALIB_INTRA : PAPSIM_CALIB_INTER];
    const papsim_hockney_fit *inter = &r->fit[r->have[PAPSIM_CALIB_INTER] ? PAPSIM_CALIB_INTER : PAPSIM_CALIB_INTRA];
    fprintf(f,
        "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<!--\n"
        "  Written by papsim calibrate from %s.\n"
        "  A flat cluster of %ld hosts x %ld cores. Across hosts a message crosses the\n"
        "  sender's and the receiver's private link (SPLITDUPLEX, no backbone), each\n"
        "  with half the fitted inter-node alpha = %.6g s and bandwidth 1/beta = %.6g B/s.\n"
        "  On one host it crosses the loopback: intra-node alpha = %.6g s, 1/beta = %.6g B/s.%s\n"
        "  smpi/lat-factor and smpi/bw-factor are 0:1, so SMPI charges alpha + m beta as\n"
        "  fitted instead of scaling them with its own message-size factors, and\n"
        "  network/TCP-gamma is 0, so no TCP window caps the bandwidth at\n"
        "  gamma / (2 alpha) (with SimGrid's default 4 MiB window, a 6 ms alpha would\n"
        "  cap it at 350 MB/s). A one-way message costs alpha + (m + 16) beta (SMPI\n"
        "  adds a 16-byte envelope); a two-way exchange across hosts about 5%% more\n"
        "  (SimGrid loads the reverse path with 5%% of each flow: network/crosstraffic,\n"
        "  its model of TCP acknowledgements).\n"
        "-->\n"
        "<platform version=\"4.1\">\n"
        "  <config>\n"
        "    <prop id=\"smpi/lat-factor\" value=\"0:1\"/>\n"
        "    <prop id=\"smpi/bw-factor\" value=\"0:1\"/>\n"
        "    <prop id=\"network/TCP-gamma\" value=\"0\"/>\n"
        "  </config>\n"
        "  <zone id=\"world\" routing=\"Full\">\n"
        "    <cluster id=\"calibrated\" prefix=\"node-\" suffix=\"\" radical=\"0-%ld\" core=\"%ld\"\n"
        "             speed=\"1Gf\" bw=\"%.6gBps\" lat=\"%.6gs\" sharing_policy=\"SPLITDUPLEX\"\n"
        "             loopback_bw=\"%.6gBps\" loopback_lat=\"%.6gs\"/>\n"
        "  </zone>\n"
        "</platform>\n",
        source, nodes, cores, inter->alpha, 1 / inter->beta, intra->alpha, 1 / intra->beta,
        r->have[PAPSIM_CALIB_INTER] ? "" : "\n  No inter-node measurement: the inter-node figures are the intra-node ones.",
        nodes - 1, cores, 1 / inter->beta, inter->alpha / 2, 1 / intra->beta, intra->alpha);
}
