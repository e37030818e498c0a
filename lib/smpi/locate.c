#include "smpi/locate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PAPSIM_BIN_TO_LIBEXEC
#define PAPSIM_BIN_TO_LIBEXEC "../libexec/papsim"
#endif
#ifndef PAPSIM_BIN_TO_DATA
#define PAPSIM_BIN_TO_DATA "../share/papsim"
#endif
#ifndef PAPSIM_DEFAULT_SMPIRUN
#define PAPSIM_DEFAULT_SMPIRUN "smpirun"
#endif

void papsim_self_dir(char *buf, size_t len)
{
    ssize_t n = len > 1 ? readlink("/proc/self/exe", buf, len - 1) : -1;
    if (n <= 0 || (size_t)n >= len - 1) {
        snprintf(buf, len, ".");
        return;
    }
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash == buf)
        buf[1] = '\0';
    else if (slash)
        *slash = '\0';
    else
        snprintf(buf, len, ".");
}

static int from_env(const char *name, char *buf, size_t len)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    snprintf(buf, len, "%s", v);
    return 1;
}

/* buf = SELF/rel/name; 1 if that file exists. */
static int beside_self(const char *rel, const char *name, char *buf, size_t len)
{
    char self[4096];
    papsim_self_dir(self, sizeof self);
    if (rel && *rel)
        snprintf(buf, len, "%s/%s/%s", self, rel, name);
    else
        snprintf(buf, len, "%s/%s", self, name);
    char real[4096];
    if (access(buf, F_OK) != 0)
        return 0;
    if (realpath(buf, real) && strlen(real) < len) /* without "bin/.." */
        memcpy(buf, real, strlen(real) + 1);
    return 1;
}

/* An SMPI driver: $env, else beside papsim (build tree), else libexec/papsim. */
static void locate_smpi_driver(const char *env, const char *name, char *buf, size_t len)
{
    if (!from_env(env, buf, len) && !beside_self(NULL, name, buf, len))
        beside_self(PAPSIM_BIN_TO_LIBEXEC, name, buf, len);
}

/* A real-MPI driver: $env, else beside papsim. */
static void locate_mpi_driver(const char *env, const char *name, char *buf, size_t len)
{
    if (!from_env(env, buf, len))
        beside_self(NULL, name, buf, len);
}

void papsim_locate_papbench(char *buf, size_t len)
{
    locate_smpi_driver("PAPSIM_PAPBENCH", "papbench", buf, len);
}

void papsim_locate_papbench_mpi(char *buf, size_t len)
{
    locate_mpi_driver("PAPBENCH_MPI", "papbench-mpi", buf, len);
}

void papsim_locate_papbench_mpich(char *buf, size_t len)
{
    locate_mpi_driver("PAPBENCH_MPICH", "papbench-mpich", buf, len);
}

void papsim_locate_papcheck(char *buf, size_t len)
{
    locate_smpi_driver("PAPSIM_PAPCHECK", "papcheck", buf, len);
}

void papsim_locate_papcheck_mpi(char *buf, size_t len)
{
    locate_mpi_driver("PAPCHECK_MPI", "papcheck-mpi", buf, len);
}

void papsim_locate_smpirun(char *buf, size_t len)
{
    if (from_env("PAPSIM_SMPIRUN", buf, len))
        return;
    snprintf(buf, len, "%s", access(PAPSIM_DEFAULT_SMPIRUN, X_OK) == 0 ? PAPSIM_DEFAULT_SMPIRUN
                                                                       : "smpirun");
}

/* buf = SELF/rel, normalised; 1 if it holds a platforms directory. */
static int data_candidate(const char *rel, char *buf, size_t len)
{
    char self[4096], probe[8300], real[4096];
    papsim_self_dir(self, sizeof self);
    snprintf(buf, len, "%s/%s", self, rel);
    snprintf(probe, sizeof probe, "%s/platforms", buf);
    if (access(probe, F_OK) != 0)
        return 0;
    if (realpath(buf, real) && strlen(real) < len)
        memcpy(buf, real, strlen(real) + 1);
    return 1;
}

int papsim_locate_data_dir(char *buf, size_t len)
{
    if (from_env("PAPSIM_DATA_DIR", buf, len) || data_candidate("share/papsim", buf, len) ||
        data_candidate(PAPSIM_BIN_TO_DATA, buf, len))
        return 0;
    return -1;
}

int papsim_locate_named(const char *name, const char *subdir, const char *ext, char *path,
                        size_t len)
{
    char data[4096], found[8400];
    if (access(path, F_OK) == 0 || !*name || strchr(name, '/') || !strcmp(name, "default") ||
        papsim_locate_data_dir(data, sizeof data) != 0)
        return 0;
    for (int with_ext = 0; with_ext < 2; with_ext++) {
        snprintf(found, sizeof found, "%s/%s/%s%s", data, subdir, name, with_ext ? ext : "");
        if (access(found, R_OK) == 0 && strlen(found) < len) {
            memcpy(path, found, strlen(found) + 1);
            return 1;
        }
    }
    return 0;
}
