/* Fuzz target: the reader of DIR/failed.csv (sweep_failed_load,
 * lib/sweep/sweep_failed.c, over the table loader of csv.c), followed by
 * what a resumed run does next: look up each row's case and count the
 * cases by cause into a line (a small buffer, so the truncation path is
 * taken too). A file that loads has a cause for every row's case, and no
 * field with a control character or the separator. */
#include "fuzz_file.h"
#include "sweep/sweep_failed.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], line[48];
    int fd = fuzz_file_open(data, size, path, sizeof path);
    sweep_failed_index x;
    papsim_err e = {0};
    if (sweep_failed_load(path, &x, &e) == 0 && x.t.nrows > 0) {
        const char **ids = malloc(x.t.nrows * sizeof *ids);
        if (!ids)
            abort();
        for (size_t r = 0; r < x.t.nrows; r++) {
            ids[r] = x.t.rows[r][0];
            if (!sweep_failed_cause(&x, ids[r]))
                abort(); /* every row's case has a cause */
            for (int c = 0; c < x.t.ncols; c++)
                for (const unsigned char *q = (const unsigned char *)x.t.rows[r][c]; *q; q++)
                    if (*q < 0x20 || *q == 0x7f || *q == ',')
                        abort();
        }
        if (sweep_failed_summarize(&x, ids, (int)x.t.nrows, line, sizeof line) !=
            (int)x.t.nrows)
            abort(); /* every id has a row */
        if (strlen(line) >= sizeof line)
            abort();
        free(ids);
    }
    sweep_failed_free(&x);
    close(fd);
    return 0;
}
