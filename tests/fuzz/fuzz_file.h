/* Shared by papsim's fuzz targets: the readers take a file name, so each
 * input is handed over as an anonymous in-memory file (memfd) reached by
 * its /proc/self/fd path. Nothing touches the disk and every run starts
 * from a fresh file. */
#ifndef PAPSIM_FUZZ_FILE_H
#define PAPSIM_FUZZ_FILE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Writes data[0..size) to a new memfd and its path into path[0..cap).
 * Returns the descriptor (close it when done); a failure here is the
 * machine's, not the reader's, so it aborts. */
static inline int fuzz_file_open(const uint8_t *data, size_t size, char *path, size_t cap)
{
    int fd = memfd_create("papsim-fuzz", 0);
    size_t done = 0;
    if (fd < 0) {
        perror("memfd_create");
        abort();
    }
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) {
            perror("write");
            abort();
        }
        done += (size_t)n;
    }
    snprintf(path, cap, "/proc/self/fd/%d", fd);
    return fd;
}
#endif
