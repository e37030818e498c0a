/* Fuzz target: the sweep spec reader (lib/cases/spec.c). Any input
 * must give a spec or an error, without a crash, a leak or undefined
 * behaviour; a loaded spec is walked once so its contents are read. */
#include "fuzz_file.h"
#include "cases/spec.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_file_open(data, size, path, sizeof path);
    papsim_spec spec = {0};
    papsim_err e = {0};
    if (papsim_spec_load(path, &spec, &e) == 0) {
        size_t chars = 0;
        for (int b = 0; b < spec.nblocks; b++)
            for (int i = 0; i < spec.blocks[b].nentries; i++) {
                const papsim_spec_entry *en = &spec.blocks[b].entries[i];
                if (papsim_spec_find(&spec.blocks[b], en->key) == NULL)
                    abort(); /* every key read must be found again */
                for (int v = 0; v < en->nvalues; v++)
                    chars += strlen(en->values[v].text);
            }
        (void)chars;
    }
    papsim_spec_free(&spec);
    close(fd);
    return 0;
}
