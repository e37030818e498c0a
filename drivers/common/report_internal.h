/* Private to report*.c: the sorted per-row record, the panel filling step and
 * helpers the best-algorithm study shares. Not part of the public interface. */
#ifndef PAPSIM_REPORT_INTERNAL_H
#define PAPSIM_REPORT_INTERNAL_H

#include "report.h"

typedef struct {
    const char *key[PAPSIM_PK_COUNT];
    const char *pattern;
    const char *algorithm;
    long long bytes;
    int no_delay; /* pattern is no_delay: shared by every skew of the study */
    int ok;
    int missed;   /* status missed_start (real MPI), for --spread's counts */
    double value; /* the metric in seconds; NAN unless ok */
} papsim_report_record;

/* Index of name in r->algorithms (sorted); name must be there. */
size_t papsim_report_algorithm_index(const papsim_report *r, const char *name);

/* Fills the zeroed panel p from the study's no_delay records nd[0..nnd) and
 * the patterned records of one skew pat[0..npat); both runs are sorted by
 * pattern, size, algorithm, ok first, value. Either run may be empty. */
int papsim_report_fill_panel(const papsim_report *r, papsim_panel *p,
                             const papsim_report_record *nd, size_t nnd,
                             const papsim_report_record *pat, size_t npat, papsim_err *e);

/* Gives every panel a unique, file-system-safe file_stem made of its keys. */
int papsim_report_assign_file_stems(papsim_report *r, papsim_err *e);

/* Shared with report_best*.c. */

/* Total order for key text: numbers by value first, then text by strcmp. */
int papsim_report_compare_natural(const char *a, const char *b);

/* Skews by size: absolute, then relative kinds by factor, then other text. */
int papsim_report_compare_skew(const char *a, const char *b);

/* qsort comparator for an array of C strings. */
int papsim_report_compare_strings(const void *a, const void *b);

/* A results.csv byte count (digits only) and a non-negative finite time in
 * seconds; 0 on success, -1 on anything else. */
int papsim_report_parse_bytes(const char *s, long long *out);
int papsim_report_parse_seconds(const char *s, double *out);

/* A metric column for captions: "last_delay_s" gives "last_delay". */
void papsim_report_metric_label(const char *column, char *out, size_t len);


/* gnuplot single-quoted string, control characters as '?' (papsim_gp_put_string;
 * script writers use papsim_gp_printf's %q, gnuplot_text.h). */
void papsim_report_put_single_quoted(FILE *f, const char *s);


/* The platform's file name without directory and ".xml", for file names. */
void papsim_report_platform_short_name(const char *platform, char *buf, size_t len);

/* One Markdown table cell "| text ", a '|' inside escaped. */
void papsim_report_md_cell(FILE *f, const char *s);

/* Appends "_PREFIXvalue" to buf, everything but [A-Za-z0-9.-] turned into '_'. */
void papsim_report_append_sanitised(char *buf, size_t len, const char *prefix,
                                    const char *value);

#endif
