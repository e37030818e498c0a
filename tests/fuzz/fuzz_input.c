/* Fuzz target: the bounded reader every input reader goes through
 * (lib/util/papsim_input.c), with small limits so that they are reached:
 * the first byte sets the line limit (1 to 256 bytes), the second the size
 * limit (16 to 4096 bytes), the rest is the file. The whole-file read and
 * the line-by-line read must agree: both accept the file or both refuse
 * it, and the lines read one by one are the file. */
#include "fuzz_file.h"
#include "util/papsim_input.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const papsim_input_limits lim = {"fuzz input", 16 * ((size_t)data[1] + 1),
                                     (size_t)data[0] + 1};
    char path[64];
    int fd = fuzz_file_open(data + 2, size - 2, path, sizeof path);
    papsim_err e = {{0}};
    char *text = NULL, *line;
    size_t len = 0, n, at = 0;
    int whole = papsim_input_read(path, &lim, &text, &len, &e);
    papsim_input in;
    int got = -1;
    if (papsim_input_open(&in, path, &lim, &e) == 0) {
        while ((got = papsim_input_getline(&in, &line, &n, &e)) == 1) {
            if (n > lim.max_line || n == 0 || (whole == 0 && memcmp(text + at, line, n) != 0))
                abort(); /* a line past its limit, or not the file's */
            at += n;
        }
        papsim_input_close(&in);
    }
    if ((whole == 0) != (got == 0) || (whole == 0 && (at != len || len > lim.max_bytes)))
        abort(); /* the two readers disagree */
    free(text);
    close(fd);
    return 0;
}
