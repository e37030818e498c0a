/* Names and cells every report writes: file-system-safe file stems and
 * Markdown table cells. */
#ifndef PAPSIM_REPORT_NAMES_H
#define PAPSIM_REPORT_NAMES_H

#include <stddef.h>
#include <stdio.h>

/* The platform's file name without directory and ".xml", for file names. */
void papsim_report_platform_short_name(const char *platform, char *buf, size_t len);

/* Appends "_PREFIXvalue" to buf, everything but [A-Za-z0-9.-] turned into '_'. */
void papsim_report_append_sanitised(char *buf, size_t len, const char *prefix,
                                    const char *value);

/* Writes base into stem, or "base_2", "base_3"... while taken(ctx, stem) says
 * an earlier file already has that name, so no file overwrites another. */
void papsim_report_unique_stem(const char *base, char *stem, size_t len,
                               int (*taken)(const void *ctx, const char *stem),
                               const void *ctx);

/* One Markdown table cell "| text ", a '|' inside escaped. */
void papsim_report_md_cell(FILE *f, const char *s);

#endif
