/* Fuzz target: the pattern-file reader (papsim_pattern_delays with a
 * file:PATH pattern, lib/cases/pattern.c). The first input byte picks
 * np (1..64) and whether the file is rescaled; the rest is the file. A file
 * that loads must give finite delays >= 0, and at most the skew when
 * rescaled. */
#include "fuzz_file.h"
#include "cases/pattern.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int np = 1 + (data[0] & 63), rescale = (data[0] & 64) != 0;
    double skew = 1e-3;
    char path[64], spec[80];
    int fd = fuzz_file_open(data + 1, size - 1, path, sizeof path);
    papsim_pattern p;
    papsim_err e = {0};
    double *delays = malloc((size_t)np * sizeof *delays);
    if (delays == NULL)
        abort();
    snprintf(spec, sizeof spec, "file:%s", path);
    if (papsim_pattern_parse(spec, &p, &e) != 0)
        abort(); /* a file: pattern with a plain path always parses */
    if (papsim_pattern_delays(&p, np, rescale ? skew : 0, 1, rescale, delays, &e) == 0)
        for (int i = 0; i < np; i++)
            if (!isfinite(delays[i]) || delays[i] < 0 || (rescale && delays[i] > skew))
                abort();
    free(delays);
    close(fd);
    return 0;
}
