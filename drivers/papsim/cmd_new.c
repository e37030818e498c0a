/* papsim new: the first file of a user's algorithm and its CMakeLists.txt. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "sweep/plugin_new.h"

static void new_usage(FILE *out)
{
    fputs("usage: papsim new COLLECTIVE NAME [--dir DIR]\n"
          "Writes DIR/COLLECTIVE_NAME.c (DIR: . by default), a user's algorithm for\n"
          "papsim: the header comment papsim's algorithms carry, the function\n"
          "user_COLLECTIVE_NAME with the collective's papsim signature (its body calls\n"
          "the MPI library's own collective until you write the algorithm) and its\n"
          "PAPSIM_PLUGIN_ALGORITHM declaration; and DIR/CMakeLists.txt, which builds it\n"
          "against the installed papsim into build/COLLECTIVE_NAME.smpi.so and .mpi.so.\n"
          "papsim names the algorithm user:NAME (papsim list --plugin FILE).\n"
          "An existing file is never overwritten.\n",
          out);
}

/* Creates path (never over an existing file) and writes it with fn. */
static int create(const char *path, FILE **f)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0)
        return papsim_cmd_bad_input("new", "%s: %s%s", path, strerror(errno),
                                    errno == EEXIST ? " (papsim new never overwrites a file)" : "");
    *f = fdopen(fd, "w");
    if (!*f) {
        close(fd);
        return papsim_cmd_failed("new", "%s: %s", path, strerror(errno));
    }
    return 0;
}

int papsim_cmd_new(int argc, char **argv)
{
    const char *pos[2] = {NULL, NULL}, *dir = ".";
    int npos = 0, rc;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            new_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--dir") && i + 1 < argc) {
            dir = argv[++i];
        } else if (argv[i][0] == '-' || npos == 2) {
            return papsim_cmd_bad_input("new", "unexpected argument '%s' (see papsim new --help)",
                                        argv[i]);
        } else {
            pos[npos++] = argv[i];
        }
    }
    if (npos != 2)
        return papsim_cmd_bad_input("new", "expected COLLECTIVE NAME (see papsim new --help)");

    char source[4096], cmake[4096], base[256], text[16384];
    papsim_err e = {{0}};
    FILE *mem = fmemopen(text, sizeof text, "w"), *f = NULL;
    if (!mem)
        return papsim_cmd_failed("new", "out of memory");
    rc = papsim_plugin_write_source(mem, pos[0], pos[1], &e);
    fclose(mem);
    if (rc != 0)
        return papsim_cmd_bad_input("new", "%s", e.msg);
    snprintf(base, sizeof base, "%s_%s", pos[0], pos[1]);
    if ((size_t)snprintf(source, sizeof source, "%s/%s.c", dir, base) >= sizeof source ||
        (size_t)snprintf(cmake, sizeof cmake, "%s/CMakeLists.txt", dir) >= sizeof cmake)
        return papsim_cmd_bad_input("new", "--dir: path too long");
    if ((rc = create(source, &f)) != 0)
        return rc;
    fputs(text, f);
    if (fclose(f) != 0)
        return papsim_cmd_failed("new", "%s: write error", source);
    printf("wrote %s\n", source);
    if (access(cmake, F_OK) == 0) {
        printf("kept %s: add papsim_add_algorithm(%s %s.c) to it\n", cmake, base, base);
        return 0;
    }
    if ((rc = create(cmake, &f)) != 0)
        return rc;
    papsim_plugin_write_cmake(f, base, strchr(source, '/') ? strrchr(source, '/') + 1 : source);
    if (fclose(f) != 0)
        return papsim_cmd_failed("new", "%s: write error", cmake);
    printf("wrote %s\n", cmake);
    return 0;
}
