/* The text of `papsim compare`: one block per cell, then the summary. */
#include <math.h>
#include <stdio.h>

#include "hardware/compare.h"
#include "report/report.h"

static void format_tau(double tau, char *buf, size_t len)
{
    if (isnan(tau))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.3f", tau);
}

/* "1.2 ms [1.1 ms..1.5 ms] n=10", "+2 missed" when rows were not ok, or "-". */
static void format_stat(const papsim_compare_stat *s, char *buf, size_t len)
{
    char med[32], lo[32], hi[32];
    if (s->n == 0) {
        snprintf(buf, len, s->other ? "- (%zu not ok)" : "-", s->other);
        return;
    }
    papsim_format_seconds(s->median, med, sizeof med);
    papsim_format_seconds(s->min, lo, sizeof lo);
    papsim_format_seconds(s->max, hi, sizeof hi);
    int used = snprintf(buf, len, "%s [%s..%s] n=%zu", med, lo, hi, s->n);
    if (s->other && used > 0 && (size_t)used < len)
        snprintf(buf + used, len - (size_t)used, " +%zu not ok", s->other);
}

static const char *winner_name(const papsim_compare_cell *c, int side)
{
    return c->winner[side] >= 0 ? c->entries[c->winner[side]].algorithm : "-";
}

static void write_cell(const papsim_compare_cell *c, FILE *f)
{
    char sim[160], real[160], tau[16];
    fprintf(f, "%s\n  %-22s %-42s %-42s %s\n", c->key, "algorithm", "sim median [min..max] n",
            "real median [min..max] n", "real/sim");
    for (size_t k = 0; k < c->nentries; k++) {
        const papsim_compare_entry *en = &c->entries[k];
        format_stat(&en->side[PAPSIM_SIDE_SIM], sim, sizeof sim);
        format_stat(&en->side[PAPSIM_SIDE_REAL], real, sizeof real);
        fprintf(f, "  %-22s %-42s %-42s ", en->algorithm, sim, real);
        if (en->side[0].n && en->side[1].n && en->side[0].median > 0)
            fprintf(f, "%.2f\n", en->side[1].median / en->side[0].median);
        else
            fprintf(f, "-\n");
    }
    format_tau(c->tau, tau, sizeof tau);
    fprintf(f, "  winner: sim %s, real %s (%s); kendall tau-b %s over %zu algorithms "
               "(C %ld, D %ld, ties sim %ld, real %ld)\n\n",
            winner_name(c, PAPSIM_SIDE_SIM), winner_name(c, PAPSIM_SIDE_REAL),
            c->winner[0] < 0 ? "no common algorithm"
            : c->winner[0] == c->winner[1] ? "same" : "different",
            tau, c->ncommon, c->counts.concordant, c->counts.discordant, c->counts.ties_sim,
            c->counts.ties_real);
}

int papsim_compare_write_text(const papsim_compare *c, FILE *f)
{
    char tau[16], mean[16];
    fprintf(f, "papsim compare: %s (sim) against %s (real), metric %s: median over the ok "
               "repetitions [min..max] n\n\n", c->sim_path, c->real_path, c->metric);
    for (size_t i = 0; i < c->ncells; i++)
        write_cell(&c->cells[i], f);
    format_tau(c->tau, tau, sizeof tau);
    format_tau(c->mean_tau, mean, sizeof mean);
    fprintf(f, "summary: %zu cells, %zu with an algorithm on both sides; same winner in %zu of "
               "%zu\n"
               "kendall tau-b over all cells (pairs within a cell, pooled): %s (C %ld, D %ld, "
               "ties sim %ld, real %ld, pairs %ld); mean of %zu per-cell taus: %s\n",
            c->ncells, c->cells_with_winner, c->same_winner, c->cells_with_winner, tau,
            c->total.concordant, c->total.discordant, c->total.ties_sim, c->total.ties_real,
            c->total.pairs, c->cells_with_tau, mean);
    return ferror(f) ? -1 : 0;
}
