/* Writing gnuplot scripts so that no value taken from a results table (an
 * algorithm, platform or pattern name, a panel key) can run a command.
 *
 * gnuplot runs the text between backquotes as a shell command wherever it
 * reads a command line, also inside double-quoted strings, and expands
 * @macros there; only single-quoted strings are taken literally. So every
 * script writer builds its text with papsim_gp_printf: the format is the
 * script's own text, and the only way to put a string into it is %q, which
 * writes one single-quoted gnuplot string. There is deliberately no %s. */
#ifndef PAPSIM_GNUPLOT_TEXT_H
#define PAPSIM_GNUPLOT_TEXT_H

#include <stdarg.h>
#include <stdio.h>

/* Writes s as a gnuplot single-quoted string: a quote inside is doubled
 * (gnuplot's only escape there) and a newline or other control character
 * becomes '?', so the string cannot end the script line. NULL writes ''. */
void papsim_gp_put_string(FILE *f, const char *s);

/* printf for gnuplot script text. Conversions: %q (a const char *, written
 * by papsim_gp_put_string), %d %i %u %x %X with the l, ll or z length
 * modifiers, %f %e %g %E %G, each with flags, width and precision, and %%.
 * Anything else (%s among them) is a programming error: it stops the
 * program with a message rather than write an unchecked string. */
void papsim_gp_printf(FILE *f, const char *fmt, ...);

/* The same for the data files the scripts read (gnuplot runs nothing in
 * them, and takes no single quotes there): %q writes the text as one word,
 * a blank as '_' and a control character as '?', so a name stays in its
 * column and a comment on its line. Never for script text. */
void papsim_gp_data_printf(FILE *f, const char *fmt, ...);

#endif
