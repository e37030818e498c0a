/* The text side of a Clairvoyant reduce schedule (algorithms/schedule/
 * clairvoyant.h): arrival times from a short description, and the views
 * papsim schedule prints. */
#ifndef PAPSIM_SCHEDULE_VIEW_H
#define PAPSIM_SCHEDULE_VIEW_H

#include <stdio.h>

#include "schedule/clairvoyant.h"
#include "util/papsim_error.h"

/* Fills a[0..np) from an --arrivals text: uniform (or NULL),
 * one-late:RANK:DELAY, random:SEED:MAX, pattern:SHAPE:SKEW or file:PATH.
 * Returns 0, or -1 with a message naming the text in e. */
int papsim_clv_arrivals_read(const char *spec, int np, double *a, papsim_err *e);

/* FNV-1a over the round numbers and the transfers: equal schedules give
 * equal digests (to compare generators and options from the shell). */
unsigned long long papsim_clv_digest(const papsim_clv_schedule *s);

/* By round: "round R: SRC->DST:sSEG[*] ..." (* = a copy, not a combine). */
void papsim_clv_print_rounds(const papsim_clv_schedule *s, FILE *f);

/* Table 2 of Marendic et al. 2016: per rank an I row (peer, segment
 * received) and an O row (peer, segment sent) by busy round; "-" =
 * nothing. -1 (e) when the table would be too large or out of memory. */
int papsim_clv_print_table(const papsim_clv_schedule *s, FILE *f, papsim_err *e);

/* Per rank, its steps in round order (the executor's view), all ranks in
 * one pass. -1 (e) when out of memory. */
int papsim_clv_print_ranks(const papsim_clv_schedule *s, FILE *f, papsim_err *e);

#endif
