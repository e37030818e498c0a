/* Fuzz target: the platform reader (papsim_platform_load,
 * lib/platform/platform*.c, libxml2 underneath). A platform that loads
 * must have hosts whose groups add up to them. */
#include "fuzz_file.h"
#include "platform/platform.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_file_open(data, size, path, sizeof path);
    papsim_platform p = {0};
    papsim_err e = {0};
    if (papsim_platform_load(path, &p, &e) == 0) {
        int sum = 0;
        for (int g = 0; g < p.ngroups; g++)
            sum += p.groups[g].count;
        if (p.nhosts < 1 || sum != p.nhosts || p.cores_per_host < 1)
            abort();
        for (int h = 0; h < p.nhosts; h++)
            if (p.hosts[h] == NULL)
                abort();
    }
    papsim_platform_free(&p);
    close(fd);
    return 0;
}
